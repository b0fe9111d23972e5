import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { autoRetryDelayMs, isRetryableError, shouldRetryQuery } from './query-retry.ts';

describe('issue 17 point 3 / core.md §8: which failed reads are asked again', () => {
  it('retries 5xx answers and requests without an answer, never a 4xx (401 login, 403, 404 notfound)', () => {
    expect(isRetryableError(new ApiError(500, null))).toBe(true);
    expect(isRetryableError(new ApiError(503, null))).toBe(true);
    expect(isRetryableError(new TypeError('Failed to fetch'))).toBe(true);
    for (const status of [400, 401, 403, 404, 409])
      expect(isRetryableError(new ApiError(status, null))).toBe(false);
    const abort = new Error('aborted');
    abort.name = 'AbortError';
    expect(isRetryableError(abort)).toBe(false);
  });

  it('asks twice more at once before the screen shows its error state', () => {
    expect(shouldRetryQuery(0, new ApiError(500, null))).toBe(true);
    expect(shouldRetryQuery(1, new ApiError(500, null))).toBe(true);
    expect(shouldRetryQuery(2, new ApiError(500, null))).toBe(false);
    expect(shouldRetryQuery(0, new ApiError(401, null))).toBe(false);
  });

  it('core.md §9: then by itself after 5 s, doubled each time, at most 5 times', () => {
    expect([0, 1, 2, 3, 4, 5].map(autoRetryDelayMs)).toEqual([5_000, 10_000, 20_000, 40_000, 80_000, null]);
  });
});
