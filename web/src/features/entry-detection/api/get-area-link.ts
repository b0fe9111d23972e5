// GET api/enter-alert/camera/{cameraCode}/area-links/{id}: the area link being edited; 404 (or 400 for an id
// that cannot be one) goes to notfound.
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { areaLinkGetCall } from '@camwatch/contract/entry-detection';
import { routes } from '@camwatch/contract/routes';
import { callApi } from '../../../lib/api-client.ts';
import { areaLinksQueryKey } from './get-area-links.ts';

export const areaLinkQueryOptions = (cameraCode: string, id: string) =>
  queryOptions({
    queryKey: [...areaLinksQueryKey(cameraCode), id] as const,
    queryFn: async ({ signal }) =>
      (await callApi<typeof areaLinkGetCall>(routes.areaLinkGet, { params: { cameraCode, id }, signal }))
        .data,
    staleTime: 60_000,
  });

/** The screen's link; its route loader has loaded it already. */
export const useAreaLink = (cameraCode: string, id: string) =>
  useSuspenseQuery(areaLinkQueryOptions(cameraCode, id)).data;
