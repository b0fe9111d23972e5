// GET api/notifications/read: unread counts per event type, polled every 60 s while web push is not
// subscribed (core.md §4, §9); with push on, a push (the service worker tells the app) refreshes them.
import { useQuery } from '@tanstack/react-query';
import type { notificationReadListCall } from '@camwatch/contract/notifications';
import { routes } from '@camwatch/contract/routes';
import { callApi } from '../../../lib/api-client.ts';

export const READ_STATE_POLL_MS = 60_000;
export const readStatesQueryKey = ['notifications', 'read'] as const;

export const useReadStates = (isPolling = true) =>
  useQuery({
    queryKey: readStatesQueryKey,
    queryFn: async ({ signal }) =>
      (await callApi<typeof notificationReadListCall>(routes.notificationReadList, { signal })).data.reads,
    refetchInterval: isPolling ? READ_STATE_POLL_MS : false,
    refetchIntervalInBackground: false,
  });
