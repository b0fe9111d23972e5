// GET api/notifications (by event type, 20 a page) and PUT api/notifications/read/{event} (core.md §7, §9).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationEvent } from '@camwatch/contract/notification-tabs';
import type { notificationListCall, notificationMarkReadCall } from '@camwatch/contract/notifications';
import { routes } from '@camwatch/contract/routes';
import { NOTIFICATIONS_LIMIT } from '@camwatch/contract/constants';
import { callApi } from '../../../lib/api-client.ts';
import { readStatesQueryKey } from './get-read-states.ts';

export const useNotifications = (event: NotificationEvent, page: number) =>
  useQuery({
    queryKey: ['notifications', 'list', event, page],
    queryFn: async ({ signal }) =>
      (
        await callApi<typeof notificationListCall>(routes.notificationList, {
          query: { event, page, limit: NOTIFICATIONS_LIMIT },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (event: NotificationEvent) =>
      callApi<typeof notificationMarkReadCall>(routes.notificationMarkRead, { params: { event } }),
    onSuccess: () => client.invalidateQueries({ queryKey: readStatesQueryKey }),
  });
}
