// GET api/cameras/{camera_code}/coverage (issue 22): what a camera recorded per bucket over a period. The
// continuous timeline asks in pages (coverage-rules.ts) so panning reuses what it has; the page holding now is
// asked again each minute, as new minutes arrive.
import { queryOptions } from '@tanstack/react-query';
import type { coverageCall } from '@camwatch/contract/coverage';
import { coveragePageMs } from '@camwatch/contract/coverage-rules';
import { routes } from '@camwatch/contract/routes';
import { callApi } from '../../../lib/api-client.ts';
import { toOffsetIso } from '../../../lib/local-time.ts';

export const getCoverage = async (
  code: string,
  fromMs: number,
  toMs: number,
  bucketSec: number,
  signal?: AbortSignal,
) =>
  (
    await callApi<typeof coverageCall>(routes.coverage, {
      params: { camera_code: code },
      query: { from: toOffsetIso(fromMs), to: toOffsetIso(toMs), bucket: bucketSec },
      signal,
    })
  ).data;

/** One page of coverage at a bucket size, starting at `pageStart` (a multiple of its length). */
export const coveragePageQueryOptions = (
  code: string,
  bucketSec: number,
  pageStart: number,
  nowMs: number,
) => {
  const pageEnd = pageStart + coveragePageMs(bucketSec);
  const holdsNow = pageEnd > nowMs - 2 * 60_000;
  return queryOptions({
    queryKey: ['coverage', code, bucketSec, pageStart] as const,
    queryFn: ({ signal }) => getCoverage(code, pageStart, pageEnd, bucketSec, signal),
    staleTime: holdsNow ? 30_000 : 5 * 60_000,
    refetchInterval: holdsNow ? 60_000 : false,
  });
};

/** The coverage of one selected range (for its export), asked when the range is chosen. */
export const rangeCoverageQueryOptions = (code: string, fromMs: number, toMs: number, bucketSec: number) =>
  queryOptions({
    queryKey: ['coverage', code, 'range', fromMs, toMs, bucketSec] as const,
    queryFn: ({ signal }) => getCoverage(code, fromMs, toMs, bucketSec, signal),
    staleTime: 30_000,
  });
