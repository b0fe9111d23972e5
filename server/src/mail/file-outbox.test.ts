// The mail outbox as files (issue 17 point 10): without SMTP_URL each mail is also an .eml under
// DATA_DIR/mail-outbox, so a reissue link can be followed while the server holds the embedded database.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTenant, createTestApp, type TestApp } from '../../test/helpers/test-app.ts';
import { readMailFiles, writeMailFile } from './file-outbox.ts';

let dataDir: string;
let t: TestApp;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-mail-files-'));
  t = await createTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await t.app.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('mail outbox files', () => {
  it('keeps a mail as an .eml file and reads it back, newest first, Japanese and line breaks intact', async () => {
    const dir = path.join(dataDir, 'unit');
    await writeMailFile(dir, {
      id: 7,
      to: 'a@example.com',
      subject: 'パスワード再設定\r\nBcc: evil@example.com',
      body: '1行目\n2行目',
      date: new Date('2026-11-25T17:44:00Z'),
    });
    await writeMailFile(dir, {
      id: 8,
      to: 'b@example.com',
      subject: 'second',
      body: 'x',
      date: new Date('2026-11-25T17:45:00Z'),
    });
    const mails = await readMailFiles(dir, 10);
    expect(mails.map((m) => m.id)).toEqual([8, 7]);
    // A line break in a header cannot add a header.
    expect(mails[1]).toEqual({
      id: 7,
      to: 'a@example.com',
      subject: 'パスワード再設定 Bcc: evil@example.com',
      body: '1行目\n2行目',
      date: new Date('2026-11-25T17:44:00Z'),
    });
    expect(await readMailFiles(dir, 1)).toHaveLength(1);
    expect(await readMailFiles(path.join(dataDir, 'none'), 5)).toEqual([]);
    const [name] = await fs.readdir(dir);
    expect((await fs.stat(path.join(dir, name!))).mode & 0o777).toBe(0o600);
  });

  it('without SMTP_URL a reissue mail lands in DATA_DIR/mail-outbox, and its link works', async () => {
    const { user } = await createTenant(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/password/reset_request',
      headers: { host: 'localhost:8080' },
      payload: { email: user.email, return_url: 'http://localhost:8080/password_reissue' },
    });
    expect(res.statusCode).toBe(200);
    const mail = await vi.waitFor(
      async () => {
        const found = (await readMailFiles(path.join(dataDir, 'mail-outbox'), 50)).find(
          (m) => m.to === user.email,
        );
        if (!found) throw new Error('not yet');
        return found;
      },
      { timeout: 10_000, interval: 50 },
    );
    const token = /password_reissue\?token=([0-9a-f]{64})/.exec(mail.body)?.[1];
    expect(token).toBeDefined();
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/password/reset',
      payload: { token, password: 'from-the-file-1' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
  });
});
