// GET api/events/unreviewed-count (issue 22): the navigation's count of events the user has not reviewed. Apart from
// the page's calls, so the badge, loaded on every screen, carries nothing else of the feature.
import { useQuery } from '@tanstack/react-query';
import type { eventUnreviewedCountCall } from '@camwatch/contract/events';
import { routes } from '@camwatch/contract/routes';
import { callApi } from '../../../lib/api-client.ts';

/** The navigation's count is asked for again this often (and set after every mark). */
export const UNREVIEWED_POLL_MS = 60_000;
export const unreviewedCountQueryKey = ['events', 'unreviewed-count'] as const;

export const useUnreviewedCount = () =>
  useQuery({
    queryKey: unreviewedCountQueryKey,
    queryFn: async ({ signal }) =>
      (await callApi<typeof eventUnreviewedCountCall>(routes.eventUnreviewedCount, { signal })).data.count,
    refetchInterval: UNREVIEWED_POLL_MS,
    refetchIntervalInBackground: false,
  });
