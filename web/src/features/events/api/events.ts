// GET api/events (keyset pages, filtered), GET api/events/filters and POST api/events/reviewed (issue 22 "Events page"). Marking events reviewed refreshes the pages' marks and the
// navigation's count.
import {
  keepPreviousData,
  type InfiniteData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  eventFilterOptionsCall,
  eventListCall,
  eventMarkReviewedCall,
  EventPage,
  MarkReviewedBody,
} from '@camwatch/contract/events';
import { routes } from '@camwatch/contract/routes';
import { callApi } from '../../../lib/api-client.ts';
import { withMarks, type EventsQuery } from '../event-filters.ts';
import { unreviewedCountQueryKey } from './unreviewed-count.ts';

export const EVENTS_PAGE = 50;

export const eventsQueryKey = ['events'] as const;

export const useEventPages = (query: EventsQuery | null) =>
  useInfiniteQuery({
    queryKey: [...eventsQueryKey, 'list', query ?? {}] as const,
    queryFn: async ({ signal, pageParam }) =>
      (
        await callApi<typeof eventListCall>(routes.eventList, {
          signal,
          query: { ...query, limit: EVENTS_PAGE, cursor: pageParam ?? undefined },
        })
      ).data,
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });

export const useEventFilterOptions = () =>
  useQuery({
    queryKey: [...eventsQueryKey, 'filters'] as const,
    queryFn: async ({ signal }) =>
      (await callApi<typeof eventFilterOptionsCall>(routes.eventFilterOptions, { signal })).data,
    staleTime: 60_000,
  });

export function useMarkReviewed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: MarkReviewedBody) =>
      (await callApi<typeof eventMarkReviewedCall>(routes.eventMarkReviewed, { body })).data,
    // The loaded pages take the marks as the server made them, without asking for every page again.
    onSuccess: (data, body) => {
      client.setQueryData(unreviewedCountQueryKey, data.count);
      client.setQueriesData<InfiniteData<EventPage>>({ queryKey: [...eventsQueryKey, 'list'] }, (old) =>
        old ? { ...old, pages: old.pages.map((page) => withMarks(page, body)) } : old,
      );
    },
  });
}
