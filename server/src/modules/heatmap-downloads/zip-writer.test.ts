// The ZIP writer: what it writes reads back entry by entry (names in UTF-8, stored and deflated data intact), the
// size it reports is the file's, and a name given twice is refused.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeZip, type ZipEntry } from './zip-writer.ts';

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-zip-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('writeZip', () => {
  it('writes entries handed over one at a time, read back as they were given', async () => {
    const image = randomBytes(300_000);
    const text = new TextEncoder().encode('2026-10-01: nothing analysed\n'.repeat(50));
    async function* entries(): AsyncGenerator<ZipEntry> {
      yield { name: '玄関_cam-1_2026-10-01.png', data: image, compress: false };
      yield { name: 'README.txt', data: text, compress: true };
    }
    const file = path.join(dir, 'a.zip');
    const written = await writeZip(file, entries(), { modified: new Date(2026, 9, 1, 12) });
    const bytes = await fs.readFile(file);
    expect(written).toEqual({ bytes: bytes.length, entries: 2 });
    // The repeated text is deflated: the file is smaller than its contents.
    expect(bytes.length).toBeLessThan(image.length + text.length);
    const read = unzipSync(bytes);
    expect(Object.keys(read)).toEqual(['玄関_cam-1_2026-10-01.png', 'README.txt']);
    expect(Buffer.from(read['玄関_cam-1_2026-10-01.png']!).equals(image)).toBe(true);
    expect(new TextDecoder().decode(read['README.txt'])).toBe(new TextDecoder().decode(text));
  });

  it('writes an empty archive when there is nothing to put in it', async () => {
    const file = path.join(dir, 'empty.zip');
    expect(await writeZip(file, [])).toEqual({ bytes: 22, entries: 0 });
    expect(unzipSync(await fs.readFile(file))).toEqual({});
  });

  it('refuses two entries of one name', async () => {
    const entry = { name: 'a.png', data: new Uint8Array([1]), compress: false };
    await expect(writeZip(path.join(dir, 'twice.zip'), [entry, entry])).rejects.toThrow(/two ZIP entries/);
  });

  it('fails when the file cannot be written', async () => {
    await expect(writeZip(path.join(dir, 'missing', 'x.zip'), [])).rejects.toThrow(/ENOENT/);
  });
});
