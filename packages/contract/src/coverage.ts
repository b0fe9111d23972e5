// The recorded coverage of a camera over a period (issue 22, continuous timeline): per bucket of whole minutes,
// how much was recorded and how many minutes saw motion or an entry alert and how many people passed; the
// buckets left out are gaps where nothing was recorded. With the camera's first and last recorded minute, so
// a client can say where its recordings begin and end.
import { z } from 'zod';
import { defineCall } from './call.ts';
import { cameraCodeParams, dateTimeSchema } from './cameras.ts';
import {
  COVERAGE_BUCKET_MAX_SEC,
  COVERAGE_BUCKET_MIN_SEC,
  COVERAGE_MAX_BUCKETS,
  COVERAGE_MAX_DAYS,
  COVERAGE_MAX_MS,
  coverageBucketCount,
} from './coverage-rules.ts';
import { dataEnvelope, errorBody, validationErrorBody } from './envelope.ts';

export const coverageQuery = z
  .object({
    /** Start of the period (rounded down to its minute); the answer's times are written in its offset. */
    from: dateTimeSchema,
    /** End of the period, exclusive. */
    to: dateTimeSchema,
    /** Bucket length in seconds: a whole number of minutes, 60 to 86400. */
    bucket: z.coerce
      .number()
      .int()
      .min(COVERAGE_BUCKET_MIN_SEC)
      .max(COVERAGE_BUCKET_MAX_SEC)
      .refine((sec) => sec % 60 === 0, { message: 'must be a whole number of minutes (seconds)' }),
  })
  .refine((q) => Date.parse(q.from) < Date.parse(q.to), { message: 'must be after from', path: ['to'] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= COVERAGE_MAX_MS, {
    message: `must be at most ${COVERAGE_MAX_DAYS} days after from`,
    path: ['to'],
  })
  .refine(
    (q) => coverageBucketCount(Date.parse(q.from), Date.parse(q.to), q.bucket) <= COVERAGE_MAX_BUCKETS,
    {
      message: `makes more than ${COVERAGE_MAX_BUCKETS} buckets of the period: choose a larger one`,
      path: ['bucket'],
    },
  );
export type CoverageQuery = z.infer<typeof coverageQuery>;

export const coverageBucketSchema = z
  .object({
    /** Start of the bucket, in the offset of `from`. */
    start: dateTimeSchema,
    /** Seconds recorded in the bucket (0 to its length). */
    recorded_sec: z.number().min(0),
    /** Recorded minutes in which the motion job saw motion. */
    motion: z.number().int().min(0),
    /** Recorded minutes with an entry alert. */
    enter_alert: z.number().int().min(0),
    /** People counter passes completed in the bucket. */
    people: z.number().int().min(0),
  })
  .meta({ id: 'CoverageBucket' });
export type CoverageBucket = z.infer<typeof coverageBucketSchema>;

export const coverageSchema = z
  .object({
    from: dateTimeSchema,
    to: dateTimeSchema,
    bucket_sec: z.number().int(),
    /** Buckets with a recording or an event, oldest first; the ones left out are gaps. */
    buckets: z.array(coverageBucketSchema),
    /** The camera's oldest and newest recorded minute (any period); null when it has none. */
    first_recorded: dateTimeSchema.nullable(),
    last_recorded: dateTimeSchema.nullable(),
  })
  .meta({ id: 'Coverage' });
export type Coverage = z.infer<typeof coverageSchema>;

export const coverageCall = defineCall({
  method: 'GET',
  path: '/api/cameras/:camera_code/coverage',
  summary:
    'What a camera recorded over a period of at most 14 days, in buckets of whole minutes: recorded seconds and event counts (gaps left out)',
  source: 'issue 22 “continuous timeline” (path ours)',
  tags: ['archives'],
  access: 'session',
  params: cameraCodeParams,
  query: coverageQuery,
  responses: {
    200: dataEnvelope(coverageSchema),
    400: validationErrorBody,
    401: errorBody,
    403: errorBody,
    404: errorBody,
  },
});
