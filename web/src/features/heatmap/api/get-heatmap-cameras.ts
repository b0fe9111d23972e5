// GET api/cameras narrowed to the heatmap function (core.md §7, func[]=heatmap): the cameras the screen can show,
// first page, searched by the words typed in the camera choice (the list's filter[] words, core.md §5). The query
// has the camera list's own shape (features/cameras/list-query.ts), so a list page with the same filter shares
// the answer.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { cameraListCall } from '@camwatch/contract/cameras';
import { PAGE_LIMIT } from '@camwatch/contract/constants';
import { splitKeywords } from '@camwatch/contract/keyword';
import { routes } from '@camwatch/contract/routes';
import { callApi } from '../../../lib/api-client.ts';

export const heatmapCamerasQueryOptions = (typed: string) => {
  const query = {
    page: 1,
    count: PAGE_LIMIT,
    filter: splitKeywords(typed),
    tags: [] as string[],
    func: ['heatmap'],
    watch_status: undefined,
  };
  return queryOptions({
    queryKey: ['cameras', 'list', query] as const,
    queryFn: async ({ signal }) =>
      (await callApi<typeof cameraListCall>(routes.cameraList, { query, signal })).data,
    staleTime: 60_000,
  });
};

export const useHeatmapCameras = (typed: string) =>
  useQuery({ ...heatmapCamerasQueryOptions(typed), placeholderData: keepPreviousData });
