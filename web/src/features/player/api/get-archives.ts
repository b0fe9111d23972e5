// The detail page's archives (core.md §3, §7): the display period's minutes, and the hour of the first future
// archive asked again and again so new minutes appear (core.md §4). The call and its key are shared
// (lib/api/archives.ts), so the wall's hour and the page's are one cache entry.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ArchivePeriodHours } from '@camwatch/contract/constants';
import { archivesQueryOptions, hourArchivesQueryOptions } from '../../../lib/api/archives.ts';

/** How often the hour of the first future archive is asked again while something is on its way. */
export const FUTURE_HOUR_REFRESH_MS = 20_000;

/** The minutes of the period starting at `start`; the previous period stays shown while the next loads. */
export const useArchives = (code: string, start: number, period: ArchivePeriodHours, enabled: boolean) =>
  useQuery({ ...archivesQueryOptions(code, start, period), enabled, placeholderData: keepPreviousData });

/** The hour of the first future archive, asked every 20 s; nothing while no archive is future. */
export const useFutureHour = (code: string, hourStart: number | null) =>
  useQuery({
    ...hourArchivesQueryOptions(code, hourStart ?? 0),
    enabled: hourStart !== null,
    staleTime: 0,
    refetchInterval: FUTURE_HOUR_REFRESH_MS,
  });
