// The embedded database is a directory of files that only one process may open at a time.
// A lock file with the owner's pid stops a second server or the CLI from opening it concurrently.
import fs from 'node:fs';
import path from 'node:path';

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

export class DataDirLockedError extends Error {
  constructor(
    readonly lockFile: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${path.dirname(lockFile)} is in use by process ${pid}. ` +
        'Stop that process first (the embedded database allows one process at a time), or use PostgreSQL via DATABASE_URL.',
    );
  }
}

/** Takes the lock or throws DataDirLockedError; returns the release function. */
export function lockDataDir(dbDir: string): () => void {
  fs.mkdirSync(dbDir, { recursive: true });
  const lockFile = path.join(dbDir, '..', 'db.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => {
        try {
          if (fs.readFileSync(lockFile, 'utf8') === String(process.pid)) fs.unlinkSync(lockFile);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(fs.readFileSync(lockFile, 'utf8'));
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid))
        throw new DataDirLockedError(lockFile, pid);
      fs.unlinkSync(lockFile); // left behind by a process that died
    }
  }
  throw new Error(`could not lock ${lockFile}`);
}
