// The blob store the configuration asks for.
import type { Config } from '../config.ts';
import type { BlobStore } from './blob-store.ts';
import { FsBlobStore } from './fs-blob-store.ts';
import { S3BlobStore } from './s3-blob-store.ts';

export function createBlobStore(config: Config['blobs']): BlobStore {
  if (config.kind === 'fs') return new FsBlobStore(config.dir);
  return new S3BlobStore(config);
}
