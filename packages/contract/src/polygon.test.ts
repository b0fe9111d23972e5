import { describe, expect, it } from 'vitest';
import { isSelfIntersecting, polygonSchema, segmentsIntersect } from './polygon.ts';

const p = (x: number, y: number) => ({ x, y });
const square = [p(0, 0), p(1, 0), p(1, 1), p(0, 1)];
const bowtie = [p(0, 0), p(1, 1), p(1, 0), p(0, 1)];

describe('polygon', () => {
  it('advanced.md §5: intersecting lines are refused', () => {
    expect(isSelfIntersecting(square)).toBe(false);
    expect(isSelfIntersecting(bowtie)).toBe(true);
    expect(polygonSchema.safeParse(square).success).toBe(true);
    expect(polygonSchema.safeParse(bowtie).success).toBe(false);
  });

  it('advanced.md §5: a concave polygon is fine; a vertex touching another edge is not', () => {
    expect(isSelfIntersecting([p(0, 0), p(1, 0), p(0.5, 0.5), p(1, 1), p(0, 1)])).toBe(false);
    expect(isSelfIntersecting([p(0, 0), p(1, 0), p(0.5, 0), p(0.5, 1)])).toBe(true);
  });

  it('advanced.md §5: at most 10 points', () => {
    const ring = (n: number) =>
      Array.from({ length: n }, (_, i) =>
        p(0.5 + 0.4 * Math.cos((2 * Math.PI * i) / n), 0.5 + 0.4 * Math.sin((2 * Math.PI * i) / n)),
      );
    expect(polygonSchema.safeParse(ring(10)).success).toBe(true);
    expect(polygonSchema.safeParse(ring(11)).success).toBe(false);
    expect(polygonSchema.safeParse(ring(2)).success).toBe(false);
  });

  it('advanced.md §5: segments that merely share no point do not intersect', () => {
    expect(segmentsIntersect(p(0, 0), p(1, 0), p(0, 1), p(1, 1))).toBe(false);
    expect(segmentsIntersect(p(0, 0), p(1, 1), p(0, 1), p(1, 0))).toBe(true);
  });
});
