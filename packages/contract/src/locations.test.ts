import { describe, expect, it } from 'vitest';
import { locationRangeQuery } from './locations.ts';

const box = { lat_min: '35', lat_max: '36', lng_min: '139', lng_max: '140' };

describe('location range query', () => {
  it('core.md §7: range takes lat_min, lat_max, lng_min, lng_max as numbers', () => {
    expect(locationRangeQuery.parse(box)).toMatchObject({
      lat_min: 35,
      lat_max: 36,
      lng_min: 139,
      lng_max: 140,
    });
  });

  it('core.md §5: latitude beyond 90 or longitude beyond 180 is refused', () => {
    expect(locationRangeQuery.safeParse({ ...box, lat_max: '91' }).success).toBe(false);
    expect(locationRangeQuery.safeParse({ ...box, lng_max: '181' }).success).toBe(false);
    expect(locationRangeQuery.safeParse({ ...box, lat_min: '-91' }).success).toBe(false);
  });

  it('core.md §7: the box must not be upside down, and the list filters apply', () => {
    expect(locationRangeQuery.safeParse({ ...box, lat_min: '37' }).success).toBe(false);
    expect(locationRangeQuery.parse({ ...box, 'tags[]': 'T1' })['tags[]']).toEqual(['T1']);
  });
});
