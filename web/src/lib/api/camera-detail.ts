// GET api/cameras/{camera_code}: one camera's details, for every screen about one camera (the detail page, the
// camera list's information dialog, the analysis screens). One key, so moving between them asks once; a 404
// (unknown or another customer's camera) goes to notfound through the route loaders that load it.
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { cameraDetailCall } from '@camwatch/contract/cameras';
import { routes } from '@camwatch/contract/routes';
import { callApi } from '../api-client.ts';

export const getCameraDetail = async (code: string, signal?: AbortSignal) =>
  (await callApi<typeof cameraDetailCall>(routes.cameraDetail, { params: { camera_code: code }, signal }))
    .data;

export const cameraDetailQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ['cameras', 'detail', code] as const,
    queryFn: ({ signal }) => getCameraDetail(code, signal),
    staleTime: 30_000,
  });

/** The screen's camera, once its route loader has loaded it. */
export const useCameraDetailQuery = (code: string) => useSuspenseQuery(cameraDetailQueryOptions(code)).data;
