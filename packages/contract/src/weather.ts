// Weather warnings overlaid on the map, as GeoJSON (core.md §2, §3, §4, §8).
// The answer is a bare FeatureCollection, not wrapped in `data`, so map libraries can draw it as it comes.
import { z } from 'zod';
import { defineCall } from './call.ts';
import { WEATHER_CATEGORIES } from './constants.ts';
import { errorBody, validationErrorBody } from './envelope.ts';
import { WEATHER_TYPES } from './map-rules.ts';
import { BOUNDS_MESSAGE, isIsoWithinServiceYears } from './time-bounds.ts';

export const weatherParams = z.object({
  date: z.iso.date().refine(isIsoWithinServiceYears, { message: BOUNDS_MESSAGE }),
  /** HH:mm */
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'must be HH:mm' }),
  /** Which warnings to draw: every category, or one of them (core.md §9's three categories). */
  type: z.enum(WEATHER_TYPES),
});
export type WeatherParams = z.infer<typeof weatherParams>;

export const weatherCategorySchema = z.enum(WEATHER_CATEGORIES);

/** `[longitude, latitude]`, optionally with an altitude, as GeoJSON writes positions. */
const position = z.array(z.number()).min(2).max(3);
const linearRing = z.array(position).min(4);
const polygonCoordinates = z.array(linearRing).min(1);

export const weatherGeometrySchema = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('Polygon'), coordinates: polygonCoordinates }),
    z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(polygonCoordinates) }),
  ])
  .meta({ id: 'WeatherGeometry' });

export const weatherFeatureSchema = z
  .object({
    type: z.literal('Feature'),
    geometry: weatherGeometrySchema,
    properties: z.object({
      category: weatherCategorySchema,
      /** Warning kind within the category (heavy_rain, flood, …), from the JMA kind code. */
      subtype: z.string(),
      /** The JMA warning kind code (two digits, e.g. "03" heavy-rain warning). */
      kind_code: z.string(),
      /** The JMA forecast area (class-10 area code and name) the polygon outlines. */
      area_code: z.string(),
      area_name: z.string(),
      /** When the JMA report that put this warning in force was issued (ISO 8601). */
      reported_at: z.iso.datetime({ offset: true }),
    }),
  })
  .meta({ id: 'WeatherFeature' });
export type WeatherFeature = z.infer<typeof weatherFeatureSchema>;

export const weatherFeatureCollectionSchema = z
  .object({ type: z.literal('FeatureCollection'), features: z.array(weatherFeatureSchema) })
  .meta({ id: 'WeatherFeatureCollection' });
export type WeatherFeatureCollection = z.infer<typeof weatherFeatureCollectionSchema>;

export const weatherCall = defineCall({
  method: 'GET',
  path: '/api/weather/:date/:time/:type',
  summary:
    'Weather warnings in force at a date and time (Japan time), as a GeoJSON FeatureCollection; 404 when no report was imported for that date',
  source: 'core.md §7 (path prefix from the issue)',
  tags: ['weather'],
  access: 'session',
  params: weatherParams,
  responses: {
    200: weatherFeatureCollectionSchema,
    400: validationErrorBody,
    401: errorBody,
    404: errorBody,
  },
});
