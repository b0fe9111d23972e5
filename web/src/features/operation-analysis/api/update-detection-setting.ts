// PUT api/operation-analysis/camera/{cameraCode}/setting/detection-setting (advanced.md §3, §7): replaces the
// camera's detection thresholds; needs configOperationAnalysis (403), 400 names the field.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  DetectionSettingBody,
  operationDetectionSettingUpdateCall,
} from '@camwatch/contract/operation-analysis';
import { routes } from '@camwatch/contract/routes';
import { callApi } from '../../../lib/api-client.ts';
import { settingQueryKey } from './get-operation-analysis-setting.ts';

export const updateDetectionSetting = async (cameraCode: string, body: DetectionSettingBody) =>
  (
    await callApi<typeof operationDetectionSettingUpdateCall>(routes.operationDetectionSettingUpdate, {
      params: { cameraCode },
      body,
    })
  ).data;

export function useUpdateDetectionSetting(cameraCode: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DetectionSettingBody) => updateDetectionSetting(cameraCode, body),
    onSuccess: (setting) => queryClient.setQueryData(settingQueryKey(cameraCode), setting),
  });
}
