// Signed media addresses for recorded video and still images (storage/signed-url.ts signs them; the media
// route serves them with Range support). Image addresses keep one expiry for ten minutes, so a camera list
// that re-renders gets the very same thumbnail URL and the browser answers it from its cache.
import { blobKeys } from '../../storage/blob-keys.ts';
import type { MediaSigner } from '../../storage/signed-url.ts';

/** Where MediaSigner.url() points; repeated here because image tokens are signed with a chosen expiry. */
const MEDIA_PATH = '/api/media/';
/** Image expiries are rounded up to a multiple of this. */
export const IMAGE_EXPIRY_STEP_MS = 10 * 60_000;

export class MediaUrls {
  constructor(
    private readonly signer: MediaSigner,
    /** The configured lifetime of a signed address (MEDIA_URL_TTL_SECONDS). */
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** A video address, valid for the configured time from now. */
  video(key: string): string {
    return this.signer.url(key);
  }

  /** An image address valid at least the configured time, its expiry rounded up to the next 10 minutes. */
  image(key: string): string {
    const now = this.now();
    const exp = Math.ceil((now + this.ttlMs) / IMAGE_EXPIRY_STEP_MS) * IMAGE_EXPIRY_STEP_MS;
    return `${MEDIA_PATH}${this.signer.token(key, { now, ttlMs: exp - now })}`;
  }

  /** The camera's newest thumbnail (thumb_url), or null before it has one. */
  thumbnail(cameraId: number, latestThumbAt: Date | null): string | null {
    return latestThumbAt ? this.image(blobKeys.thumbnail(cameraId, latestThumbAt)) : null;
  }
}
