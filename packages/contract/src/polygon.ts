// Area polygons drawn on a camera image (advanced.md §5): at most 10 points, and no crossing edges.
import { z } from 'zod';
import { AREA_POLYGON_MAX_POINTS } from './constants.ts';
import { isSelfIntersecting } from './polygon-rules.ts';

// The geometry lives in polygon-rules.ts (no zod, for the browser); re-exported for the server's imports.
export { isSelfIntersecting, segmentsIntersect, type Point } from './polygon-rules.ts';

/** A vertex in image coordinates scaled to 0..1, so areas survive a change of resolution. */
export const pointSchema = z
  .object({ x: z.number().min(0).max(1), y: z.number().min(0).max(1) })
  .meta({ id: 'Point' });

export const polygonSchema = z
  .array(pointSchema)
  .min(3, { message: 'needs at least 3 points' })
  .max(AREA_POLYGON_MAX_POINTS, { message: `must have at most ${AREA_POLYGON_MAX_POINTS} points` })
  .refine((points) => !isSelfIntersecting(points), { message: 'lines must not intersect' });
