// GET api/cameras/{camera_code}/archives: every minute of a display period (1, 6 or 24 hours; core.md §3, §7),
// and the hour of the first future archive asked again and again so new minutes appear (core.md §4).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { archivesCall } from '@camwatch/contract/archives';
import type { ArchivePeriodHours } from '@camwatch/contract/constants';
import { routes } from '@camwatch/contract/routes';
import { callApi } from '../../../lib/api-client.ts';
import { toOffsetIso } from '../player-rules.ts';

/** How often the hour of the first future archive is asked again while something is on its way. */
export const FUTURE_HOUR_REFRESH_MS = 20_000;

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

export const archivesQueryOptions = (code: string, start: number, period: ArchivePeriodHours) =>
  queryOptions({
    queryKey: ['archives', code, start, period] as const,
    queryFn: ({ signal }) => getArchives(code, start, period, signal),
    staleTime: 10_000,
  });

/** The minutes of the period starting at `start`; the previous period stays shown while the next loads. */
export const useArchives = (code: string, start: number, period: ArchivePeriodHours, enabled: boolean) =>
  useQuery({ ...archivesQueryOptions(code, start, period), enabled, placeholderData: keepPreviousData });

/** The hour of the first future archive, asked every 20 s; nothing while no archive is future. */
export const useFutureHour = (code: string, hourStart: number | null) =>
  useQuery({
    ...archivesQueryOptions(code, hourStart ?? 0, 1),
    enabled: hourStart !== null,
    staleTime: 0,
    refetchInterval: FUTURE_HOUR_REFRESH_MS,
  });
