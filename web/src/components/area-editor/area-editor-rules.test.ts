import { describe, expect, it } from 'vitest';
import { AREA_POLYGON_MAX_POINTS } from '@camwatch/contract/constants';
import {
  addPoint,
  canClose,
  labelPosition,
  movePoint,
  normalizePoint,
  nudgePoint,
  pointFromClient,
  pointToPixels,
  polylineCrosses,
  removePoint,
  suggestedPoint,
  svgPoints,
  type Point,
} from './area-editor-rules.ts';

const p = (x: number, y: number): Point => ({ x, y });
const square = [p(0.1, 0.1), p(0.5, 0.1), p(0.5, 0.5), p(0.1, 0.5)];
const ring = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    normalizePoint(
      p(0.5 + 0.4 * Math.cos((2 * Math.PI * i) / n), 0.5 + 0.4 * Math.sin((2 * Math.PI * i) / n)),
    ),
  );

/** Adds the points one by one, as clicks would, and answers the outline (throws on a refusal). */
const draw = (points: Point[]) =>
  points.reduce<Point[]>((outline, point) => {
    const result = addPoint(outline, point);
    if (!result.ok) throw new Error(`refused ${JSON.stringify(point)}: ${result.reason}`);
    return result.points;
  }, []);

describe('area editor: adding points (advanced.md §5)', () => {
  it('advanced.md §5: points are added in order, up to 10; the 11th is refused', () => {
    expect(AREA_POLYGON_MAX_POINTS).toBe(10);
    const ten = draw(ring(10));
    expect(ten).toHaveLength(10);
    expect(canClose(ten)).toBe(true);
    expect(addPoint(ten, p(0.5, 0.5))).toEqual({ ok: false, reason: 'max_points' });
  });

  it('advanced.md §5: a point whose new line crosses the outline drawn so far is refused', () => {
    const triangle = draw([p(0.1, 0.1), p(0.3, 0.1), p(0.3, 0.3)]);
    // From (0.3, 0.3) up to (0.2, 0) the new line cuts the first line.
    expect(addPoint(triangle, p(0.2, 0))).toEqual({ ok: false, reason: 'crossing' });
    // Landing exactly on an earlier line counts as crossing too.
    expect(addPoint(triangle, p(0.2, 0.1))).toEqual({ ok: false, reason: 'crossing' });
  });

  it('advanced.md §5: a complete area stays complete: a point whose closing line would cross is refused', () => {
    const outline = draw(square);
    // After (0.1, 0.5), a point at (0.6, 0.3) would close back to (0.1, 0.1) across the square's right side.
    expect(addPoint(outline, p(0.6, 0.3))).toEqual({ ok: false, reason: 'crossing' });
    // Outside the square on the left, the outline simply grows.
    const grown = addPoint(outline, p(0.05, 0.3));
    expect(grown.ok && grown.points).toEqual([...square, p(0.05, 0.3)]);
  });

  it('advanced.md §5: a concave outline is fine', () => {
    const u = draw([
      p(0, 0),
      p(0, 0.2),
      p(0.3, 0.2),
      p(0.3, 0),
      p(0.2, 0),
      p(0.2, 0.1),
      p(0.1, 0.1),
      p(0.1, 0),
    ]);
    expect(canClose(u)).toBe(true);
    // Its closing line runs along y = 0; a last point past the notch would close through the other leg.
    expect(addPoint(u.slice(0, 7), p(0.25, 0.05))).toEqual({ ok: false, reason: 'crossing' });
  });

  it('advanced.md §5: points are kept inside the picture (0..1) at 4 decimals', () => {
    expect(normalizePoint(p(-0.2, 1.3))).toEqual(p(0, 1));
    expect(normalizePoint(p(0.123456, 0.98765))).toEqual(p(0.1235, 0.9877));
    const added = addPoint([], p(1.5, 0.33333));
    expect(added.ok && added.points).toEqual([p(1, 0.3333)]);
  });
});

describe('area editor: can close (advanced.md §5)', () => {
  it('advanced.md §5: needs 3 points and an outline whose lines do not cross', () => {
    expect(canClose([])).toBe(false);
    expect(canClose(square.slice(0, 2))).toBe(false);
    expect(canClose(square.slice(0, 3))).toBe(true);
    expect(canClose(square)).toBe(true);
    expect(canClose([p(0.1, 0.1), p(0.5, 0.5), p(0.5, 0.1), p(0.1, 0.5)])).toBe(false); // a bow tie
    expect(canClose(ring(11))).toBe(false);
  });

  it('advanced.md §5: two points at the same place are not an outline', () => {
    expect(polylineCrosses([p(0.1, 0.1), p(0.1, 0.1)])).toBe(true);
    expect(canClose([p(0.1, 0.1), p(0.4, 0.1), p(0.1, 0.1)])).toBe(false);
  });
});

describe('area editor: moving and removing points (advanced.md §5)', () => {
  it('advanced.md §5: a move that makes lines cross is refused; others are kept', () => {
    expect(movePoint(square, 2, p(0.05, 0.3))).toEqual({ ok: false, reason: 'crossing' });
    const moved = movePoint(square, 2, p(0.6, 0.6));
    expect(moved.ok && moved.points[2]).toEqual(p(0.6, 0.6));
  });

  it('advanced.md §5: arrow keys move a point by a step, inside the picture', () => {
    const right = nudgePoint(square, 1, 0.01, 0);
    expect(right.ok && right.points[1]).toEqual(p(0.51, 0.1));
    const up = nudgePoint(square, 0, 0, -0.5);
    expect(up.ok && up.points[0]).toEqual(p(0.1, 0));
    // Pushing the top-left corner right across the square's far side would cross.
    expect(nudgePoint(square, 3, 0.6, 0)).toEqual({ ok: false, reason: 'crossing' });
  });

  it('advanced.md §5: removing a point is always allowed', () => {
    expect(removePoint(square, 1)).toEqual([square[0], square[2], square[3]]);
    expect(removePoint(square, 9)).toEqual(square);
  });
});

describe('area editor: the keyboard’s next point (advanced.md §5)', () => {
  it('advanced.md §5: the suggested points build a complete outline without crossing', () => {
    let outline: Point[] = [];
    for (let i = 0; i < AREA_POLYGON_MAX_POINTS; i++) {
      const result = addPoint(outline, suggestedPoint(outline));
      expect(result.ok).toBe(true);
      if (result.ok) outline = result.points;
      if (outline.length >= 3) expect(canClose(outline)).toBe(true);
    }
    expect(outline).toHaveLength(AREA_POLYGON_MAX_POINTS);
  });

  it('advanced.md §5: near the picture’s edge the suggestion stays inside it', () => {
    for (const start of [p(0.95, 0.95), p(0, 0), p(1, 0), p(0, 1)]) {
      const second = suggestedPoint([start]);
      const third = suggestedPoint([start, second]);
      for (const point of [second, third]) {
        expect(point.x).toBeGreaterThanOrEqual(0);
        expect(point.x).toBeLessThanOrEqual(1);
        expect(point.y).toBeGreaterThanOrEqual(0);
        expect(point.y).toBeLessThanOrEqual(1);
      }
      expect(canClose([start, second, third])).toBe(true);
    }
  });
});

describe('area editor: pixels and picture coordinates (advanced.md §5)', () => {
  const box = { left: 100, top: 50, width: 640, height: 360 };

  it('advanced.md §5: a click is stored as 0..1 of the picture, whatever its size on screen', () => {
    expect(pointFromClient(100, 50, box)).toEqual(p(0, 0));
    expect(pointFromClient(420, 230, box)).toEqual(p(0.5, 0.5));
    expect(pointFromClient(740, 410, box)).toEqual(p(1, 1));
    // Outside the picture (a drag past its edge) is held at the edge.
    expect(pointFromClient(0, 500, box)).toEqual(p(0, 1));
    expect(pointFromClient(10, 10, { left: 0, top: 0, width: 0, height: 0 })).toEqual(p(0, 0));
  });

  it('advanced.md §5: 0..1 back to pixels, and as SVG points', () => {
    expect(pointToPixels(p(0.25, 0.5), { width: 640, height: 360 })).toEqual({ x: 160, y: 180 });
    expect(svgPoints([p(0, 0), p(0.5, 1)], { width: 200, height: 100 })).toBe('0.0,0.0 100.0,100.0');
    const back = pointFromClient(box.left + 160, box.top + 180, box);
    expect(back).toEqual(p(0.25, 0.5));
  });

  it('the name sits above the outline’s top-left corner, inside the picture', () => {
    expect(labelPosition(square, { width: 1000, height: 500 })).toEqual({ x: 100, y: 44 });
    expect(labelPosition([p(0.99, 0.01), p(0.95, 0.5), p(0.97, 0.4)], { width: 1000, height: 500 })).toEqual({
      x: 920,
      y: 21,
    });
    expect(labelPosition([], { width: 1000, height: 500 })).toEqual({ x: 0, y: 0 });
  });
});
