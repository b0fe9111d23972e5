// The real server as a child process on an embedded data dir, for tests that kill it (kill -9) and start
// it again. prepare() fills the database before the first start (the server holds it while it runs).
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase, type Db } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export async function prepareEmbedded<T>(dataDir: string, fill: (db: Db) => Promise<T>): Promise<T> {
  const db = openDatabase({ kind: 'embedded', dir: path.join(dataDir, 'db') });
  try {
    await migrateToLatest(db);
    return await fill(db);
  } finally {
    await db.destroy();
  }
}

export interface ServerChild {
  url: string;
  child: ChildProcess;
  /** SIGKILL: no graceful shutdown, requests cut mid-way. */
  kill(): Promise<void>;
  /** SIGTERM and wait. */
  stop(): Promise<void>;
}

export async function startServerProcess(
  dataDir: string,
  port: number,
  env: Record<string, string> = {},
): Promise<ServerChild> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts', 'all'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: '0',
      SIMULATED_CAMERAS: '0',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/settings/env`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not start within 60 s');
    await new Promise((r) => setTimeout(r, 50));
  }
  const end = (signal: NodeJS.Signals) => async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    await exited;
  };
  return { url, child, kill: end('SIGKILL'), stop: end('SIGTERM') };
}

/** A port free at the time of asking. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
