// Person tracking calls (advanced.md §2-§7; TLT only): the customer's analyses (asked again every 2 s while one
// runs), one analysis's result (likewise), a request, a camera's setting and its change, and the cameras with the
// function (GET api/cameras with func[]=person_tracking, the camera list's own query shape).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnalysisJob } from '@camwatch/contract/analysis-jobs';
import type { cameraListCall } from '@camwatch/contract/cameras';
import { PAGE_LIMIT } from '@camwatch/contract/constants';
import type {
  PersonTrackingSetting,
  personTrackingListCall,
  personTrackingRequestCall,
  personTrackingResultCall,
  personTrackingSettingCall,
  personTrackingSettingUpdateCall,
} from '@camwatch/contract/person-tracking';
import { routes } from '@camwatch/contract/routes';
import { callApi, callUrl } from '../../../lib/api-client.ts';
import { analysisPollInterval } from '../../../lib/analysis-job-rules.ts';

const listKey = ['person-tracking', 'analyses'] as const;

export const analysesQueryOptions = (cameraCode: string | null) =>
  queryOptions({
    queryKey: [...listKey, 'list', cameraCode] as const,
    queryFn: async ({ signal }) =>
      (
        await callApi<typeof personTrackingListCall>(routes.personTrackingList, {
          query: cameraCode ? { camera_code: cameraCode } : {},
          signal,
        })
      ).data.analyses,
  });

export const useAnalyses = (cameraCode: string | null) =>
  useQuery({
    ...analysesQueryOptions(cameraCode),
    refetchInterval: (query) => analysisPollInterval(query.state.data?.map((a) => a.state)),
  });

export const resultQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...listKey, 'result', id] as const,
    queryFn: async ({ signal }) =>
      (
        await callApi<typeof personTrackingResultCall>(routes.personTrackingResult, {
          params: { id },
          signal,
        })
      ).data,
  });

export const useResult = (id: string) =>
  useQuery({
    ...resultQueryOptions(id),
    refetchInterval: (query) =>
      analysisPollInterval(query.state.data ? [query.state.data.analysis.state] : undefined),
    refetchIntervalInBackground: true,
  });

/** The address of a completed analysis's CSV, in the reader's language. */
export const csvUrl = (id: string, lang: 'ja' | 'en') =>
  callUrl(routes.personTrackingCsv.path, { id }, { lang });

export function useRequestAnalysis(cameraCode: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (period: { start: string; end: string }): Promise<AnalysisJob> =>
      (
        await callApi<typeof personTrackingRequestCall>(routes.personTrackingRequest, {
          params: { cameraCode },
          body: period,
        })
      ).data.analysis,
    onSuccess: () => client.invalidateQueries({ queryKey: listKey }),
  });
}

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

/** The first page of the customer's cameras with person tracking. */
export const useTrackingCameras = () =>
  useQuery({
    queryKey: [
      'cameras',
      'list',
      {
        page: 1,
        count: PAGE_LIMIT,
        filter: [],
        tags: [],
        func: ['person_tracking'],
        watch_status: undefined,
      },
    ] as const,
    queryFn: async ({ signal }) =>
      (
        await callApi<typeof cameraListCall>(routes.cameraList, {
          query: { page: 1, count: PAGE_LIMIT, filter: [], tags: [], func: ['person_tracking'] },
          signal,
        })
      ).data,
    staleTime: 60_000,
  });
