// Pure rules of the player tools (issue 22): digital zoom and pan of the picture, and frame step of a paused
// recording. The view is a scale and a translation in fractions of the picture's frame, applied as a CSS
// transform with its origin at the top left: a point u of the unzoomed frame (0-1) shows at x + scale × u.
// Fractions keep the view when the frame changes size (full screen, full size, a phone turned). The picture may
// not fill its frame (object-fit: contain leaves bars): the clamp keeps the zoomed picture over the whole frame
// along an axis where it is large enough to, and centred along one where it is not yet.

/** The largest digital zoom. */
export const MAX_ZOOM = 8;
/** One zoom step (buttons, + and -): two steps double the size, so 1.0×, 1.4×, 2.0×, 2.8×, 4.0×, 5.7×, 8.0×. */
export const ZOOM_STEP = Math.SQRT2;
/** One arrow-key pan, in fractions of the frame. */
export const PAN_STEP = 0.1;

/** The CSS variable on the frame that the picture elements take their transform from. */
export const ZOOM_VAR = '--player-zoom';
/** The style of an element that follows the zoom: a picture, or a drawing over it, filling the frame. */
export const zoomedStyle = { transform: `var(${ZOOM_VAR}, none)`, transformOrigin: '0 0' } as const;

export interface ZoomView {
  scale: number;
  /** Translation in fractions of the frame's width and height, between 1 - scale and 0. */
  x: number;
  y: number;
}

export const IDENTITY_VIEW: ZoomView = { scale: 1, x: 0, y: 0 };

/** Where the unzoomed picture lies in its frame, in fractions of the frame. */
export interface PictureArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A picture that fills its frame. */
export const FULL_AREA: PictureArea = { x: 0, y: 0, width: 1, height: 1 };

/** The area of a picture of `picture` size shown with object-fit: contain in a frame of `frame` size. */
export function containedArea(
  frame: { width: number; height: number },
  picture: { width: number; height: number } | null,
): PictureArea {
  if (!picture || frame.width <= 0 || frame.height <= 0 || picture.width <= 0 || picture.height <= 0)
    return FULL_AREA;
  // The side that limits the fit fills the frame exactly (no rounding left over).
  const byWidth = frame.width / picture.width <= frame.height / picture.height;
  const width = byWidth ? 1 : (picture.width * frame.height) / picture.height / frame.width;
  const height = byWidth ? (picture.height * frame.width) / picture.width / frame.height : 1;
  return { x: (1 - width) / 2, y: (1 - height) / 2, width, height };
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * The translation along one axis: the zoomed picture (from scale × start to scale × (start + size), moved by
 * `t`) covers the frame's 0-1 when it is long enough; else it is centred.
 */
function clampAxis(t: number, scale: number, start: number, size: number): number {
  const min = 1 - scale * (start + size);
  const max = 0 - scale * start; // not -scale × start: -0 for a picture that starts at the edge
  return min <= max ? clamp(t, min, max) : (min + max) / 2;
}

/** The view with its scale within 1-8 and its translation such that the picture covers the frame. */
export function clampView(view: ZoomView, area: PictureArea = FULL_AREA): ZoomView {
  const scale = clamp(view.scale, 1, MAX_ZOOM);
  // Scales within a rounding error of 1 are 1 (a zoom in and out again must give the picture back exactly).
  if (scale - 1 < 1e-9) return IDENTITY_VIEW;
  return {
    scale,
    x: clampAxis(view.x, scale, area.x, area.width),
    y: clampAxis(view.y, scale, area.y, area.height),
  };
}

export const isZoomed = (view: ZoomView): boolean => view.scale > 1;

/**
 * The view after zooming by `factor` around the point (px, py) of the frame (fractions): the picture's point under
 * it stays under it, unless the clamp has to move it to keep the frame covered.
 */
export function zoomAt(
  view: ZoomView,
  factor: number,
  px = 0.5,
  py = 0.5,
  area: PictureArea = FULL_AREA,
): ZoomView {
  if (!Number.isFinite(factor) || factor <= 0) return view;
  const scale = clamp(view.scale * factor, 1, MAX_ZOOM);
  const u = (px - view.x) / view.scale;
  const v = (py - view.y) / view.scale;
  return clampView({ scale, x: px - scale * u, y: py - scale * v }, area);
}

/** The view moved by (dx, dy) fractions of the frame (a drag moves the picture with the pointer). */
export const panBy = (view: ZoomView, dx: number, dy: number, area: PictureArea = FULL_AREA): ZoomView =>
  clampView({ scale: view.scale, x: view.x + dx, y: view.y + dy }, area);

interface Point {
  x: number;
  y: number;
}

/**
 * Two pointers moved from (a0, b0) to (a1, b1) (fractions of the frame): the picture scales by the change of
 * their distance around their midpoint, and moves with the midpoint.
 */
export function pinch(
  view: ZoomView,
  [a0, b0]: readonly [Point, Point],
  [a1, b1]: readonly [Point, Point],
  area: PictureArea = FULL_AREA,
): ZoomView {
  const before = Math.hypot(a0.x - b0.x, a0.y - b0.y);
  const after = Math.hypot(a1.x - b1.x, a1.y - b1.y);
  const mid0 = { x: (a0.x + b0.x) / 2, y: (a0.y + b0.y) / 2 };
  const mid1 = { x: (a1.x + b1.x) / 2, y: (a1.y + b1.y) / 2 };
  const zoomed = before > 0 && after > 0 ? zoomAt(view, after / before, mid0.x, mid0.y, area) : view;
  return panBy(zoomed, mid1.x - mid0.x, mid1.y - mid0.y, area);
}

/** How much a wheel turn zooms: a notch (100 px) about 1.2×; a trackpad pinch (ctrlKey, small deltas) faster. */
export function wheelFactor(
  deltaY: number,
  deltaMode: number,
  ctrlKey: boolean,
  frameHeightPx: number,
): number {
  const pixels = deltaMode === 1 ? deltaY * 16 : deltaMode === 2 ? deltaY * frameHeightPx : deltaY;
  return Math.exp(-pixels * (ctrlKey ? 0.01 : 0.0018));
}

/** The CSS transform of the view (origin at the top left); `none` when not zoomed. */
export const viewTransform = (view: ZoomView): string =>
  isZoomed(view)
    ? `translate(${round(view.x * 100)}%, ${round(view.y * 100)}%) scale(${round(view.scale)})`
    : 'none';

const round = (n: number) => Math.round(n * 10_000) / 10_000;

/** The zoom level as shown: `2.0×`. */
export const zoomLabel = (view: ZoomView): string => `${view.scale.toFixed(1)}×`;

export type ZoomKeyAction =
  { kind: 'zoom'; factor: number } | { kind: 'pan'; dx: number; dy: number } | { kind: 'reset' };

/**
 * What a key does to the picture: + and - zoom, 0 resets; on the picture itself also the arrows pan (they look
 * at the picture: the right arrow shows more of the right) and Escape resets. null: not a zoom key.
 */
export function zoomKeyAction(key: string, onPicture: boolean): ZoomKeyAction | null {
  if (key === '+' || key === '=') return { kind: 'zoom', factor: ZOOM_STEP };
  if (key === '-' || key === '_') return { kind: 'zoom', factor: 1 / ZOOM_STEP };
  if (key === '0') return { kind: 'reset' };
  if (!onPicture) return null;
  if (key === 'Escape') return { kind: 'reset' };
  if (key === 'ArrowLeft') return { kind: 'pan', dx: PAN_STEP, dy: 0 };
  if (key === 'ArrowRight') return { kind: 'pan', dx: -PAN_STEP, dy: 0 };
  if (key === 'ArrowUp') return { kind: 'pan', dx: 0, dy: PAN_STEP };
  if (key === 'ArrowDown') return { kind: 'pan', dx: 0, dy: -PAN_STEP };
  return null;
}

// ── Frame step ─────────────────────────────────────────────────────────────────────────────────────────

/** The recordings' frame rate when the camera's is unknown (the service's default image_fps). */
export const DEFAULT_FPS = 5;

/**
 * The length of one frame in seconds: as measured on the playing video (requestVideoFrameCallback), else from
 * the camera's frame rate (the agent records at least 1 fps), else the default.
 */
export function frameSeconds(measured: number | null, cameraFps: number): number {
  if (measured !== null && measured > 0 && measured <= 1) return measured;
  if (Number.isFinite(cameraFps) && cameraFps > 0) return 1 / Math.max(1, cameraFps);
  return 1 / DEFAULT_FPS;
}

/**
 * The shortest gap between the media times of frames seen one after another: the frame length (frames dropped
 * at high speeds give multiples of it, never less). null until `min` samples.
 */
export function frameSecondsFromSamples(gaps: readonly number[], min = 3): number | null {
  const valid = gaps.filter((gap) => gap > 0.004 && gap <= 1);
  return valid.length >= min ? Math.min(...valid) : null;
}

export type FrameStep =
  | { kind: 'seek'; seconds: number }
  /** The neighbouring minute's clip, at `seconds` from its start (forward) or from its end (back). */
  | { kind: 'neighbour'; direction: 1 | -1; seconds: number }
  /** No frame that way: the first or last recorded frame of the period shows. */
  | { kind: 'edge'; edge: 'start' | 'end' };

/**
 * Where one frame forward or back goes from `currentTime` in a clip of `duration` seconds: within the clip; past
 * its end into the next recorded minute's first frame, before its start into the previous one's last frame (the
 * middle of it, not its very end, which would end the clip); or the edge when there is no such minute.
 */
export function frameStep(opts: {
  currentTime: number;
  duration: number;
  frameSec: number;
  direction: 1 | -1;
  hasPrevious: boolean;
  hasNext: boolean;
}): FrameStep {
  const { currentTime, duration, frameSec, direction } = opts;
  const target = currentTime + direction * frameSec;
  if (direction === 1) {
    // A stream without a known end (on-demand HLS still opening) just moves on.
    if (!Number.isFinite(duration) || target < duration - 0.001) return { kind: 'seek', seconds: target };
    return opts.hasNext ? { kind: 'neighbour', direction: 1, seconds: 0 } : { kind: 'edge', edge: 'end' };
  }
  if (currentTime >= frameSec * 0.999) return { kind: 'seek', seconds: Math.max(0, target) };
  return opts.hasPrevious
    ? { kind: 'neighbour', direction: -1, seconds: frameSec / 2 }
    : { kind: 'edge', edge: 'start' };
}

/** The recorded minute before `index` in the list, or null. */
export function previousMinuteWithData(
  archives: readonly { has_data: boolean }[],
  index: number,
): number | null {
  for (let i = index - 1; i >= 0; i--) if (archives[i]?.has_data) return i;
  return null;
}

/** Frame step keys: `,` back and `.` forward (as in common video players); null for other keys. */
export const frameStepKey = (key: string): 1 | -1 | null => (key === '.' ? 1 : key === ',' ? -1 : null);
