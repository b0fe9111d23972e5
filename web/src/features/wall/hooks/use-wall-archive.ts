// The archives of one minute for every camera of the wall (core.md §4): each camera's hour is asked once
// (the detail page's 1-hour query, lib/api/archives.ts: one cache entry for both), the minute's entry picked
// out, and when no camera has data the hour is asked again after 5, 10, 20, 40 and 80 s before the wall gives
// up and shows no data.
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ArchiveEntry } from '@camwatch/contract/archives';
import { archivesQueryKey, hourArchivesQueryOptions } from '../../../lib/api/archives.ts';
import { noDataRetryDelayMs, wallHourStart } from '../wall-rules.ts';

export interface WallArchive {
  /** Per camera (in the order given): the minute's entry, null while unknown or when the hour failed. */
  entries: (ArchiveEntry | null)[];
  isSettled: boolean;
  hasAnyData: boolean;
  /** Retries used while no camera had data. */
  retries: number;
  /** Five retries found nothing. */
  hasGivenUp: boolean;
}

export function useWallArchive(codes: readonly string[], minuteMs: number, enabled: boolean): WallArchive {
  const queryClient = useQueryClient();
  const hourStart = wallHourStart(minuteMs);
  const queries = useQueries({
    queries: codes.map((code) => ({ ...hourArchivesQueryOptions(code, hourStart), enabled })),
  });
  const entries = queries.map(
    (query) => query.data?.find((entry) => Date.parse(entry.start_time) === minuteMs) ?? null,
  );
  const isSettled = queries.every(
    (query) => !query.isFetching && (query.data !== undefined || query.isError),
  );
  const hasAnyData = entries.some((entry) => entry?.has_data);

  // The retry count belongs to one minute of one set of cameras.
  const key = `${minuteMs}|${codes.join(',')}`;
  const [retry, setRetry] = useState({ key, count: 0 });
  const retries = retry.key === key ? retry.count : 0;

  const isWaitingForData = enabled && isSettled && !hasAnyData && codes.length > 0;
  useEffect(() => {
    if (!isWaitingForData) return;
    const delay = noDataRetryDelayMs(retries);
    if (delay === null) return;
    const timer = setTimeout(() => {
      setRetry({ key, count: retries + 1 });
      for (const code of codes)
        void queryClient.invalidateQueries({ queryKey: archivesQueryKey(code, hourStart, 1), exact: true });
    }, delay);
    return () => clearTimeout(timer);
  }, [isWaitingForData, retries, key, codes, hourStart, queryClient]);

  return {
    entries,
    isSettled,
    hasAnyData,
    retries,
    hasGivenUp: isWaitingForData && noDataRetryDelayMs(retries) === null,
  };
}
