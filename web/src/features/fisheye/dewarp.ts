// Pure math of the 360-degree (fisheye) viewer (advanced.md §2, §4, §9): the image circle's radius by the
// camera's resolution, the zoom range and its wheel step, the display state, the render interval, and the
// projection from a pixel of the dewarped view to a point of the fisheye picture. The WebGL shader
// (FisheyeViewer) runs the same projection per pixel; this module is its tested reference.
//
// Model: an equidistant fisheye looking along its optical axis (a ceiling camera looks down), whose image
// circle of `radius` pixels holds the half-sphere (90° off the axis at the rim). The view is a pinhole camera
// turned by `yaw` around the optical axis and tilted by `pitch` away from it (0 = straight along the axis,
// π/2 = the horizon); its field of view narrows as the zoom grows.
import {
  FISHEYE_DEFAULT_RESOLUTION,
  FISHEYE_INITIAL_PITCH,
  FISHEYE_RADIUS_BY_RESOLUTION,
  FISHEYE_WHEEL_ZOOM_STEP,
  FISHEYE_ZOOM_RANGE,
  fisheyeRenderIntervalMs,
} from '@camwatch/contract/constants';

export const MIN_ZOOM = FISHEYE_ZOOM_RANGE.min;
export const MAX_ZOOM = FISHEYE_ZOOM_RANGE.max;
export const INITIAL_PITCH = FISHEYE_INITIAL_PITCH;
/** Wheel delta (px) that makes one zoom step: a mouse notch (~100 px) moves the zoom by 10 steps, 0.05. */
export const WHEEL_PX_PER_STEP = 10;
export const PITCH_RANGE = { min: 0, max: Math.PI / 2 } as const;

export type DisplayState = 'normal' | 'fisheye';

/**
 * The image circle's radius in pixels of the camera's own resolution: the calibration table, else the
 * default resolution's radius scaled by the shorter side (an unlisted resolution keeps the same lens).
 */
export function fisheyeRadius(width: number, height: number): number {
  const listed = FISHEYE_RADIUS_BY_RESOLUTION[`${width}x${height}`];
  if (listed !== undefined) return listed;
  const base = FISHEYE_DEFAULT_RESOLUTION;
  const baseRadius = FISHEYE_RADIUS_BY_RESOLUTION[`${base.width}x${base.height}`]!;
  const shorter = Math.min(width, height);
  if (!(shorter > 0)) return baseRadius;
  return (baseRadius * shorter) / Math.min(base.width, base.height);
}

/**
 * The radius in pixels of the picture actually received, which may be scaled down from the camera's
 * resolution (a still or a transcoded frame): scaled so the circle still fits the picture.
 */
export function radiusInPicture(
  camera: { width: number; height: number },
  picture: { width: number; height: number },
): number {
  const width = camera.width > 0 ? camera.width : FISHEYE_DEFAULT_RESOLUTION.width;
  const height = camera.height > 0 ? camera.height : FISHEYE_DEFAULT_RESOLUTION.height;
  const scale = Math.min(picture.width / width, picture.height / height);
  return fisheyeRadius(width, height) * scale;
}

export const clampZoom = (zoom: number): number => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));

/** The zoom after a wheel event: up (negative delta) zooms in, by 0.005 per 10 px of delta, within 0.3-0.85. */
export function zoomAfterWheel(zoom: number, deltaY: number): number {
  const steps = -deltaY / WHEEL_PX_PER_STEP;
  // Rounded to the step so repeated events cannot pile up float noise.
  const next =
    Math.round((zoom + steps * FISHEYE_WHEEL_ZOOM_STEP) / FISHEYE_WHEEL_ZOOM_STEP) * FISHEYE_WHEEL_ZOOM_STEP;
  return clampZoom(Number(next.toFixed(3)));
}

/** Normal (the picture as it comes) at or below the minimum zoom, otherwise the dewarped fisheye view. */
export const displayState = (zoom: number): DisplayState => (zoom <= MIN_ZOOM ? 'normal' : 'fisheye');

/** How often the view is drawn: every 1000/fps ms, but at least every 200 ms. */
export const renderIntervalMs = (fps: number): number => fisheyeRenderIntervalMs(fps);

export const clampPitch = (pitch: number): number =>
  Math.min(PITCH_RANGE.max, Math.max(PITCH_RANGE.min, pitch));

/** Vertical field of view (radians) for a zoom: 126° just above the minimum down to 27° at the maximum. */
export const fieldOfView = (zoom: number): number => (1 - clampZoom(zoom)) * Math.PI;

export interface View {
  yaw: number;
  pitch: number;
  zoom: number;
  /** Width over height of the output. */
  aspect: number;
}

/**
 * The direction (unit vector, z along the optical axis) seen through the output pixel at (u, v), both in
 * -1..1 with v growing downwards.
 */
export function viewRay(u: number, v: number, view: View): [number, number, number] {
  const half = Math.tan(fieldOfView(view.zoom) / 2);
  // Pinhole ray looking along +z.
  let x = u * half * view.aspect;
  let y = v * half;
  let z = 1;
  // Tilt away from the axis (around x), then turn around the axis (around z).
  const cp = Math.cos(view.pitch);
  const sp = Math.sin(view.pitch);
  [y, z] = [y * cp - z * sp, y * sp + z * cp];
  const cy = Math.cos(view.yaw);
  const sy = Math.sin(view.yaw);
  [x, y] = [x * cy - y * sy, x * sy + y * cy];
  const length = Math.hypot(x, y, z);
  return [x / length, y / length, z / length];
}

/**
 * Where a direction lands in the fisheye picture, in pixels from the top left: equidistant, r = radius · θ / 90°
 * around the picture's centre. Directions behind the lens (θ > 90°) land outside the circle.
 */
export function fisheyePoint(
  ray: readonly [number, number, number],
  picture: { width: number; height: number },
  radius: number,
): { x: number; y: number } {
  const [x, y, z] = ray;
  const theta = Math.acos(Math.max(-1, Math.min(1, z)));
  const r = (radius * theta) / (Math.PI / 2);
  const phi = Math.atan2(y, x);
  return { x: picture.width / 2 + r * Math.cos(phi), y: picture.height / 2 + r * Math.sin(phi) };
}

/** The view the viewer opens with: the picture as it comes (minimum zoom), pitched 1.5 towards the horizon. */
export const initialView = (aspect: number): View => ({
  yaw: 0,
  pitch: INITIAL_PITCH,
  zoom: MIN_ZOOM,
  aspect,
});
