// Streaming a body to disk: the file holds exactly the bytes with their SHA-256; beyond the limit, or when
// the body breaks off, the caller gets the error and no file is left.
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesUnder, uniqueDataDir } from './ingest-test-kit.ts';
import { receiveToFile } from './upload-to-file.ts';

let dir: string;
beforeAll(async () => {
  dir = await uniqueDataDir('upload-to-file');
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

const chunks = (count: number, size: number) =>
  Array.from({ length: count }, (_, i) => Buffer.alloc(size, i % 251));
const tooLarge = () => Object.assign(new Error('too large'), { status: 413 });

describe('receiveToFile', () => {
  it('writes the body to a file and hashes it on the way', async () => {
    const parts = chunks(40, 64 * 1024);
    const whole = Buffer.concat(parts);
    const upload = await receiveToFile(Readable.from(parts), { dir, limit: whole.length, tooLarge });
    expect(upload.bytes).toBe(whole.length);
    expect(upload.sha256).toBe(createHash('sha256').update(whole).digest('hex'));
    expect((await fs.readFile(upload.path)).equals(whole)).toBe(true);
    await fs.rm(upload.path);
  });

  it('refuses a body beyond the limit, drains the rest and leaves no file', async () => {
    const body = Readable.from(chunks(10, 1024));
    await expect(receiveToFile(body, { dir, limit: 5 * 1024, tooLarge })).rejects.toThrow('too large');
    // The rest is read and dropped (as Fastify does), so the answer can still be sent on the connection.
    await expect.poll(() => body.readableEnded).toBe(true);
    expect(await filesUnder(dir)).toEqual([]);
  });

  it('leaves no file when the body breaks off before its end', async () => {
    const body = new PassThrough();
    const receiving = receiveToFile(body, { dir, limit: 1024 * 1024, tooLarge });
    body.write(Buffer.alloc(4096));
    await expect.poll(() => filesUnder(dir)).toHaveLength(1);
    body.destroy();
    await expect(receiving).rejects.toThrow(/cut off/);
    expect(await filesUnder(dir)).toEqual([]);
  });
});
