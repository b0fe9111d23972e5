// Map data: camera counts per area and city, locations in a box, and one location's cameras (core.md §3, §4, §7).
// Every call takes the camera list's filters so the map shows the same cameras as the list.
import { z } from 'zod';
import { defineCall } from './call.ts';
import { cameraFilterQuery, cameraListItemSchema } from './cameras.ts';
import { dataEnvelope, errorBody, validationErrorBody } from './envelope.ts';

const countFields = {
  camera_count: z.number().int().nonnegative(),
  latitude: z.number(),
  longitude: z.number(),
};

export const mapAreaSchema = z.object({ area_jp: z.string(), ...countFields }).meta({ id: 'MapArea' });
export type MapArea = z.infer<typeof mapAreaSchema>;

export const mapCitySchema = z.object({ city_jp: z.string(), ...countFields }).meta({ id: 'MapCity' });
export type MapCity = z.infer<typeof mapCitySchema>;

export const mapLocationSchema = z
  .object({
    location_code: z.string(),
    location_name: z.string(),
    location_address: z.string(),
    ...countFields,
  })
  .meta({ id: 'MapLocation' });
export type MapLocation = z.infer<typeof mapLocationSchema>;

/** A camera as the range call lists it: enough for the site's marker (count, selected camera); the rest
 * comes with the site's own call when its marker is clicked. */
export const mapCameraSchema = z
  .object({ camera_code: z.string(), camera_name: z.string(), watch_status: z.enum(['down', 'normal']) })
  .meta({ id: 'MapCamera' });
export type MapCamera = z.infer<typeof mapCameraSchema>;

export const mapRangeLocationSchema = mapLocationSchema
  .extend({ cameras: z.array(mapCameraSchema) })
  .meta({ id: 'MapRangeLocation' });
export type MapRangeLocation = z.infer<typeof mapRangeLocationSchema>;

export const mapLocationWithCamerasSchema = mapLocationSchema
  .extend({ cameras: z.array(cameraListItemSchema) })
  .meta({ id: 'MapLocationWithCameras' });
export type MapLocationWithCameras = z.infer<typeof mapLocationWithCamerasSchema>;

export const locationAreaCall = defineCall({
  method: 'GET',
  path: '/api/locations/area',
  summary: 'Camera counts per area (map zoom 6-7)',
  source: 'core.md §7 (path from the issue)',
  tags: ['locations'],
  access: 'session',
  query: cameraFilterQuery,
  responses: {
    200: dataEnvelope(z.object({ areas: z.array(mapAreaSchema) })),
    400: validationErrorBody,
    401: errorBody,
  },
});

export const locationCityCall = defineCall({
  method: 'GET',
  path: '/api/locations/city',
  summary: 'Camera counts per city (map zoom 8-12)',
  source: 'core.md §7 (path from the issue)',
  tags: ['locations'],
  access: 'session',
  query: cameraFilterQuery,
  responses: {
    200: dataEnvelope(z.object({ cities: z.array(mapCitySchema) })),
    400: validationErrorBody,
    401: errorBody,
  },
});

const latitude = z.coerce.number().min(-90).max(90);
const longitude = z.coerce.number().min(-180).max(180);

export const locationRangeQuery = cameraFilterQuery
  .extend({ lat_min: latitude, lat_max: latitude, lng_min: longitude, lng_max: longitude })
  .refine((q) => q.lat_min <= q.lat_max, { message: 'must not be below lat_min', path: ['lat_max'] })
  .refine((q) => q.lng_min <= q.lng_max, { message: 'must not be below lng_min', path: ['lng_max'] });
export type LocationRangeQuery = z.infer<typeof locationRangeQuery>;

export const locationRangeCall = defineCall({
  method: 'GET',
  path: '/api/locations/range',
  summary: 'Locations inside a latitude/longitude box with their matching cameras (map zoom above 12)',
  source: 'core.md §7 (path from the issue)',
  tags: ['locations'],
  access: 'session',
  query: locationRangeQuery,
  responses: {
    200: dataEnvelope(z.object({ locations: z.array(mapRangeLocationSchema) })),
    400: validationErrorBody,
    401: errorBody,
  },
});

export const locationCodeParams = z.object({ location_code: z.string().min(1).max(64) });

export const locationDetailCall = defineCall({
  method: 'GET',
  path: '/api/locations/:location_code',
  summary: 'One location with its matching cameras (the marker’s camera list)',
  source: 'core.md §7 (path from the issue)',
  tags: ['locations'],
  access: 'session',
  params: locationCodeParams,
  query: cameraFilterQuery,
  responses: {
    200: dataEnvelope(mapLocationWithCamerasSchema),
    400: validationErrorBody,
    401: errorBody,
    404: errorBody,
  },
});
