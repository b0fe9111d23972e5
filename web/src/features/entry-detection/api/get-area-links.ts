// GET api/enter-alert/camera/{cameraCode}/area-links (advanced.md §2, §5): the camera's area links, oldest
// first; 404 when the camera is unknown, lacks entry detection, or the mode is not TLT. Same key and answer as
// the detail page's video info, so a change here shows there at once.
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { areaLinkListCall } from '@camwatch/contract/entry-detection';
import { routes } from '@camwatch/contract/routes';
import { callApi } from '../../../lib/api-client.ts';

/** The key of the camera's links; one link's key starts with it, so invalidating it refreshes both. */
export const areaLinksQueryKey = (cameraCode: string) => ['enter-alert', 'area-links', cameraCode] as const;

export const areaLinksQueryOptions = (cameraCode: string) =>
  queryOptions({
    queryKey: areaLinksQueryKey(cameraCode),
    queryFn: async ({ signal }) =>
      (await callApi<typeof areaLinkListCall>(routes.areaLinkList, { params: { cameraCode }, signal })).data
        .areaLinks,
    staleTime: 60_000,
  });

/** The screen's links; its route loader has loaded them already. */
export const useAreaLinks = (cameraCode: string) => useSuspenseQuery(areaLinksQueryOptions(cameraCode)).data;
