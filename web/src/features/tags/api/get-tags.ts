// GET api/cameratags: the customer's tags with their cameras (core.md §7).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@camwatch/contract/routes';
import type { tagListCall } from '@camwatch/contract/tags';
import { callApi } from '../../../lib/api-client.ts';

export const tagsQueryKey = ['tags'] as const;

export const tagsQueryOptions = queryOptions({
  queryKey: tagsQueryKey,
  queryFn: async ({ signal }) => (await callApi<typeof tagListCall>(routes.tagList, { signal })).data.tags,
  staleTime: 30_000,
});

export const useTags = () => useQuery(tagsQueryOptions);
