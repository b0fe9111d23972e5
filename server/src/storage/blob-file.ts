// A stored blob as a temporary local file for the length of a callback: ffmpeg needs a seekable file (an MP4
// whose index sits at the end cannot be read from a pipe). The file is removed afterwards, whatever happens.
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { BlobStore } from './blob-store.ts';

export async function withBlobFile<T>(
  blobs: BlobStore,
  key: string,
  use: (file: string) => Promise<T>,
  name = 'clip.mp4',
): Promise<T> {
  const read = await blobs.get(key);
  if (!read) throw new Error(`blob ${key} is missing`);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-blob-'));
  try {
    const file = path.join(dir, name);
    await pipeline(read.body, createWriteStream(file));
    return await use(file);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
