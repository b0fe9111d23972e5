// GET api/operation-analysis/camera/{cameraCode}/setting (advanced.md §7): the camera's operation areas and
// detection setting; 404 when the camera is unknown, has no operation analysis, or the mode is not TLT.
// Same key and answer as the detail page's video info, so a save there shows at once.
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { operationAnalysisSettingCall } from '@camwatch/contract/operation-analysis';
import { routes } from '@camwatch/contract/routes';
import { callApi } from '../../../lib/api-client.ts';

export const settingQueryKey = (cameraCode: string) => ['operation-analysis', 'setting', cameraCode] as const;

export const settingQueryOptions = (cameraCode: string) =>
  queryOptions({
    queryKey: settingQueryKey(cameraCode),
    queryFn: async ({ signal }) =>
      (
        await callApi<typeof operationAnalysisSettingCall>(routes.operationAnalysisSetting, {
          params: { cameraCode },
          signal,
        })
      ).data,
    staleTime: 60_000,
  });

/** The screen's setting; its route loader has loaded it already. */
export const useOperationAnalysisSetting = (cameraCode: string) =>
  useSuspenseQuery(settingQueryOptions(cameraCode)).data;
