// GET api/cameras: one page of the cameras, filtered (core.md §7). The query's signal cancels an earlier
// pending request when the list asks for another page or filter.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { cameraListCall } from '@camwatch/contract/cameras';
import { routes } from '@camwatch/contract/routes';
import { callApi } from '../../../lib/api-client.ts';
import { cameraListQuery, parseListState, parsePage } from '../list-query.ts';
import { queryClient } from '../../../lib/query-client.ts';

export type CameraListParams = ReturnType<typeof cameraListQuery>;

export const getCameras = async (query: CameraListParams, signal?: AbortSignal) =>
  (await callApi<typeof cameraListCall>(routes.cameraList, { query, signal })).data;

export const cameraListQueryOptions = (query: CameraListParams) =>
  queryOptions({
    queryKey: ['cameras', 'list', query] as const,
    queryFn: ({ signal }) => getCameras(query, signal),
    // An answer the route's loader asked for moments before the page mounted is not asked for again.
    staleTime: 5_000,
  });

export const useCameras = (query: CameraListParams) =>
  useQuery({ ...cameraListQueryOptions(query), placeholderData: keepPreviousData });

/**
 * The list route's head start: its page of cameras is asked for alongside the screen's code instead of once
 * the screen has rendered (not awaited: the screen shows its own loading state). The multi-video view's page
 * size depends on the screen, so the screen asks for that one itself.
 */
export function prefetchCameraList(pageParam: string | undefined, search: URLSearchParams): void {
  const state = parseListState(search);
  if (state.view === 'multi') return;
  void queryClient.prefetchQuery(cameraListQueryOptions(cameraListQuery(parsePage(pageParam), state)));
}
