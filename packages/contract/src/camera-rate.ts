// How the camera information dialog shows a camera's rate and its surveillance times (core.md §2, §3, §9;
// advanced.md §2). The functions return structured values; the web app words them in the chosen language.

export type FrameRate =
  /** Recorded as the camera sends it ("based on the camera setting"). */
  | { kind: 'camera_setting' }
  | { kind: 'fps'; fps: number }
  /** A variable rate between two frame rates. */
  | { kind: 'variable_fps'; min: number; max: number }
  /** Slower than one frame a second: one frame every `minutes` minutes. */
  | { kind: 'interval_minutes'; minutes: number };

export interface RateCamera {
  image_fps: number;
  image_fps_default: number | null;
  archive_force_raw: boolean;
}

/**
 * Minutes between frames at a rate below 1 fps: 1/fps rounded to whole minutes (at least 1),
 * and above 10 minutes rounded to steps of 10 (core.md §9).
 */
export function frameIntervalMinutes(fps: number): number {
  const minutes = Math.max(1, Math.round(1 / fps / 60));
  return minutes > 10 ? Math.round(minutes / 10) * 10 : minutes;
}

/**
 * The rate of a camera. Reading of the spec's four wordings: raw archives (or no rate) follow the camera
 * setting; a default rate that differs from the current one makes a variable pair; below 1 fps a minute interval.
 */
export function frameRate(camera: RateCamera): FrameRate {
  const fps = camera.image_fps;
  if (camera.archive_force_raw || !(fps > 0)) return { kind: 'camera_setting' };
  if (fps < 1) return { kind: 'interval_minutes', minutes: frameIntervalMinutes(fps) };
  const other = camera.image_fps_default;
  if (other != null && other > 0 && other !== fps)
    return { kind: 'variable_fps', min: Math.min(fps, other), max: Math.max(fps, other) };
  return { kind: 'fps', fps };
}

export const MINUTES_PER_DAY = 1440;

/** `HH:mm` of minutes from midnight; 1440 is `24:00`. */
export function formatMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `${String(hours).padStart(2, '0')}:${String(rest).padStart(2, '0')}`;
}

export interface SurveillanceTime {
  from: string;
  to: string;
  /** The to-value was above 1440: the period ends on the next day. */
  endsNextDay: boolean;
}

/**
 * A surveillance period (minutes 0-1440); a to-value above 1440 wraps past midnight (core.md §3).
 * Null when the day has no period or the values are out of range.
 */
export function surveillanceTime(from: number | null, to: number | null): SurveillanceTime | null {
  if (from == null || to == null) return null;
  const isWhole = Number.isInteger(from) && Number.isInteger(to);
  if (!isWhole || from < 0 || from > MINUTES_PER_DAY || to < 0 || to > 2 * MINUTES_PER_DAY) return null;
  const endsNextDay = to > MINUTES_PER_DAY;
  return {
    from: formatMinutes(from),
    to: formatMinutes(endsNextDay ? to - MINUTES_PER_DAY : to),
    endsNextDay,
  };
}
