// GET api/cameras: one page of the cameras, filtered (core.md §7). The query's signal cancels an earlier
// pending request when the list asks for another page or filter.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { cameraListCall } from '@camwatch/contract/cameras';
import { routes } from '@camwatch/contract/routes';
import { callApi } from '../../../lib/api-client.ts';
import type { cameraListQuery } from '../list-query.ts';

export type CameraListParams = ReturnType<typeof cameraListQuery>;

export const getCameras = async (query: CameraListParams, signal?: AbortSignal) =>
  (await callApi<typeof cameraListCall>(routes.cameraList, { query, signal })).data;

export const useCameras = (query: CameraListParams) =>
  useQuery({
    queryKey: ['cameras', 'list', query] as const,
    queryFn: ({ signal }) => getCameras(query, signal),
    placeholderData: keepPreviousData,
  });
