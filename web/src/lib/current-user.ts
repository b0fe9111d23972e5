// The logged-in user's info (GET api/auth/me), which the page base loads before any screen (core.md §1).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { meCall, UserInfo } from '@camwatch/contract/auth';
import { routes } from '@camwatch/contract/routes';
import { callApi } from './api-client.ts';

export const meQueryKey = ['auth', 'me'] as const;

export const getMe = async (signal?: AbortSignal): Promise<UserInfo> =>
  (await callApi<typeof meCall>(routes.me, { signal, unauthorizedIsAnswer: true })).data;

export const meQueryOptions = queryOptions({
  queryKey: meQueryKey,
  queryFn: ({ signal }) => getMe(signal),
  staleTime: 60_000,
});

/** The logged-in user; only used below the page base, which has loaded it already. */
export function useMe(): UserInfo {
  const { data } = useQuery(meQueryOptions);
  if (!data) throw new Error('useMe before the user info loaded');
  return data;
}
