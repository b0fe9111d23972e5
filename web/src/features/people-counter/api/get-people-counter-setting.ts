// GET api/people-counter/camera/{cameraCode}/setting: the camera's people counter setting, or the defaults
// with `saved: false`; 404 when the camera is unknown or has no people counter, 403 without analytics.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { peopleCounterSettingCall } from '@camwatch/contract/people-counter';
import { routes } from '@camwatch/contract/routes';
import { callApi } from '../../../lib/api-client.ts';

export const peopleCounterSettingQueryKey = (cameraCode: string) =>
  ['people-counter', 'setting', cameraCode] as const;

export const peopleCounterSettingQueryOptions = (cameraCode: string) =>
  queryOptions({
    queryKey: peopleCounterSettingQueryKey(cameraCode),
    queryFn: async ({ signal }) =>
      (
        await callApi<typeof peopleCounterSettingCall>(routes.peopleCounterSetting, {
          params: { cameraCode },
          signal,
        })
      ).data,
    // The dialog starts from what is saved now (another person may have changed it).
    staleTime: 0,
    retry: false,
  });

export const usePeopleCounterSetting = (cameraCode: string, enabled: boolean) =>
  useQuery({ ...peopleCounterSettingQueryOptions(cameraCode), enabled });
