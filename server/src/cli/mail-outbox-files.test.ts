// `npm run cli -- mail outbox` while the server holds the embedded database (issue 17 point 10): the real CLI
// process meets the data dir's lock and reads the mail the server kept as files instead of failing.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeMailFile } from '../mail/file-outbox.ts';

const run = promisify(execFile);
const serverDir = fileURLToPath(new URL('../..', import.meta.url));
let dataDir: string;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-cli-outbox-'));
  // This test's process stands in for a running server: a live pid holds the embedded database.
  await fs.writeFile(path.join(dataDir, 'db.lock'), String(process.pid));
  await writeMailFile(path.join(dataDir, 'mail-outbox'), {
    id: 3,
    to: 'demo@example.com',
    subject: 'パスワード再設定のご案内',
    body: 'http://localhost:8080/password_reissue?token=abc',
    date: new Date('2026-11-25T17:44:00Z'),
  });
});
afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

const cli = (...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], {
    cwd: serverDir,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: '' },
  });

describe('cli mail outbox while the database is locked', () => {
  it('prints the kept mail files, newest first', async () => {
    const { stdout } = await cli('mail', 'outbox', '--limit', '5');
    const rows = stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(rows).toEqual([
      expect.objectContaining({
        id: 3,
        to: 'demo@example.com',
        subject: 'パスワード再設定のご案内',
        body: 'http://localhost:8080/password_reissue?token=abc',
      }),
    ]);
  });

  it('other commands still say that the database is in use (exit 2)', async () => {
    const failed = await cli('customer', 'list').catch((error: { code: number; stderr: string }) => error);
    expect(failed).toMatchObject({ code: 2 });
    expect((failed as { stderr: string }).stderr).toMatch(/in use by process/);
  });
});
