// Every blob key the server uses, built from database ids and validated times only, so no key can be
// steered by user input (no "..", no absolute paths, no separators from outside).
const SAFE_KEY = /^(?:[a-z0-9_-]+\/)*[a-z0-9_-]+\.(?:mp4|jpg|m4s|ts|zip)$/;

function id(value: number): string {
  if (!Number.isSafeInteger(value) || value <= 0) throw new Error(`not an id: ${value}`);
  return String(value);
}

/** `2026-11-21/0701` for the UTC minute of time. */
function minutePath(time: Date): string {
  if (Number.isNaN(time.getTime())) throw new Error('invalid time');
  const iso = time.toISOString();
  return `${iso.slice(0, 10)}/${iso.slice(11, 13)}${iso.slice(14, 16)}`;
}

export const blobKeys = {
  /** A piece of a minute that begins offsetMs into it gets the offset in its name. */
  clip: (cameraId: number, start: Date, offsetMs = 0) => {
    if (!Number.isInteger(offsetMs) || offsetMs < 0 || offsetMs >= 60_000)
      throw new Error(`bad offset: ${offsetMs}`);
    return `clips/${id(cameraId)}/${minutePath(start)}${offsetMs > 0 ? `-${offsetMs}` : ''}.mp4`;
  },
  thumbnail: (cameraId: number, start: Date) => `thumbs/${id(cameraId)}/${minutePath(start)}.jpg`,
  download: (downloadId: number) => `downloads/${id(downloadId)}.mp4`,
  /** The ZIP of a heat map batch download. */
  heatmapDownload: (downloadId: number) => `heatmap-downloads/${id(downloadId)}.zip`,
};

/** Throws unless key has the shape of a key built above; the stores call this before touching storage. */
export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe blob key: ${JSON.stringify(key)}`);
}
