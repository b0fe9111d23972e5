import { describe, expect, it } from 'vitest';
import { weatherFeatureCollectionSchema, weatherParams } from './weather.ts';

describe('weather', () => {
  it('core.md §5: date YYYY-MM-DD and time HH:mm are required', () => {
    expect(weatherParams.safeParse({ date: '2024-05-01', time: '09:30', type: 'warning' }).success).toBe(
      true,
    );
    expect(weatherParams.safeParse({ date: '2024-5-1', time: '09:30', type: 'warning' }).success).toBe(false);
    expect(weatherParams.safeParse({ date: '2024-05-01', time: '24:00', type: 'warning' }).success).toBe(
      false,
    );
  });

  it('core.md §9: the type is every category or one of the three', () => {
    for (const type of ['all', 'special_warning', 'warning', 'advisory'])
      expect(weatherParams.safeParse({ date: '2024-05-01', time: '09:30', type }).success, type).toBe(true);
    expect(weatherParams.safeParse({ date: '2024-05-01', time: '09:30', type: 'rain' }).success).toBe(false);
  });

  it('core.md §3: GeoJSON features with Polygon or MultiPolygon geometries and a warning category', () => {
    const ring = [
      [139, 35],
      [140, 35],
      [140, 36],
      [139, 35],
    ];
    const properties = {
      category: 'advisory',
      subtype: 'heavy_rain',
      kind_code: '10',
      area_code: '130010',
      area_name: 'Tokyo',
      reported_at: '2026-11-20T05:00:00+09:00',
    };
    const collection = {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', geometry: { type: 'Polygon', coordinates: [ring] }, properties },
        {
          type: 'Feature',
          geometry: { type: 'MultiPolygon', coordinates: [[ring], [ring]] },
          properties: { ...properties, category: 'special_warning' },
        },
      ],
    };
    expect(weatherFeatureCollectionSchema.parse(collection)).toEqual(collection);
    const point = { type: 'Feature', geometry: { type: 'Point', coordinates: [139, 35] }, properties };
    expect(weatherFeatureCollectionSchema.safeParse({ ...collection, features: [point] }).success).toBe(
      false,
    );
    const emergency = { ...collection.features[0], properties: { ...properties, category: 'emergency' } };
    expect(weatherFeatureCollectionSchema.safeParse({ ...collection, features: [emergency] }).success).toBe(
      false,
    );
  });
});
