// Weather warnings overlaid on the map, as GeoJSON (core.md §2, §3, §4, §8).
// The answer is a bare FeatureCollection, not wrapped in `data`, so map libraries can draw it as it comes.
import { z } from 'zod';
import { defineCall } from './call.ts';
import { WEATHER_CATEGORIES } from './constants.ts';
import { errorBody, validationErrorBody } from './envelope.ts';

export const weatherParams = z.object({
  date: z.iso.date(),
  /** HH:mm */
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'must be HH:mm' }),
  /** Kind of overlay; the spec does not list the kinds. */
  type: z
    .string()
    .min(1)
    .max(50)
    .regex(/^[A-Za-z0-9_-]+$/),
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
      /** Warning kind within the category (heavy rain, flood, …); the list is not shown in the spec. */
      subtype: z.string(),
      area_name: z.string(),
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
    'Weather warnings in force at a date and time, as a GeoJSON FeatureCollection; 404 when none is known',
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
