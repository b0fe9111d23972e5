// PUT api/people-counter/camera/{cameraCode}/setting: replaces the camera's people counter setting; needs
// analytics (403); a 400 names each refused field with its reason.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  PeopleCounterSettingBody,
  peopleCounterSettingUpdateCall,
} from '@camwatch/contract/people-counter';
import { routes } from '@camwatch/contract/routes';
import { callApi } from '../../../lib/api-client.ts';
import { peopleCounterSettingQueryKey } from './get-people-counter-setting.ts';

export const savePeopleCounterSetting = async (cameraCode: string, body: PeopleCounterSettingBody) =>
  (
    await callApi<typeof peopleCounterSettingUpdateCall>(routes.peopleCounterSettingUpdate, {
      params: { cameraCode },
      body,
    })
  ).data;

export function useSavePeopleCounterSetting(cameraCode: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PeopleCounterSettingBody) => savePeopleCounterSetting(cameraCode, body),
    onSuccess: (answer) => queryClient.setQueryData(peopleCounterSettingQueryKey(cameraCode), answer),
  });
}
