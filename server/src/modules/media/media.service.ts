// Serves stored media by signed address: checks the grant, resolves the byte range and opens the blob.
import { ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import { RangeNotSatisfiableError, type BlobRead, type BlobStore } from '../../storage/blob-store.ts';
import type { MediaSigner } from '../../storage/signed-url.ts';
import { resolveRange } from './byte-range.ts';

/** Caches keep an answer at most this long, and never past the address's expiry. */
const MAX_CACHE_SECONDS = 3600;

export type MediaAnswer =
  | { kind: 'unsatisfiable'; size: number }
  | { kind: 'blob'; read: BlobRead; filename: string | null; maxAgeSec: number };

export class MediaService {
  constructor(
    private readonly signer: MediaSigner,
    private readonly blobs: BlobStore,
    private readonly now: () => number = Date.now,
  ) {}

  async open(token: string, rangeHeader: string | undefined): Promise<MediaAnswer> {
    const now = this.now();
    const grant = this.signer.verify(token, now);
    if (!grant) throw new ForbiddenError('This media address is invalid or has expired; ask for a new one.');
    const opened = await openBlob(this.blobs, grant.key, rangeHeader);
    if (opened.kind === 'unsatisfiable') return opened;
    const maxAgeSec = Math.max(0, Math.min(MAX_CACHE_SECONDS, Math.floor((grant.exp - now) / 1000)));
    return { kind: 'blob', read: opened.read, filename: grant.filename ?? null, maxAgeSec };
  }
}

/** A stored blob with the byte range a Range header asks for (shared links serve clips this way too). */
export async function openBlob(
  blobs: BlobStore,
  key: string,
  rangeHeader: string | undefined,
): Promise<{ kind: 'unsatisfiable'; size: number } | { kind: 'blob'; read: BlobRead }> {
  const info = await blobs.head(key);
  if (!info) throw new NotFoundError('media');
  const range = resolveRange(rangeHeader, info.size);
  if (range.kind === 'unsatisfiable') return { kind: 'unsatisfiable', size: info.size };
  let read: BlobRead | null;
  try {
    read = await blobs.get(key, range.kind === 'range' ? range : undefined);
  } catch (error) {
    // The blob was replaced by a shorter one between head and get.
    if (error instanceof RangeNotSatisfiableError) return { kind: 'unsatisfiable', size: error.size };
    throw error;
  }
  if (!read) throw new NotFoundError('media');
  return { kind: 'blob', read };
}
