// GET api/releases: release information, newest first (advanced.md §1, §3).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { releaseListCall } from '@camwatch/contract/releases';
import { routes } from '@camwatch/contract/routes';
import { callApi } from '../../../lib/api-client.ts';

export const releasesQueryKey = ['releases'] as const;

export const releasesQueryOptions = queryOptions({
  queryKey: releasesQueryKey,
  queryFn: async ({ signal }) =>
    (await callApi<typeof releaseListCall>(routes.releaseList, { signal })).data.releases,
  staleTime: 5 * 60_000,
});

export const useReleases = () => useQuery(releasesQueryOptions);
