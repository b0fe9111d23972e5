// GET api/debug/environment, api/debug/mail-outbox and api/debug/client-errors: what the debug screen shows
// (core.md §2, §6: the debug right; the server answers 403 without it).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  debugClientErrorsCall,
  debugEnvironmentCall,
  debugMailOutboxCall,
} from '@camwatch/contract/debug';
import { routes } from '@camwatch/contract/routes';
import { callApi } from '../../../lib/api-client.ts';

export const debugQueryKey = ['debug'] as const;

export const debugEnvironmentQuery = queryOptions({
  queryKey: [...debugQueryKey, 'environment'] as const,
  queryFn: async ({ signal }) =>
    (await callApi<typeof debugEnvironmentCall>(routes.debugEnvironment, { signal })).data,
});

export const debugMailOutboxQuery = queryOptions({
  queryKey: [...debugQueryKey, 'mail-outbox'] as const,
  queryFn: async ({ signal }) =>
    (await callApi<typeof debugMailOutboxCall>(routes.debugMailOutbox, { signal })).data.mails,
});

export const debugClientErrorsQuery = queryOptions({
  queryKey: [...debugQueryKey, 'client-errors'] as const,
  queryFn: async ({ signal }) =>
    (await callApi<typeof debugClientErrorsCall>(routes.debugClientErrors, { signal })).data.errors,
});

export const useDebugEnvironment = (enabled: boolean) => useQuery({ ...debugEnvironmentQuery, enabled });
export const useDebugMailOutbox = (enabled: boolean) => useQuery({ ...debugMailOutboxQuery, enabled });
export const useDebugClientErrors = (enabled: boolean) => useQuery({ ...debugClientErrorsQuery, enabled });
