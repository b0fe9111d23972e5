// GET api/cameras/{camera_code}: the detail page's camera; 404 (unknown or another customer's) goes to notfound.
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { cameraDetailCall } from '@camwatch/contract/cameras';
import { routes } from '@camwatch/contract/routes';
import { callApi } from '../../../lib/api-client.ts';

export const getCameraDetail = async (code: string, signal?: AbortSignal) =>
  (await callApi<typeof cameraDetailCall>(routes.cameraDetail, { params: { camera_code: code }, signal }))
    .data;

export const cameraDetailQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ['cameras', 'detail', code] as const,
    queryFn: ({ signal }) => getCameraDetail(code, signal),
    staleTime: 30_000,
  });

/** The camera of the page; its route loader has loaded it already. */
export const useCameraDetail = (code: string) => useSuspenseQuery(cameraDetailQueryOptions(code)).data;
