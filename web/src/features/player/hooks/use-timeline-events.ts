// The events call's marks for the continuous timeline's window (issue 22): persons tracked, camera down and up,
// asked by the same pages as the coverage, so panning reuses them. Nothing is asked without a width yet.
import { keepPreviousData, useQueries } from '@tanstack/react-query';
import { coveragePageMs } from '@camwatch/contract/coverage-rules';
import { timelineEventsQueryOptions, type TimelineEvents } from '../api/get-timeline-events.ts';

export interface TimelineMark {
  id: string;
  kind: TimelineEvents['events'][number]['kind'];
  atMs: number;
  endMs: number | null;
}

export function useTimelineEvents(
  code: string,
  pages: readonly number[],
  bucketSec: number,
  nowMs: number,
  isEnabled: boolean,
) {
  const queries = useQueries({
    queries: pages.map((page) => ({
      ...timelineEventsQueryOptions(code, page, page + coveragePageMs(bucketSec), nowMs),
      enabled: isEnabled,
      placeholderData: keepPreviousData,
    })),
  });
  const byId = new Map<string, TimelineMark>();
  for (const query of queries)
    for (const event of query.data?.events ?? [])
      byId.set(event.id, {
        id: event.id,
        kind: event.kind,
        atMs: Date.parse(event.at),
        endMs: event.ends_at ? Date.parse(event.ends_at) : null,
      });
  return {
    marks: [...byId.values()],
    isCut: queries.some((q) => q.data?.isCut),
  };
}
