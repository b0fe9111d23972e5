// The simulated PTZ head: where the camera's viewport lies over the wider world, and how relative PTZ
// commands move it. Pan and tilt run -1..1 (centre 0), zoom 1 (wide) to MAX_ZOOM.
import type { PtzState } from '@camwatch/contract/device';

export const MAX_ZOOM = 4;
export const HOME_PTZ: PtzState = { pan: 0, tilt: 0, zoom: 1 };
/** The world is this many viewports wide and high at zoom 1. */
export const WORLD_SCALE = 2;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** A relative move: each step is -1..1 of the axis' range (pan/tilt span 2, zoom spans MAX_ZOOM - 1). */
export function movePtz(state: PtzState, step: { pan: number; tilt: number; zoom: number }): PtzState {
  return {
    pan: clamp(state.pan + step.pan, -1, 1),
    tilt: clamp(state.tilt + step.tilt, -1, 1),
    zoom: clamp(state.zoom + step.zoom * (MAX_ZOOM - 1), 1, MAX_ZOOM),
  };
}

/** The part of the world a frame shows: its top-left corner in world pixels and world→frame scale. */
export interface Viewport {
  x0: number;
  y0: number;
  scale: number;
}

/** The viewport of a width×height frame over a world WORLD_SCALE times larger, for a PTZ state. */
export function viewportOf(ptz: PtzState, width: number, height: number): Viewport {
  const worldW = width * WORLD_SCALE;
  const worldH = height * WORLD_SCALE;
  const viewW = width / ptz.zoom;
  const viewH = height / ptz.zoom;
  return {
    x0: Math.round(((worldW - viewW) * (ptz.pan + 1)) / 2),
    y0: Math.round(((worldH - viewH) * (ptz.tilt + 1)) / 2),
    scale: ptz.zoom,
  };
}
