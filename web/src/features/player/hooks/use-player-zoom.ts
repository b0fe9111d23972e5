// Digital zoom and pan of the player's picture (issue 22): the wheel zooms around the pointer (a wheel turned down
// at 1× scrolls the page as before), two fingers pinch, a drag pans while zoomed, a double-click zooms to 2× at
// the pointer or back to 1×, and the keys of zoomKeyAction work while the player has focus. The view is kept as
// fractions of the frame (player-tools-rules.ts) and handed to the picture elements as the CSS variable
// --player-zoom on the frame, which the live canvas, the live video, both archive videos and the drawings of
// video info use as their transform: the overlays stay on the picture. The clamp knows where the picture lies in
// its frame (bars beside or above it), from the picture element `getPicture` answers, and is applied again when
// the frame changes size. Clicks on buttons and panels over the picture (PTZ, the zoom badge) are left alone.
import { useCallback, useEffect, useRef, useState, type CSSProperties, type RefObject } from 'react';
import {
  IDENTITY_VIEW,
  ZOOM_STEP,
  clampView,
  containedArea,
  isZoomed,
  panBy,
  pinch,
  viewTransform,
  wheelFactor,
  zoomAt,
  zoomKeyAction,
  zoomLabel,
  ZOOM_VAR,
  type PictureArea,
  type ZoomView,
} from '../player-tools-rules.ts';

const INTERACTIVE =
  'button, a, input, select, textarea, [role="slider"], [role="dialog"], [data-zoom-ignore]';

/** Whether an event comes from a control over the picture rather than the picture itself. */
const fromControl = (target: EventTarget | null) =>
  target instanceof Element && target.closest(INTERACTIVE) !== null;

type Picture = HTMLVideoElement | HTMLCanvasElement;

/** The picture's own size (a video's frames, a canvas's pixels); null while it has none. */
function pictureSize(picture: Picture | null) {
  if (!picture) return null;
  const width = picture instanceof HTMLVideoElement ? picture.videoWidth : picture.width;
  const height = picture instanceof HTMLVideoElement ? picture.videoHeight : picture.height;
  return width > 0 && height > 0 ? { width, height } : null;
}

export function usePlayerZoom(
  frameRef: RefObject<HTMLElement | null>,
  isEnabled: boolean,
  getPicture: () => Picture | null = () => null,
) {
  const [view, setView] = useState<ZoomView>(IDENTITY_VIEW);
  const viewRef = useRef(view);
  viewRef.current = view;
  const enabledRef = useRef(isEnabled);
  enabledRef.current = isEnabled;
  const getPictureRef = useRef(getPicture);
  getPictureRef.current = getPicture;

  /** Changes the view, given where the picture lies in the frame now. */
  const update = useCallback(
    (change: (view: ZoomView, area: PictureArea) => ZoomView) => {
      if (!enabledRef.current) return;
      const frame = frameRef.current;
      const area = containedArea(
        { width: frame?.clientWidth ?? 0, height: frame?.clientHeight ?? 0 },
        pictureSize(getPictureRef.current()),
      );
      setView((current) => {
        const next = change(current, area);
        return next.scale === current.scale && next.x === current.x && next.y === current.y ? current : next;
      });
    },
    [frameRef],
  );
  const reset = useCallback(() => setView(IDENTITY_VIEW), []);

  // Nothing to zoom (no picture, the 360-degree viewer): back to 1×.
  useEffect(() => {
    if (!isEnabled) setView(IDENTITY_VIEW);
  }, [isEnabled]);

  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    /** A pointer's place in fractions of the frame (the frame itself is never transformed). */
    const at = (event: { clientX: number; clientY: number }) => {
      const rect = frame.getBoundingClientRect();
      return {
        x: rect.width > 0 ? (event.clientX - rect.left) / rect.width : 0.5,
        y: rect.height > 0 ? (event.clientY - rect.top) / rect.height : 0.5,
      };
    };
    const onWheel = (event: WheelEvent) => {
      if (!enabledRef.current || fromControl(event.target)) return;
      const factor = wheelFactor(event.deltaY, event.deltaMode, event.ctrlKey, frame.clientHeight);
      // At 1× a turn down (zoom out) scrolls the page as before.
      if (factor === 1 || (factor < 1 && !isZoomed(viewRef.current))) return;
      event.preventDefault();
      const p = at(event);
      update((current, area) => zoomAt(current, factor, p.x, p.y, area));
    };
    const pointers = new Map<number, { x: number; y: number }>();
    const onPointerDown = (event: PointerEvent) => {
      if (!enabledRef.current || fromControl(event.target)) return;
      if (event.pointerType === 'mouse' && event.button !== 0) return;
      pointers.set(event.pointerId, at(event));
      // A second finger starts a pinch; one pointer only drags a zoomed picture.
      if (pointers.size >= 2 || isZoomed(viewRef.current)) {
        for (const id of pointers.keys()) if (!frame.hasPointerCapture(id)) safeCapture(frame, id);
        event.preventDefault();
      }
    };
    const onPointerMove = (event: PointerEvent) => {
      const previous = pointers.get(event.pointerId);
      if (!previous) return;
      const next = at(event);
      if (pointers.size >= 2) {
        const [first, second] = [...pointers.entries()];
        const other = first![0] === event.pointerId ? second! : first!;
        const still = other[1];
        update((current, area) => pinch(current, [previous, still], [next, still], area));
      } else if (frame.hasPointerCapture(event.pointerId)) {
        update((current, area) => panBy(current, next.x - previous.x, next.y - previous.y, area));
      }
      pointers.set(event.pointerId, next);
    };
    const onPointerEnd = (event: PointerEvent) => {
      pointers.delete(event.pointerId);
    };
    // A pointer not held by the frame that leaves it is forgotten (its up may happen elsewhere).
    const onPointerLeave = (event: PointerEvent) => {
      if (!frame.hasPointerCapture(event.pointerId)) pointers.delete(event.pointerId);
    };
    const onDoubleClick = (event: MouseEvent) => {
      if (!enabledRef.current || fromControl(event.target)) return;
      const p = at(event);
      update((current, area) =>
        isZoomed(current) ? IDENTITY_VIEW : zoomAt(current, ZOOM_STEP * ZOOM_STEP, p.x, p.y, area),
      );
    };
    frame.addEventListener('wheel', onWheel, { passive: false });
    frame.addEventListener('pointerdown', onPointerDown);
    frame.addEventListener('pointermove', onPointerMove);
    frame.addEventListener('pointerup', onPointerEnd);
    frame.addEventListener('pointercancel', onPointerEnd);
    frame.addEventListener('pointerleave', onPointerLeave);
    frame.addEventListener('dblclick', onDoubleClick);
    // A new frame size (full screen, full size) or picture: the clamp again, so no bar shows.
    const resized = new ResizeObserver(() => update((current, area) => clampView(current, area)));
    resized.observe(frame);
    return () => {
      resized.disconnect();
      frame.removeEventListener('wheel', onWheel);
      frame.removeEventListener('pointerdown', onPointerDown);
      frame.removeEventListener('pointermove', onPointerMove);
      frame.removeEventListener('pointerup', onPointerEnd);
      frame.removeEventListener('pointercancel', onPointerEnd);
      frame.removeEventListener('pointerleave', onPointerLeave);
      frame.removeEventListener('dblclick', onDoubleClick);
    };
  }, [frameRef, update]);

  /** Handles a zoom key pressed in the player; `onPicture`: the picture itself has focus. True when used. */
  const handleKey = useCallback(
    (key: string, onPicture: boolean): boolean => {
      if (!enabledRef.current) return false;
      const action = zoomKeyAction(key, onPicture);
      if (!action) return false;
      // Escape on a picture at 1× is not ours (it may leave full screen).
      if (action.kind === 'reset' && key === 'Escape' && !isZoomed(viewRef.current)) return false;
      if (action.kind === 'reset') reset();
      else if (action.kind === 'zoom')
        update((current, area) => zoomAt(current, action.factor, 0.5, 0.5, area));
      else update((current, area) => panBy(current, action.dx, action.dy, area));
      return true;
    },
    [reset, update],
  );

  const zoomed = isZoomed(view);
  return {
    view,
    isEnabled,
    isZoomed: zoomed,
    label: zoomLabel(view),
    /** The style for the frame: the variable its pictures follow, and what touch may do there. */
    frameStyle: {
      [ZOOM_VAR]: viewTransform(view),
      // While zoomed one finger pans the picture; at 1× it scrolls the page, and two pinch here.
      touchAction: !isEnabled ? undefined : zoomed ? 'none' : 'pan-y',
      cursor: zoomed ? 'grab' : undefined,
    } as CSSProperties,
    zoomIn: () => update((current, area) => zoomAt(current, ZOOM_STEP, 0.5, 0.5, area)),
    zoomOut: () => update((current, area) => zoomAt(current, 1 / ZOOM_STEP, 0.5, 0.5, area)),
    reset,
    handleKey,
  };
}

export type PlayerZoom = ReturnType<typeof usePlayerZoom>;

function safeCapture(element: Element, pointerId: number) {
  try {
    element.setPointerCapture(pointerId);
  } catch {
    // the pointer is already gone
  }
}
