// The start-up clean of DATA_DIR/tmp on a real folder: leftovers of dead or earlier processes go, folders of
// processes still running stay, another host's folder only once it is old.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOREIGN_TEMP_MAX_AGE_MS, cleanTempLeftovers, processTempDir, tempRoot } from './temp-dir.ts';

let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-temp-dir-'));
});
afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

async function leave(dir: string, ageMs = 0) {
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, 'upload'), 'partial clip');
  const at = new Date(Date.now() - ageMs);
  await fs.utimes(dir, at, at);
}

describe('cleanTempLeftovers', () => {
  it('removes our own and dead processes’ folders, keeps running ones and young foreign ones', async () => {
    const running = new Set([200, 300]);
    await leave(processTempDir(dataDir, 100, 'cam-host')); // this process (pid reused): leftover
    await leave(processTempDir(dataDir, 200, 'cam-host')); // running worker beside us: kept
    await leave(processTempDir(dataDir, 999, 'cam-host')); // a crashed process: leftover
    await leave(processTempDir(dataDir, 300, 'other-host')); // another host, recent: kept
    await leave(processTempDir(dataDir, 301, 'other-host'), FOREIGN_TEMP_MAX_AGE_MS + 60_000); // old: leftover
    const removed = await cleanTempLeftovers(dataDir, {
      pid: 100,
      host: 'cam-host',
      isRunning: (pid) => running.has(pid),
    });
    expect(removed.sort()).toEqual(['cam-host-100', 'cam-host-999', 'other-host-301']);
    expect((await fs.readdir(tempRoot(dataDir))).sort()).toEqual(['cam-host-200', 'other-host-300']);
  });

  it('is fine without a tmp folder', async () => {
    expect(await cleanTempLeftovers(path.join(dataDir, 'none'))).toEqual([]);
  });
});
