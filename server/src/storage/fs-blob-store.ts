// Blob store on the local filesystem: DATA_DIR/blobs/<key>. Writes go to a temporary file that is
// fsynced and renamed into place, so a reader or a crash never sees half a file.
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { assertSafeKey } from './blob-keys.ts';
import {
  RangeNotSatisfiableError,
  type BlobInfo,
  type BlobRead,
  type BlobStore,
  type ByteRange,
} from './blob-store.ts';

const TYPES: Record<string, string> = {
  '.mp4': 'video/mp4',
  '.jpg': 'image/jpeg',
  '.m4s': 'video/iso.segment',
  '.ts': 'video/mp2t',
  '.zip': 'application/zip',
};

export class FsBlobStore implements BlobStore {
  readonly kind = 'fs' as const;

  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  private async writeAtomically(key: string, write: (tmp: string) => Promise<void>): Promise<void> {
    const target = this.pathOf(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    const tmp = `${target}.${randomUUID()}.tmp`;
    try {
      await write(tmp);
      const handle = await fs.open(tmp, 'r');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.rename(tmp, target);
    } catch (error) {
      await fs.rm(tmp, { force: true });
      throw error;
    }
  }

  async put(key: string, data: Buffer): Promise<void> {
    await this.writeAtomically(key, (tmp) => fs.writeFile(tmp, data));
  }

  async putFile(key: string, filePath: string): Promise<void> {
    await this.writeAtomically(key, (tmp) => fs.copyFile(filePath, tmp));
  }

  async head(key: string): Promise<BlobInfo | null> {
    try {
      const stat = await fs.stat(this.pathOf(key));
      return { size: stat.size, contentType: TYPES[path.extname(key)] ?? 'application/octet-stream' };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async get(key: string, range?: ByteRange): Promise<BlobRead | null> {
    const info = await this.head(key);
    if (!info) return null;
    if (range && (range.start > range.end || range.start >= info.size))
      throw new RangeNotSatisfiableError(info.size);
    const served = range ? { start: range.start, end: Math.min(range.end, info.size - 1) } : null;
    const body = createReadStream(this.pathOf(key), served ?? {});
    return { ...info, body, range: served };
  }

  async delete(keys: readonly string[]): Promise<void> {
    for (const key of keys) await fs.rm(this.pathOf(key), { force: true });
  }
}
