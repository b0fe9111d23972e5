// When a failed read is asked again (core.md §8; issue 17 point 3). 4xx answers do not get better by asking
// again (401 already sends the user to login, 404 to notfound), so only 5xx answers and requests that got no
// answer are retried: twice at once by TanStack Query (1 s, 2 s), then, while the screen shows its error
// state, by itself with the spec's backoff (5 s, doubled each time, at most 5 times; core.md §9 'retry max 5
// with base 5 s doubling').
import { ApiError } from './api-client.ts';

/** Quick retries of a query before its screen shows the error state. */
export const QUICK_QUERY_RETRIES = 2;
export const AUTO_RETRY = { baseMs: 5_000, factor: 2, max: 5 } as const;

/** Whether asking again may help: a 5xx, or no answer at all (network error, server down); not a 4xx. */
export const isRetryableError = (error: unknown): boolean =>
  error instanceof ApiError ? error.status >= 500 : !(error instanceof Error && error.name === 'AbortError');

/** TanStack Query's `retry` for reads. */
export const shouldRetryQuery = (failureCount: number, error: unknown): boolean =>
  isRetryableError(error) && failureCount < QUICK_QUERY_RETRIES;

/** The wait before the error state's n-th automatic retry (0-based); null when it has tried enough. */
export const autoRetryDelayMs = (attempt: number): number | null =>
  attempt < AUTO_RETRY.max ? AUTO_RETRY.baseMs * AUTO_RETRY.factor ** attempt : null;
