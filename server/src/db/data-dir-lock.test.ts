// Only one process may open the embedded database directory.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';

const tempDbDir = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cw-lock-')), 'db');

describe('lockDataDir', () => {
  it('refuses a second holder while a live process holds the lock, naming it', async () => {
    const dir = tempDbDir();
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, '..', 'db.lock'), String(holder.pid));
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(`in use by process ${holder.pid}`);
    } finally {
      holder.kill();
    }
  });

  it('takes over a lock left by a process that died, and releases it', () => {
    const dir = tempDbDir();
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, '..', 'db.lock'), '999999999');
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, '..', 'db.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, '..', 'db.lock'))).toBe(false);
  });
});
