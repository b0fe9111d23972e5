// GET api/cameras/{camera_code}/archives: every minute of one hour (core.md §3, §7).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { archivesCall } from '@camwatch/contract/archives';
import { routes } from '@camwatch/contract/routes';
import { callApi } from '../../../lib/api-client.ts';
import { toOffsetIso } from '../player-rules.ts';

/** The hour still being recorded is asked again this often, so new minutes appear. */
const CURRENT_HOUR_REFRESH_MS = 30_000;

export const getArchives = async (code: string, hourStart: number, signal?: AbortSignal) =>
  (
    await callApi<typeof archivesCall>(routes.archives, {
      params: { camera_code: code },
      query: { start_date: toOffsetIso(hourStart), period: 1 },
      signal,
    })
  ).data.archives;

export const archivesQueryOptions = (code: string, hourStart: number) =>
  queryOptions({
    queryKey: ['archives', code, hourStart] as const,
    queryFn: ({ signal }) => getArchives(code, hourStart, signal),
    staleTime: 10_000,
  });

export const useArchives = (code: string, hourStart: number, enabled: boolean) =>
  useQuery({
    ...archivesQueryOptions(code, hourStart),
    enabled,
    placeholderData: keepPreviousData,
    refetchInterval: () => (Date.now() < hourStart + 3_600_000 ? CURRENT_HOUR_REFRESH_MS : false),
  });
