// Person tracking calls (advanced.md §2-§7; TLT only): the calls every TLT analysis makes (analysis-jobs: the
// customer's analyses and one analysis, asked again every 2 s while one runs, a request, the CSV, the cameras with
// the function) with person tracking's routes, and a camera's setting and its change.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  PersonTrackingResult,
  PersonTrackingSetting,
  personTrackingSettingCall,
  personTrackingSettingUpdateCall,
} from '@camwatch/contract/person-tracking';
import { routes } from '@camwatch/contract/routes';
import { callApi } from '../../../lib/api-client.ts';
import { analysisJobCalls } from '../../../lib/api/analysis-job-calls.ts';

const calls = analysisJobCalls<PersonTrackingResult, { start: string; end: string }>({
  key: 'person-tracking',
  list: routes.personTrackingList,
  result: routes.personTrackingResult,
  request: routes.personTrackingRequest,
  csvPath: routes.personTrackingCsv.path,
  func: 'person_tracking',
});

export const { useAnalyses, resultQueryOptions, useResult, csvUrl } = calls;
export const useRequestAnalysis = calls.useRequest;
export const useTrackingCameras = calls.useCameras;

export const settingQueryOptions = (cameraCode: string) =>
  queryOptions({
    queryKey: ['person-tracking', 'setting', cameraCode] as const,
    queryFn: async ({ signal }) =>
      (
        await callApi<typeof personTrackingSettingCall>(routes.personTrackingSetting, {
          params: { cameraCode },
          signal,
        })
      ).data,
    staleTime: 0,
  });

export const useTrackingSetting = (cameraCode: string | null) =>
  useQuery({ ...settingQueryOptions(cameraCode ?? ''), enabled: cameraCode !== null });

export function useUpdateTrackingSetting(cameraCode: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (setting: PersonTrackingSetting) =>
      (
        await callApi<typeof personTrackingSettingUpdateCall>(routes.personTrackingSettingUpdate, {
          params: { cameraCode },
          body: setting,
        })
      ).data,
    onSuccess: (saved) => client.setQueryData(settingQueryOptions(cameraCode).queryKey, saved),
  });
}
