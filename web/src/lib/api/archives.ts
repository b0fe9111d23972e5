// GET api/cameras/{camera_code}/archives: every minute of a display period (1, 6 or 24 hours; core.md §3, §7).
// One query key per camera, start and period, so the detail page's hour and the wall's hour of the same camera
// are one cache entry, asked once.
import { queryOptions } from '@tanstack/react-query';
import type { archivesCall } from '@camwatch/contract/archives';
import type { ArchivePeriodHours } from '@camwatch/contract/constants';
import { routes } from '@camwatch/contract/routes';
import { callApi } from '../api-client.ts';
import { toOffsetIso } from '../local-time.ts';

export const getArchives = async (
  code: string,
  start: number,
  period: ArchivePeriodHours,
  signal?: AbortSignal,
) =>
  (
    await callApi<typeof archivesCall>(routes.archives, {
      params: { camera_code: code },
      query: { start_date: toOffsetIso(start), period },
      signal,
    })
  ).data.archives;

/** The key of a camera's period: invalidate with it to ask again. */
export const archivesQueryKey = (code: string, start: number, period: ArchivePeriodHours) =>
  ['archives', code, start, period] as const;

export const archivesQueryOptions = (code: string, start: number, period: ArchivePeriodHours) =>
  queryOptions({
    queryKey: archivesQueryKey(code, start, period),
    queryFn: ({ signal }) => getArchives(code, start, period, signal),
    staleTime: 10_000,
  });

/** One hour of one camera starting at `hourStart` (the wall's, and the detail page's 1-hour period). */
export const hourArchivesQueryOptions = (code: string, hourStart: number) =>
  archivesQueryOptions(code, hourStart, 1);
