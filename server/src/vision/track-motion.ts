// The tracker's motion model: a Kalman filter per box coordinate (centre x, centre y, width, height, in picture
// heights), constant velocity for the centre and a random walk for the sizes, with the time gap as a parameter
// (see the top of tracker.ts). A filter is a Float64Array of 4 coordinates × [position, velocity, p00, p01, p11].
import type { NormBox } from './types.ts';

/** Per coordinate: acceleration noise (box heights / s², as a spectral density's square root). */
const ACCELERATION_NOISE = [0.3, 0.3] as const;
/**
 * Sizes have no velocity (a random walk, box heights per √s): a person nearing the camera grows slowly, and
 * one odd box (an arm raised, a duplicate detection) must not set the size drifting.
 */
const SIZE_NOISE = [0.1, 0.1] as const;
/** Per coordinate: measurement noise (box heights). Widths follow the arms and jitter most. */
export const MEASUREMENT_NOISE = [0.05, 0.05, 0.12, 0.06] as const;
/** Per coordinate: speed uncertainty of a new track (box heights / s). */
const INITIAL_SPEED = [1.2, 1.2, 0, 0] as const;

/** Centre x, centre y, width, height, in picture heights. */
export function boxMeasurement(box: NormBox, aspect: number): [number, number, number, number] {
  return [(box.x + box.w / 2) * aspect, box.y + box.h / 2, box.w * aspect, box.h];
}

export function filterBox(f: Float64Array, aspect: number): NormBox {
  const w = Math.max(f[10]!, 0) / aspect;
  const h = Math.max(f[15]!, 0);
  return { x: f[0]! / aspect - w / 2, y: f[5]! - h / 2, w, h };
}

/** The filter's state `dt` seconds on, or back when negative (positions only; the filter is not changed). */
export function extrapolate(f: Float64Array, dt: number): Float64Array {
  const moved = Float64Array.from(f);
  for (let k = 0; k < 2; k++) moved[k * 5] = f[k * 5]! + f[k * 5 + 1]! * dt;
  return moved;
}

export function filterCentre(f: Float64Array, aspect: number): { x: number; y: number } {
  return { x: f[0]! / aspect, y: f[5]! };
}

/** A new track's filter at its first detection (measurement `z`): still, with a new track's speed uncertainty. */
export function newFilter(z: readonly [number, number, number, number]): Float64Array {
  const filter = new Float64Array(20);
  const h = Math.max(z[3], 1e-3);
  for (let k = 0; k < 4; k++) {
    const o = k * 5;
    filter[o] = z[k]!;
    filter[o + 2] = (MEASUREMENT_NOISE[k]! * h) ** 2;
    filter[o + 4] = (INITIAL_SPEED[k]! * h) ** 2;
  }
  return filter;
}

/** Moves the filter to time t: constant velocity for the centre, a random walk for the sizes. */
export function predict(track: { filter: Float64Array; filterT: number }, t: number): void {
  const dt = t - track.filterT;
  if (dt <= 0) return;
  const f = track.filter;
  const h = Math.max(f[15]!, 1e-3);
  for (let k = 0; k < 2; k++) {
    const o = k * 5;
    const q = (ACCELERATION_NOISE[k]! * h) ** 2;
    const [p00, p01, p11] = [f[o + 2]!, f[o + 3]!, f[o + 4]!];
    f[o] = f[o]! + f[o + 1]! * dt;
    f[o + 2] = p00 + 2 * dt * p01 + dt * dt * p11 + (q * dt ** 3) / 3;
    f[o + 3] = p01 + dt * p11 + (q * dt ** 2) / 2;
    f[o + 4] = p11 + q * dt;
  }
  for (let k = 2; k < 4; k++) f[k * 5 + 2] = f[k * 5 + 2]! + (SIZE_NOISE[k - 2]! * h) ** 2 * dt;
  track.filterT = t;
}

export function correct(f: Float64Array, z: readonly number[]): void {
  const h = Math.max(z[3]!, 1e-3);
  for (let k = 0; k < 4; k++) {
    const o = k * 5;
    const [p00, p01, p11] = [f[o + 2]!, f[o + 3]!, f[o + 4]!];
    const s = p00 + (MEASUREMENT_NOISE[k]! * h) ** 2;
    const k0 = p00 / s;
    const k1 = p01 / s;
    const innovation = z[k]! - f[o]!;
    f[o] = f[o]! + k0 * innovation;
    f[o + 1] = f[o + 1]! + k1 * innovation;
    f[o + 2] = (1 - k0) * p00;
    f[o + 3] = (1 - k0) * p01;
    f[o + 4] = p11 - k1 * p01;
  }
}
