// The ranges of a camera's video settings (issue 20), zod-free so the web app's form checks with the same
// numbers as the server (camera-video-settings.ts) without loading zod.

/**
 * Resolutions an agent can be asked to record: the common 16:9 ones and the square fisheye pictures the
 * spec calibrates (advanced.md §8 "Radius by resolution").
 */
export const VIDEO_RESOLUTIONS = [
  '640x360',
  '1280x720',
  '1920x1080',
  '2560x1440',
  '3840x2160',
  '720x720',
  '1200x1200',
  '1280x1280',
  '1440x1440',
  '1920x1920',
] as const;

export const VIDEO_FPS_RANGE = { min: 1, max: 30 } as const;
/** Bitrate cap in kbit/s; null is no cap (the encoder's own rate). */
export const VIDEO_BITRATE_KBPS_RANGE = { min: 256, max: 20_000 } as const;
/** Seconds between live stills while someone watches. */
export const LIVE_INTERVAL_SEC_RANGE = { min: 1, max: 600 } as const;
