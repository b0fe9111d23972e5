// GET api/cameras/{camera_code}: the camera whose entry detection is set (its name, picture and size); 404
// (unknown or another customer's) goes to notfound. Same key and answer as the detail page's camera.
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { cameraDetailCall } from '@camwatch/contract/cameras';
import { routes } from '@camwatch/contract/routes';
import { callApi } from '../../../lib/api-client.ts';

export const cameraQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ['cameras', 'detail', code] as const,
    queryFn: async ({ signal }) =>
      (await callApi<typeof cameraDetailCall>(routes.cameraDetail, { params: { camera_code: code }, signal }))
        .data,
    staleTime: 30_000,
  });

/** The screen's camera; its route loader has loaded it already. */
export const useCamera = (code: string) => useSuspenseQuery(cameraQueryOptions(code)).data;
