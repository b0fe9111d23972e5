// PUT api/operation-analysis/camera/{cameraCode}/setting/area-setting (advanced.md §5, §7): replaces the
// camera's operation areas; needs configOperationAnalysis (403), 400 names the field.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AreaSettingBody, operationAreaSettingUpdateCall } from '@camwatch/contract/operation-analysis';
import { routes } from '@camwatch/contract/routes';
import { callApi } from '../../../lib/api-client.ts';
import { settingQueryKey } from './get-operation-analysis-setting.ts';

export const updateAreaSetting = async (cameraCode: string, body: AreaSettingBody) =>
  (
    await callApi<typeof operationAreaSettingUpdateCall>(routes.operationAreaSettingUpdate, {
      params: { cameraCode },
      body,
    })
  ).data;

export function useUpdateAreaSetting(cameraCode: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AreaSettingBody) => updateAreaSetting(cameraCode, body),
    onSuccess: (setting) => queryClient.setQueryData(settingQueryKey(cameraCode), setting),
  });
}
