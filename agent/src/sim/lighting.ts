// Day and night in the simulator: how bright the scene is at a local time of day, and what the
// camera's light (the lighting command) does to it at night.

/** Scene brightness at deep night and at full day (a factor on the daylight colours). */
export const NIGHT_LEVEL = 0.16;
export const DAY_LEVEL = 1;
/** Brightness the camera's light gives at least when switched on. */
export const LIT_LEVEL = 0.8;

const smoothstep = (edge0: number, edge1: number, x: number) => {
  const t = Math.max(0, Math.min(1, (x - edge0) / (edge1 - edge0)));
  return t * t * (3 - 2 * t);
};

/** Daylight at a local hour of the day (0..24, fractional): dawn 5-7 h, dusk 17-19 h. */
export function daylightLevel(localHour: number): number {
  const day = smoothstep(5, 7, localHour) * (1 - smoothstep(17, 19, localHour));
  return NIGHT_LEVEL + (DAY_LEVEL - NIGHT_LEVEL) * day;
}

/** The local hour of the day for a time (ms since the epoch) and a zone offset in minutes. */
export function localHourOf(timeMs: number, tzOffsetMinutes: number): number {
  const dayMs = 86_400_000;
  const local = (((timeMs + tzOffsetMinutes * 60_000) % dayMs) + dayMs) % dayMs;
  return local / 3_600_000;
}

/** The brightness of a frame: daylight, raised by the camera's light when it is on. */
export function sceneLevel(timeMs: number, tzOffsetMinutes: number, isLightOn: boolean): number {
  const level = daylightLevel(localHourOf(timeMs, tzOffsetMinutes));
  return isLightOn ? Math.max(level, LIT_LEVEL) : level;
}
