// GET the live image address (core.md §7; advanced.md §4): a JPEG newer than `after`, or 304 when none came
// while the server waited. Binary, so not through callApi; times out after 3 s (core.md §7). Shared by the
// detail page's live viewer and the multi-video wall's tiles.
import { LIVE_IMAGE_TIMEOUT_MS } from '@camwatch/contract/constants';

export type LiveImageAnswer =
  { kind: 'frame'; blob: Blob; frameTime: number; lastModified: number } | { kind: 'none' };

export class LiveImageError extends Error {
  constructor(readonly status: number | null) {
    super(status === null ? 'live image: no answer' : `live image: HTTP ${status}`);
    this.name = 'LiveImageError';
  }
}

/** `url` is the address the live start answered; `after` the X-Frame-Time of the last image drawn (0 at first). */
export async function fetchLiveImage(
  url: string,
  after: number,
  withCredentials: boolean,
  signal: AbortSignal,
): Promise<LiveImageAnswer> {
  const address = new URL(url, window.location.href);
  address.searchParams.set('after', String(after));
  let response: Response;
  try {
    response = await fetch(address, {
      credentials: withCredentials ? 'include' : 'omit',
      cache: 'no-store',
      signal: AbortSignal.any([signal, AbortSignal.timeout(LIVE_IMAGE_TIMEOUT_MS)]),
    });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new LiveImageError(null);
  }
  if (response.status === 304) return { kind: 'none' };
  if (response.status !== 200) throw new LiveImageError(response.status);
  const blob = await response.blob();
  const lastModified = Date.parse(response.headers.get('Last-Modified') ?? '');
  const frameTime = Number(response.headers.get('X-Frame-Time'));
  return {
    kind: 'frame',
    blob,
    lastModified: Number.isFinite(lastModified) ? lastModified : Date.now(),
    // Without X-Frame-Time (our server always sends it), the next ask must still be for a newer image.
    frameTime:
      Number.isFinite(frameTime) && frameTime > 0
        ? frameTime
        : Math.max(after + 1, Number.isFinite(lastModified) ? lastModified : 0),
  };
}
