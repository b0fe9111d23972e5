// The two player rules the route's loader needs before the player's code is loaded (live-prestart.ts): kept
// apart from player-rules.ts so that the app's entry, which holds the loader, does not carry the rest.
import { NO_LIVE_MODEL_CODE } from '@camwatch/contract/constants';

/**
 * The moment a `date` query names (`YYYY-MM-DD`, `YYYY-MM-DDTHH:mm` or any ISO form), in local time; null when
 * it is absent, malformed or in the future (date pickers do not allow future dates, core.md §5).
 */
export function parseDateQuery(value: string | null, nowMs: number): number | null {
  if (!value) return null;
  const plain = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?$/.exec(value);
  let ms: number;
  if (plain) {
    const [, y, mo, d, h, mi] = plain;
    const date = new Date(Number(y), Number(mo) - 1, Number(d), Number(h ?? 0), Number(mi ?? 0));
    if (date.getMonth() !== Number(mo) - 1) return null;
    ms = date.getTime();
  } else {
    ms = Date.parse(value);
  }
  if (!Number.isFinite(ms) || ms > nowMs) return null;
  return ms;
}

export type LiveMode = 'hls' | 'images' | 'unsupported';

/** How live plays: HLS for streaming cameras, still images otherwise, nothing for cameras without live. */
export function liveModeOf(camera: {
  use_streaming: boolean;
  use_nolive: boolean;
  model_code: string;
}): LiveMode {
  if (camera.use_nolive || camera.model_code === NO_LIVE_MODEL_CODE) return 'unsupported';
  return camera.use_streaming ? 'hls' : 'images';
}
