// GET api/enter-alert/camera/{code}/alerts: the entry alerts of one local day (the report's data).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { enterAlertListCall } from '@camwatch/contract/entry-detection';
import { routes } from '@camwatch/contract/routes';
import { callApi } from '../../../lib/api-client.ts';
import { nextLocalMidnight, toOffsetIso } from '../../../lib/local-time.ts';

export const alertsQueryOptions = (cameraCode: string, dayStartMs: number) =>
  queryOptions({
    queryKey: ['enter-alert', 'alerts', cameraCode, dayStartMs] as const,
    queryFn: async ({ signal }) =>
      (
        await callApi<typeof enterAlertListCall>(routes.enterAlertList, {
          params: { cameraCode },
          query: {
            start_datetime: toOffsetIso(dayStartMs),
            end_datetime: toOffsetIso(nextLocalMidnight(dayStartMs)),
          },
          signal,
        })
      ).data.alerts,
    // New alerts arrive with each recorded minute: today's report refreshes itself.
    staleTime: 30_000,
    refetchInterval: (query) => (Date.now() < nextLocalMidnight(query.queryKey[3]) ? 60_000 : false),
  });

export const useAlerts = (cameraCode: string, dayStartMs: number) =>
  useQuery({ ...alertsQueryOptions(cameraCode, dayStartMs), placeholderData: keepPreviousData });
