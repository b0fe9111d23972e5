// GET api/cameras/{camera_code}: one camera's details, for screens about one camera (its name, picture and
// size). Same key and answer as the detail page's camera, so moving between them asks once.
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { cameraDetailCall } from '@camwatch/contract/cameras';
import { routes } from '@camwatch/contract/routes';
import { callApi } from './api-client.ts';

export const cameraDetailQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ['cameras', 'detail', code] as const,
    queryFn: async ({ signal }) =>
      (await callApi<typeof cameraDetailCall>(routes.cameraDetail, { params: { camera_code: code }, signal }))
        .data,
    staleTime: 30_000,
  });

/** The screen's camera, once its route loader has loaded it. */
export const useCameraDetailQuery = (code: string) => useSuspenseQuery(cameraDetailQueryOptions(code)).data;
