// Where the server's temporary files live: under DATA_DIR/tmp, one folder per process (host and pid), never
// in the system temp dir. A crash leaves its files where the next start finds and removes them; processes
// sharing a DATA_DIR (api and worker roles) never remove each other's files while they run.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** Another host's folder is removed only once this old: it may belong to a server running there. */
export const FOREIGN_TEMP_MAX_AGE_MS = 24 * 3_600_000;

const hostLabel = (host: string) => host.replace(/[^A-Za-z0-9.-]/g, '_').slice(0, 64) || 'host';

export const tempRoot = (dataDir: string) => path.join(dataDir, 'tmp');

/** This process's temporary folder (created by whoever first writes there). */
export function processTempDir(dataDir: string, pid = process.pid, host = os.hostname()): string {
  return path.join(tempRoot(dataDir), `${hostLabel(host)}-${pid}`);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface CleanOptions {
  pid?: number;
  host?: string;
  isRunning?: (pid: number) => boolean;
  now?: number;
}

/**
 * At start: removes what earlier runs left under DATA_DIR/tmp — this process's own folder (a pid reused after
 * a restart), folders of this host's processes that no longer run, and anything older than a day. Answers
 * the names removed.
 */
export async function cleanTempLeftovers(dataDir: string, options: CleanOptions = {}): Promise<string[]> {
  const pid = options.pid ?? process.pid;
  const host = hostLabel(options.host ?? os.hostname());
  const running = options.isRunning ?? isRunning;
  const now = options.now ?? Date.now();
  const root = tempRoot(dataDir);
  let names: string[];
  try {
    names = await fs.readdir(root);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const removed: string[] = [];
  for (const name of names) {
    const match = /^(.+)-(\d+)$/.exec(name);
    const isOurHost = match?.[1] === host;
    const owner = Number(match?.[2]);
    let isLeftover = isOurHost && (owner === pid || !running(owner));
    if (!isLeftover) {
      const stat = await fs.stat(path.join(root, name)).catch(() => null);
      isLeftover = stat !== null && now - stat.mtimeMs > FOREIGN_TEMP_MAX_AGE_MS;
    }
    if (!isLeftover) continue;
    await fs.rm(path.join(root, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}
