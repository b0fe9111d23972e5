// Area polygon geometry (advanced.md §5), apart from the zod schema so the browser's area editor can check
// crossing lines without loading zod. Pure.

export interface Point {
  x: number;
  y: number;
}

const cross = (o: Point, a: Point, b: Point) => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);

const onSegment = (p: Point, a: Point, b: Point) =>
  Math.min(a.x, b.x) <= p.x &&
  p.x <= Math.max(a.x, b.x) &&
  Math.min(a.y, b.y) <= p.y &&
  p.y <= Math.max(a.y, b.y);

/** Whether segments ab and cd share any point, touching ends and collinear overlap included. */
export function segmentsIntersect(a: Point, b: Point, c: Point, d: Point): boolean {
  const d1 = cross(c, d, a);
  const d2 = cross(c, d, b);
  const d3 = cross(a, b, c);
  const d4 = cross(a, b, d);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  return (
    (d1 === 0 && onSegment(a, c, d)) ||
    (d2 === 0 && onSegment(b, c, d)) ||
    (d3 === 0 && onSegment(c, a, b)) ||
    (d4 === 0 && onSegment(d, a, b))
  );
}

/** Whether two non-adjacent edges of the closed polygon cross or touch ("intersecting lines are refused"). */
export function isSelfIntersecting(points: readonly Point[]): boolean {
  const n = points.length;
  if (n < 4) return false;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const adjacent = j === i + 1 || (i === 0 && j === n - 1);
      if (adjacent) continue;
      const a = points[i] as Point;
      const b = points[(i + 1) % n] as Point;
      const c = points[j] as Point;
      const d = points[(j + 1) % n] as Point;
      if (segmentsIntersect(a, b, c, d)) return true;
    }
  }
  return false;
}
