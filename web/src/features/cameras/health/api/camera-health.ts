// GET api/cameras/{camera_code}/health and GET api/camera-health (issue 22): one camera's health, and a page of
// the customer's cameras in order of trouble. Both refresh every 30 s while shown (the watcher checks every 5 s).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { cameraHealthCall, cameraHealthListCall } from '@camwatch/contract/camera-health';
import { routes } from '@camwatch/contract/routes';
import { callApi } from '../../../../lib/api-client.ts';

export const HEALTH_REFRESH_MS = 30_000;

export const useCameraHealth = (code: string) =>
  useQuery({
    queryKey: ['camera-health', 'camera', code] as const,
    queryFn: async ({ signal }) =>
      (
        await callApi<typeof cameraHealthCall>(routes.cameraHealth, {
          params: { camera_code: code },
          signal,
        })
      ).data,
    refetchInterval: HEALTH_REFRESH_MS,
  });

export const useCameraHealthList = (page: number) =>
  useQuery({
    queryKey: ['camera-health', 'list', page] as const,
    queryFn: async ({ signal }) =>
      (await callApi<typeof cameraHealthListCall>(routes.cameraHealthList, { query: { page }, signal })).data,
    placeholderData: keepPreviousData,
    refetchInterval: HEALTH_REFRESH_MS,
  });
