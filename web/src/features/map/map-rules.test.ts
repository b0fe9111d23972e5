import { describe, expect, it } from 'vitest';
import type { MapRangeLocation } from '@camwatch/contract/locations';
import { camerasBounds, focusOf, markersFor, rangeQueryOf, WORLD_BOX, ZOOM_INTO } from './map-rules.ts';

const areas = [
  { area_jp: '東京都', camera_count: 3, latitude: 35.6, longitude: 139.7 },
  { area_jp: '大阪府', camera_count: 1, latitude: 34.6, longitude: 135.5 },
];
const cities = [
  { city_jp: '渋谷区', camera_count: 2, latitude: 35.66, longitude: 139.7 },
  { city_jp: '中央区', camera_count: 1, latitude: 34.67, longitude: 135.5 },
];
const site = (code: string, cameras: string[]): MapRangeLocation => ({
  location_code: code,
  location_name: `site ${code}`,
  location_address: '',
  latitude: 35.66,
  longitude: 139.7,
  camera_count: cameras.length,
  cameras: cameras.map((camera_code) => ({ camera_code, camera_name: camera_code, watch_status: 'normal' })),
});

describe('zoom-level aggregation', () => {
  it('core.md §4: up to zoom 5 one national total marker (all areas, weighted position)', () => {
    for (const zoom of [0, 3, 5]) {
      const markers = markersFor(zoom, { areas, cities }, null);
      expect(markers).toHaveLength(1);
      expect(markers[0]).toMatchObject({ kind: 'national', count: 4, color: 'green' });
      expect(markers[0]!.lat).toBeCloseTo((35.6 * 3 + 34.6) / 4, 6);
      expect(markers[0]!.lng).toBeCloseTo((139.7 * 3 + 135.5) / 4, 6);
    }
    expect(markersFor(5, { areas: [] }, null)[0]).toMatchObject({ count: 0, lat: 36.2, lng: 138.25 });
    expect(markersFor(5, {}, null)).toEqual([]);
  });

  it('core.md §4: zoom 6-7 area counts', () => {
    for (const zoom of [6, 7]) {
      const markers = markersFor(zoom, { areas, cities }, null);
      expect(markers.map((m) => [m.kind, m.name, m.count, m.color])).toEqual([
        ['area', '東京都', 3, 'purple'],
        ['area', '大阪府', 1, 'purple'],
      ]);
    }
  });

  it('core.md §4: zoom 8-12 city counts', () => {
    for (const zoom of [8, 12]) {
      const markers = markersFor(zoom, { areas, cities }, null);
      expect(markers.map((m) => [m.kind, m.name, m.count, m.color])).toEqual([
        ['city', '渋谷区', 2, 'yellow'],
        ['city', '中央区', 1, 'yellow'],
      ]);
      expect(new Set(markers.map((m) => m.key)).size).toBe(2);
    }
  });

  it('core.md §4: above zoom 12 individual sites; the selected camera’s marker is red', () => {
    const locations = [site('a', ['cam-1', 'cam-2']), site('b', []), site('c', ['cam-3'])];
    const markers = markersFor(13, { areas, cities, locations }, 'cam-2');
    expect(markers.map((m) => [m.kind, m.locationCode, m.count, m.color])).toEqual([
      ['camera', 'a', 2, 'red'],
      ['camera', 'b', 0, 'blue'],
      ['camera', 'c', 1, 'blue'],
    ]);
    expect(markersFor(16, { locations }, null).every((m) => m.color === 'blue')).toBe(true);
  });

  it('core.md §9: clicking an aggregate zooms to the next level (thresholds 5, 7, 12)', () => {
    expect(ZOOM_INTO).toEqual({ national: 6, area: 8, city: 13 });
  });
});

describe('coordinate fallback', () => {
  it('core.md §4: without a point, Tokyo at the default zoom 16 and no error', () => {
    expect(focusOf(null, null)).toEqual({ lat: 35.681236, lng: 139.767125, zoom: 16, invalid: false });
  });

  it('core.md §5: a valid point is the centre', () => {
    expect(focusOf('34.7', '135.5')).toEqual({ lat: 34.7, lng: 135.5, zoom: 16, invalid: false });
    expect(focusOf('-90', '-180')).toMatchObject({ lat: -90, lng: -180, invalid: false });
  });

  it('core.md §5: latitude above 90 or longitude above 180 falls back to Tokyo with the error', () => {
    const tokyo = { lat: 35.681236, lng: 139.767125, zoom: 16, invalid: true };
    expect(focusOf('95', '139.7')).toEqual(tokyo);
    expect(focusOf('35.6', '181')).toEqual(tokyo);
    expect(focusOf('35.6', null)).toEqual(tokyo);
    expect(focusOf('', '')).toEqual(tokyo);
    expect(focusOf('north', '139')).toEqual(tokyo);
    expect(focusOf('1e2', '139')).toEqual(tokyo);
  });
});

describe('default view: the customer’s cameras (issue 17 point 10; core.md §4 keeps Tokyo as the fallback)', () => {
  it('fits the box of every site with cameras', () => {
    const sapporo = { latitude: 43.06, longitude: 141.35 };
    const fukuoka = { latitude: 33.59, longitude: 130.4 };
    const shibuya = { latitude: 35.66, longitude: 139.7 };
    expect(camerasBounds([shibuya, sapporo, fukuoka])).toEqual({
      south: 33.59,
      west: 130.4,
      north: 43.06,
      east: 141.35,
    });
    // One site: a box of one point (the map zooms to it, no closer than the default zoom).
    expect(camerasBounds([shibuya])).toEqual({ south: 35.66, west: 139.7, north: 35.66, east: 139.7 });
  });

  it('leaves out invalid coordinates; none left: no box (Tokyo at zoom 16 stays)', () => {
    expect(
      camerasBounds([
        { latitude: 95, longitude: 139 },
        { latitude: 34.7, longitude: 135.5 },
      ]),
    ).toEqual({
      south: 34.7,
      west: 135.5,
      north: 34.7,
      east: 135.5,
    });
    expect(camerasBounds([{ latitude: 35, longitude: 181 }])).toBeNull();
    expect(camerasBounds([])).toBeNull();
  });

  it('asks the range call for the whole world to find them', () => {
    expect(rangeQueryOf(WORLD_BOX)).toEqual({ lat_min: -90, lat_max: 90, lng_min: -180, lng_max: 180 });
  });
});

describe('range query', () => {
  it('core.md §7: the visible box, clamped to valid coordinates and rounded', () => {
    expect(rangeQueryOf({ south: 35.123456789, west: 139.5, north: 35.9, east: 140.1 })).toEqual({
      lat_min: 35.12346,
      lat_max: 35.9,
      lng_min: 139.5,
      lng_max: 140.1,
    });
    expect(rangeQueryOf({ south: -95, west: -200, north: 95, east: 400 })).toEqual({
      lat_min: -90,
      lat_max: 90,
      lng_min: -180,
      lng_max: 180,
    });
  });
});
