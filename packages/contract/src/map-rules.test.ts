import { describe, expect, it } from 'vitest';
import { DEFAULT_MAP_CENTER } from './constants.ts';
import { isValidCoordinate, mapViewFor, markerKindForZoom } from './map-rules.ts';

describe('marker kind by zoom', () => {
  it('core.md §4: up to 5 a national total marker', () => {
    expect(markerKindForZoom(0)).toBe('national');
    expect(markerKindForZoom(5)).toBe('national');
  });

  it('core.md §4: 6-7 area counts', () => {
    expect(markerKindForZoom(6)).toBe('area');
    expect(markerKindForZoom(7)).toBe('area');
  });

  it('core.md §4: 8-12 city counts', () => {
    expect(markerKindForZoom(8)).toBe('city');
    expect(markerKindForZoom(12)).toBe('city');
  });

  it('core.md §4: above 12 individual cameras', () => {
    expect(markerKindForZoom(13)).toBe('camera');
    expect(markerKindForZoom(18)).toBe('camera');
  });
});

describe('coordinates', () => {
  it('core.md §5: latitude above 90 or longitude above 180 is invalid', () => {
    expect(isValidCoordinate(90, 180)).toBe(true);
    expect(isValidCoordinate(90.1, 139)).toBe(false);
    expect(isValidCoordinate(35, 180.5)).toBe(false);
    expect(isValidCoordinate(-91, 139)).toBe(false);
    expect(isValidCoordinate(null, 139)).toBe(false);
    expect(isValidCoordinate(Number.NaN, 139)).toBe(false);
  });

  it('core.md §5: an invalid point falls back to the default centre in Tokyo at zoom 16', () => {
    expect(mapViewFor(95, 139, 10)).toEqual({ center: DEFAULT_MAP_CENTER, zoom: 16, isValid: false });
    expect(DEFAULT_MAP_CENTER.lat).toBeCloseTo(35.68, 1);
    expect(DEFAULT_MAP_CENTER.lng).toBeCloseTo(139.77, 1);
  });

  it('core.md §4: a valid point is kept', () => {
    expect(mapViewFor(34.7, 135.5, 12)).toEqual({
      center: { lat: 34.7, lng: 135.5 },
      zoom: 12,
      isValid: true,
    });
    expect(mapViewFor(34.7, 135.5).zoom).toBe(16);
  });
});
