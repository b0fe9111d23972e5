import { describe, expect, it } from 'vitest';
import {
  IDENTITY_VIEW,
  MAX_ZOOM,
  ZOOM_STEP,
  FULL_AREA,
  clampView,
  containedArea,
  frameSeconds,
  frameSecondsFromSamples,
  frameStep,
  frameStepKey,
  panBy,
  pinch,
  previousMinuteWithData,
  viewTransform,
  wheelFactor,
  zoomAt,
  zoomKeyAction,
  zoomLabel,
} from './player-tools-rules.ts';

/** Where the view shows the frame's point u (0-1) of the unzoomed picture. */
const shownAt = (view: { scale: number; x: number; y: number }, u: number, v: number) => ({
  x: view.x + view.scale * u,
  y: view.y + view.scale * v,
});

describe('digital zoom', () => {
  it('keeps the picture point under the pointer where it was', () => {
    const view = zoomAt(IDENTITY_VIEW, 2, 0.25, 0.75);
    expect(view.scale).toBe(2);
    const p = shownAt(view, 0.25, 0.75);
    expect(p.x).toBeCloseTo(0.25);
    expect(p.y).toBeCloseTo(0.75);
    // Zooming further around another point keeps that one.
    const more = zoomAt(view, 1.5, 0.5, 0.5);
    const u = (0.5 - view.x) / view.scale;
    expect(shownAt(more, u, u).x).toBeCloseTo(0.5);
  });

  it('stays within 1× and 8×, and back at 1× the picture is exactly as before', () => {
    expect(zoomAt(IDENTITY_VIEW, 100).scale).toBe(MAX_ZOOM);
    expect(zoomAt(IDENTITY_VIEW, 0.5)).toEqual(IDENTITY_VIEW);
    let view = IDENTITY_VIEW;
    for (let i = 0; i < 3; i++) view = zoomAt(view, ZOOM_STEP, 0.9, 0.1);
    for (let i = 0; i < 3; i++) view = zoomAt(view, 1 / ZOOM_STEP, 0.3, 0.6);
    expect(view).toEqual(IDENTITY_VIEW);
    expect(viewTransform(view)).toBe('none');
    expect(zoomAt(IDENTITY_VIEW, Number.NaN)).toBe(IDENTITY_VIEW);
  });

  it('zooms at the corner without showing beyond the picture', () => {
    const view = zoomAt(IDENTITY_VIEW, 2, 1, 1);
    expect(view).toEqual({ scale: 2, x: -1, y: -1 });
    const origin = zoomAt(IDENTITY_VIEW, 4, 0, 0);
    expect(origin).toEqual({ scale: 4, x: 0, y: 0 });
  });

  it('pans with the pointer but never past the picture’s edges', () => {
    const view = zoomAt(IDENTITY_VIEW, 2); // centre: x = y = -0.5
    expect(view).toEqual({ scale: 2, x: -0.5, y: -0.5 });
    expect(panBy(view, 0.2, -0.1)).toEqual({ scale: 2, x: -0.3, y: -0.6 });
    expect(panBy(view, 5, -5)).toEqual({ scale: 2, x: 0, y: -1 });
    expect(panBy(IDENTITY_VIEW, 0.3, 0.3)).toEqual(IDENTITY_VIEW);
    expect(clampView({ scale: 3, x: 1, y: -9 })).toEqual({ scale: 3, x: 0, y: -2 });
  });

  it('finds where a contained picture lies in its frame', () => {
    expect(containedArea({ width: 960, height: 441 }, { width: 1280, height: 720 })).toEqual({
      x: expect.closeTo(0.0918, 3) as number,
      y: 0,
      width: expect.closeTo(0.8164, 3) as number,
      height: 1,
    });
    expect(containedArea({ width: 960, height: 540 }, null)).toEqual(FULL_AREA);
    expect(containedArea({ width: 0, height: 0 }, { width: 4, height: 3 })).toEqual(FULL_AREA);
  });

  it('with bars beside the picture: centred while narrower than the frame, then no bar shows', () => {
    const area = { x: 0.1, y: 0, width: 0.8, height: 1 };
    // 1.2×: 0.96 of the frame wide, so centred across; top to bottom it covers and stays where zoomed.
    const small = zoomAt(IDENTITY_VIEW, 1.2, 0.05, 0.5, area);
    expect(small.x).toBeCloseTo((1 - 1.2) / 2);
    expect(small.y).toBeCloseTo(0.5 - 1.2 * 0.5);
    // 2× at the left edge: the picture's left edge at the frame's left edge (no bar), not beyond.
    const left = zoomAt(IDENTITY_VIEW, 2, 0, 0.5, area);
    expect(left.x + 2 * area.x).toBeCloseTo(0);
    const right = panBy(left, -5, 0, area);
    expect(right.x + 2 * (area.x + area.width)).toBeCloseTo(1);
  });

  it('pinches: spreading two fingers zooms around their middle, moving them pans', () => {
    const view = pinch(
      IDENTITY_VIEW,
      [
        { x: 0.4, y: 0.5 },
        { x: 0.6, y: 0.5 },
      ],
      [
        { x: 0.3, y: 0.5 },
        { x: 0.7, y: 0.5 },
      ],
    );
    expect(view.scale).toBeCloseTo(2);
    expect(shownAt(view, 0.5, 0.5).x).toBeCloseTo(0.5);
    const moved = pinch(
      view,
      [
        { x: 0.3, y: 0.5 },
        { x: 0.7, y: 0.5 },
      ],
      [
        { x: 0.2, y: 0.5 },
        { x: 0.6, y: 0.5 },
      ],
    );
    expect(moved.scale).toBeCloseTo(2);
    expect(moved.x).toBeCloseTo(view.x - 0.1);
    // Both fingers on one spot: no zoom, no jump.
    const same = { x: 0.5, y: 0.5 };
    expect(pinch(view, [same, same], [same, same])).toEqual(view);
  });

  it('turns wheel deltas into a factor: up zooms in, down out, lines and pages count as pixels', () => {
    expect(wheelFactor(-100, 0, false, 500)).toBeGreaterThan(1.15);
    expect(wheelFactor(100, 0, false, 500)).toBeLessThan(1);
    expect(wheelFactor(-3, 1, false, 500)).toBeCloseTo(wheelFactor(-48, 0, false, 500));
    expect(wheelFactor(1, 2, false, 500)).toBeCloseTo(wheelFactor(500, 0, false, 500));
    expect(wheelFactor(-10, 0, true, 500)).toBeGreaterThan(wheelFactor(-10, 0, false, 500));
  });

  it('writes the transform and the level', () => {
    expect(viewTransform({ scale: 2, x: -0.5, y: -0.25 })).toBe('translate(-50%, -25%) scale(2)');
    expect(zoomLabel(IDENTITY_VIEW)).toBe('1.0×');
    expect(zoomLabel(zoomAt(zoomAt(IDENTITY_VIEW, ZOOM_STEP), ZOOM_STEP))).toBe('2.0×');
  });

  it('maps keys: + - 0 anywhere in the player, arrows and Escape on the picture only', () => {
    expect(zoomKeyAction('+', false)).toEqual({ kind: 'zoom', factor: ZOOM_STEP });
    expect(zoomKeyAction('=', false)).toEqual({ kind: 'zoom', factor: ZOOM_STEP });
    expect(zoomKeyAction('-', false)).toEqual({ kind: 'zoom', factor: 1 / ZOOM_STEP });
    expect(zoomKeyAction('0', false)).toEqual({ kind: 'reset' });
    expect(zoomKeyAction('ArrowLeft', false)).toBeNull();
    expect(zoomKeyAction('Escape', false)).toBeNull();
    expect(zoomKeyAction('Escape', true)).toEqual({ kind: 'reset' });
    expect(zoomKeyAction('ArrowRight', true)).toEqual({ kind: 'pan', dx: -0.1, dy: 0 });
    expect(zoomKeyAction('ArrowUp', true)).toEqual({ kind: 'pan', dx: 0, dy: 0.1 });
    expect(zoomKeyAction('a', true)).toBeNull();
  });
});

describe('frame step', () => {
  it('takes the measured frame length, else the camera’s rate (at least 1 fps), else 5 fps', () => {
    expect(frameSeconds(0.1, 5)).toBe(0.1);
    expect(frameSeconds(null, 10)).toBe(0.1);
    expect(frameSeconds(null, 0.5)).toBe(1);
    expect(frameSeconds(null, 0)).toBe(0.2);
    expect(frameSeconds(3, 4)).toBe(0.25);
  });

  it('measures the frame length as the shortest gap between frames seen', () => {
    expect(frameSecondsFromSamples([0.2, 0.1])).toBeNull();
    expect(frameSecondsFromSamples([0.2, 0.1, 0.3, 0.1])).toBe(0.1);
    expect(frameSecondsFromSamples([0, 0.001, 5, 0.2, 0.2, 0.4])).toBe(0.2);
  });

  const base = { duration: 60, frameSec: 0.2, hasPrevious: true, hasNext: true };

  it('moves one frame within the clip', () => {
    expect(frameStep({ ...base, currentTime: 10, direction: 1 })).toEqual({ kind: 'seek', seconds: 10.2 });
    expect(frameStep({ ...base, currentTime: 10, direction: -1 })).toEqual({ kind: 'seek', seconds: 9.8 });
    expect(frameStep({ ...base, currentTime: 0.2, direction: -1 })).toEqual({ kind: 'seek', seconds: 0 });
    const last = frameStep({ ...base, currentTime: 59.7, direction: 1 });
    expect(last.kind).toBe('seek');
    expect(last.kind === 'seek' && last.seconds).toBeCloseTo(59.9);
  });

  it('crosses into the neighbouring minute at the clip’s ends', () => {
    expect(frameStep({ ...base, currentTime: 59.85, direction: 1 })).toEqual({
      kind: 'neighbour',
      direction: 1,
      seconds: 0,
    });
    expect(frameStep({ ...base, currentTime: 0.05, direction: -1 })).toEqual({
      kind: 'neighbour',
      direction: -1,
      seconds: 0.1,
    });
  });

  it('stops at the edge when no minute is recorded that way', () => {
    const lone = { ...base, hasPrevious: false, hasNext: false };
    expect(frameStep({ ...lone, currentTime: 59.9, direction: 1 })).toEqual({ kind: 'edge', edge: 'end' });
    expect(frameStep({ ...lone, currentTime: 0, direction: -1 })).toEqual({ kind: 'edge', edge: 'start' });
  });

  it('moves on in a stream without a known length', () => {
    expect(frameStep({ ...base, duration: Number.POSITIVE_INFINITY, currentTime: 5, direction: 1 })).toEqual({
      kind: 'seek',
      seconds: 5.2,
    });
  });

  it('finds the previous recorded minute and reads the keys', () => {
    const list = [{ has_data: true }, { has_data: false }, { has_data: true }];
    expect(previousMinuteWithData(list, 2)).toBe(0);
    expect(previousMinuteWithData(list, 0)).toBeNull();
    expect(frameStepKey('.')).toBe(1);
    expect(frameStepKey(',')).toBe(-1);
    expect(frameStepKey('x')).toBeNull();
  });
});
