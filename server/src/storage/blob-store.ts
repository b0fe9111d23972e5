// Where media lives: one interface, a filesystem implementation (default, DATA_DIR/blobs) and an
// S3-compatible one. Keys come only from blob-keys.ts, never from what a client sent.
import type { Readable } from 'node:stream';

export interface ByteRange {
  /** First byte, inclusive. */
  start: number;
  /** Last byte, inclusive. */
  end: number;
}

export interface BlobInfo {
  size: number;
  contentType: string;
}

export interface BlobRead extends BlobInfo {
  body: Readable;
  /** The range served, when one was asked for. */
  range: ByteRange | null;
}

export interface BlobStore {
  readonly kind: 'fs' | 's3';
  /** Stores the bytes under key, replacing any earlier blob; visible to readers only once complete. */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Stores a local file under key (large media such as downloads), same guarantees as put. */
  putFile(key: string, filePath: string, contentType: string): Promise<void>;
  /** Size and type, or null when there is no such blob. */
  head(key: string): Promise<BlobInfo | null>;
  /** The bytes (or a range of them), or null when there is no such blob. */
  get(key: string, range?: ByteRange): Promise<BlobRead | null>;
  /** Deletes the blobs; missing keys are not an error. */
  delete(keys: readonly string[]): Promise<void>;
}

/** Thrown for a range that does not fit the blob (answered 416). */
export class RangeNotSatisfiableError extends Error {
  constructor(readonly size: number) {
    super(`range not satisfiable for a blob of ${size} bytes`);
    this.name = 'RangeNotSatisfiableError';
  }
}
