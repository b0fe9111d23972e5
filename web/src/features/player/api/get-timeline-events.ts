// GET api/events for one camera and period (issue 22), the continuous timeline's marks of the kinds its coverage
// does not count: a person tracked by the vision engine, and the camera going down and coming back up. Paged
// newest first; the strip takes at most PAGES_MAX pages of 100 of a window and says when there were more.
import { queryOptions } from '@tanstack/react-query';
import type { CameraEvent, EventPage, eventListCall } from '@camwatch/contract/events';
import { routes } from '@camwatch/contract/routes';
import { callApi } from '../../../lib/api-client.ts';
import { toOffsetIso } from '../../../lib/local-time.ts';

/** The kinds the strip marks from the events call (motion, entry and passes come counted with the coverage). */
export const TIMELINE_EVENT_KINDS = ['person', 'camera_down', 'camera_up'] as const;
/** Pages of 100 asked at most for one window. */
const PAGES_MAX = 5;

export interface TimelineEvents {
  events: Pick<CameraEvent, 'id' | 'kind' | 'at' | 'ends_at'>[];
  /** More events than PAGES_MAX pages hold: the oldest of the window are left out. */
  isCut: boolean;
}

export async function getTimelineEvents(
  code: string,
  fromMs: number,
  toMs: number,
  signal?: AbortSignal,
): Promise<TimelineEvents> {
  const events: TimelineEvents['events'] = [];
  let cursor: string | null = null;
  for (let page = 0; page < PAGES_MAX; page++) {
    const answer: { data: EventPage } = await callApi<typeof eventListCall>(routes.eventList, {
      query: {
        // Array keys without their brackets: the client adds `[]` to each (callUrl).
        camera: [code],
        kind: [...TIMELINE_EVENT_KINDS],
        from: toOffsetIso(fromMs),
        to: toOffsetIso(toMs),
        limit: 100,
        ...(cursor ? { cursor } : {}),
      },
      signal,
    });
    for (const event of answer.data.events)
      events.push({ id: event.id, kind: event.kind, at: event.at, ends_at: event.ends_at });
    cursor = answer.data.next_cursor;
    if (!cursor) break;
  }
  return { events, isCut: cursor !== null };
}

/** The events of one coverage page of the strip (same page boundaries, so panning reuses them). */
export const timelineEventsQueryOptions = (
  code: string,
  pageStart: number,
  pageEnd: number,
  nowMs: number,
) => {
  const holdsNow = pageEnd > nowMs - 2 * 60_000;
  return queryOptions({
    queryKey: ['events', 'timeline', code, pageStart, pageEnd] as const,
    queryFn: ({ signal }) => getTimelineEvents(code, pageStart, pageEnd, signal),
    staleTime: holdsNow ? 30_000 : 5 * 60_000,
    refetchInterval: holdsNow ? 60_000 : false,
  });
};
