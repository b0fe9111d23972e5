// The archives of one minute, and of the minute after it, for every camera of the wall (core.md §4; issue 22
// synced playback preloads the next minute's clips): each camera's hour is asked once (the detail page's
// 1-hour query, lib/api/archives.ts: one cache entry for both), and the next hour too at minute 59; the
// minutes' entries are picked out. When no camera has data the hour is asked again after 5, 10, 20, 40 and
// 80 s before the wall gives up and shows no data. A minute that ended in the last 5 minutes is asked again
// every 10 s for the cameras without it (their clips may still be uploading), so those tiles join.
import { useQueries, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ArchiveEntry } from '@camwatch/contract/archives';
import { archivesQueryKey, hourArchivesQueryOptions } from '../../../lib/api/archives.ts';
import { nextWallMinute, noDataRetryDelayMs, wallHourStart } from '../wall-rules.ts';
import { shouldRefreshMinute } from '../sync-rules.ts';

/** How often a recent minute is asked again for the cameras without it. */
const REFRESH_MS = 10_000;

export interface WallMinute {
  minuteMs: number;
  /** Per camera (in the order given): the minute's entry, null while unknown or when the hour failed. */
  entries: (ArchiveEntry | null)[];
  /** Every camera's hour has answered (or failed). */
  isSettled: boolean;
  hasAnyData: boolean;
}

export interface WallArchive extends WallMinute {
  /** The minute after: its clips are preloaded so the tiles move on together. */
  next: WallMinute;
  /** Retries used while no camera had data. */
  retries: number;
  /** Five retries found nothing. */
  hasGivenUp: boolean;
}

type HourQuery = UseQueryResult<ArchiveEntry[]>;

function minuteOfQueries(minuteMs: number, queries: HourQuery[]): WallMinute {
  const entries = queries.map(
    (query) => query.data?.find((entry) => Date.parse(entry.start_time) === minuteMs) ?? null,
  );
  return {
    minuteMs,
    entries,
    // A refetch in the background keeps the answer it has: settled means every hour answered once.
    isSettled: queries.every((query) => query.data !== undefined || query.isError),
    hasAnyData: entries.some((entry) => entry?.has_data),
  };
}

export function useWallArchive(codes: readonly string[], minuteMs: number, enabled: boolean): WallArchive {
  const queryClient = useQueryClient();
  const hourStart = wallHourStart(minuteMs);
  const nextMinuteMs = nextWallMinute(minuteMs).minuteMs;
  const nextHourStart = wallHourStart(nextMinuteMs);
  const hours = nextHourStart === hourStart ? [hourStart] : [hourStart, nextHourStart];
  const queries = useQueries({
    queries: hours.flatMap((hour) =>
      codes.map((code) => ({ ...hourArchivesQueryOptions(code, hour), enabled })),
    ),
  });
  const current = minuteOfQueries(minuteMs, queries.slice(0, codes.length));
  const next = minuteOfQueries(nextMinuteMs, queries.slice(hours.length === 1 ? 0 : codes.length));
  const isFetching = queries.slice(0, codes.length).some((query) => query.isFetching);

  // The retry count belongs to one minute of one set of cameras.
  const key = `${minuteMs}|${codes.join(',')}`;
  const [retry, setRetry] = useState({ key, count: 0 });
  const retries = retry.key === key ? retry.count : 0;

  const isWaitingForData = enabled && current.isSettled && !current.hasAnyData && codes.length > 0;
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

  // Cameras still without a recent minute (this one or the next) are asked again until they have it.
  const missing = [current, next]
    .filter((minute) => minute.hasAnyData || minute === next)
    .flatMap((minute) =>
      codes
        .filter((_, index) => !minute.entries[index]?.has_data)
        .map((code) => ({ code, minuteMs: minute.minuteMs })),
    );
  const missingKey = JSON.stringify(missing);
  useEffect(() => {
    const wanted = JSON.parse(missingKey) as { code: string; minuteMs: number }[];
    if (!enabled || wanted.length === 0) return;
    const timer = setInterval(() => {
      const now = Date.now();
      const asked = new Set<string>();
      for (const { code, minuteMs: minute } of wanted) {
        const hour = wallHourStart(minute);
        if (!shouldRefreshMinute(minute, now) || asked.has(JSON.stringify([code, hour]))) continue;
        asked.add(JSON.stringify([code, hour]));
        void queryClient.invalidateQueries({ queryKey: archivesQueryKey(code, hour, 1), exact: true });
      }
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [enabled, missingKey, queryClient]);

  return {
    ...current,
    next,
    retries,
    hasGivenUp: isWaitingForData && !isFetching && noDataRetryDelayMs(retries) === null,
  };
}
