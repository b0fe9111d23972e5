// The TLT areas the video info draws (core.md §2, advanced.md §5): the camera's entry detection area and
// machine area (GET api/enter-alert/camera/{code}/setting) and its operation areas
// (GET api/operation-analysis/camera/{code}/setting). Asked only when the checkbox is on.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { enterAlertSettingCall } from '@camwatch/contract/enter-alerts';
import type { operationAnalysisSettingCall } from '@camwatch/contract/operation-analysis';
import { routes } from '@camwatch/contract/routes';
import { callApi } from '../../../lib/api-client.ts';

/** Areas change only when someone edits the setting; a minute is fresh enough for the overlay. */
const AREAS_STALE_MS = 60_000;

export const enterAlertSettingQueryOptions = (cameraCode: string) =>
  queryOptions({
    queryKey: ['enter-alert', 'setting', cameraCode] as const,
    queryFn: async ({ signal }) =>
      (
        await callApi<typeof enterAlertSettingCall>(routes.enterAlertSetting, {
          params: { cameraCode },
          signal,
        })
      ).data,
    staleTime: AREAS_STALE_MS,
  });

export const operationAnalysisSettingQueryOptions = (cameraCode: string) =>
  queryOptions({
    queryKey: ['operation-analysis', 'setting', cameraCode] as const,
    queryFn: async ({ signal }) =>
      (
        await callApi<typeof operationAnalysisSettingCall>(routes.operationAnalysisSetting, {
          params: { cameraCode },
          signal,
        })
      ).data,
    staleTime: AREAS_STALE_MS,
  });

export const useEnterAlertSetting = (cameraCode: string, enabled: boolean) =>
  useQuery({ ...enterAlertSettingQueryOptions(cameraCode), enabled });

export const useOperationAnalysisSetting = (cameraCode: string, enabled: boolean) =>
  useQuery({ ...operationAnalysisSettingQueryOptions(cameraCode), enabled });
