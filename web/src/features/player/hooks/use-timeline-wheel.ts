// The continuous timeline's wheel (issue 22): zoom around the pointer (a trackpad's pinch arrives as a wheel
// with ctrlKey, zooming faster), sideways or with Shift: pan. A non-passive listener, so the page does not
// scroll while the pointer is over the strip.
import { useEffect, useRef, type RefObject } from 'react';
import { panView, timeAt, zoomView, type TimeView, type ViewBounds } from '../continuous-timeline-rules.ts';

export function useTimelineWheel(
  trackRef: RefObject<HTMLDivElement | null>,
  view: TimeView,
  bounds: ViewBounds,
  setView: (view: TimeView) => void,
) {
  const latest = useRef({ view, bounds, setView });
  useEffect(() => {
    latest.current = { view, bounds, setView };
  });
  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const { view: current, bounds: limits, setView: set } = latest.current;
      const rect = track.getBoundingClientRect();
      const span = current.endMs - current.startMs;
      if (Math.abs(event.deltaX) > Math.abs(event.deltaY) || event.shiftKey) {
        const delta = event.shiftKey && event.deltaX === 0 ? event.deltaY : event.deltaX;
        set(panView(current, (delta / Math.max(rect.width, 1)) * span, limits));
        return;
      }
      const factor = Math.exp(event.deltaY * (event.ctrlKey ? 0.01 : 0.0015));
      set(zoomView(current, factor, timeAt(event.clientX - rect.left, rect.width, current), limits));
    };
    track.addEventListener('wheel', onWheel, { passive: false });
    return () => track.removeEventListener('wheel', onWheel);
  }, [trackRef]);
}
