// The moments the service accepts as input: recordings, reports and periods between 2000 and 2100 (UTC).
// Outside that, dates are typos or probes: year 0000 broke PostgreSQL (a 500) and 1970 named a minute no camera
// recorded. One bound for every date of the contract, so each call answers 400 naming the field.
import { z } from 'zod';

export const SERVICE_YEAR_MIN = 2000;
export const SERVICE_YEAR_MAX = 2100;
const MIN_MS = Date.UTC(SERVICE_YEAR_MIN, 0, 1);
/** The last moment of SERVICE_YEAR_MAX. */
const MAX_MS = Date.UTC(SERVICE_YEAR_MAX + 1, 0, 1) - 1;

export const BOUNDS_MESSAGE = `must be between ${SERVICE_YEAR_MIN} and ${SERVICE_YEAR_MAX}`;

/** Whether a time (ms since the epoch) lies within the service's years. */
export const isWithinServiceYears = (ms: number): boolean => ms >= MIN_MS && ms <= MAX_MS;

/** For ISO dates and date-times: Date.parse, and NaN (unparseable) counts as outside. */
export const isIsoWithinServiceYears = (value: string): boolean => isWithinServiceYears(Date.parse(value));

/** Milliseconds since the epoch within the service's years (query values, so coerced from text). */
export const epochMsSchema = z.coerce
  .number()
  .int()
  .refine(isWithinServiceYears, { message: BOUNDS_MESSAGE });
