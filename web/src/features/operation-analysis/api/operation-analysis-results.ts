// Operation analysis requests and results calls (advanced.md §2, §4, §5; TLT only): the customer's analyses (asked
// again every 2 s while one runs), one analysis's result (likewise), a request, and the cameras with the function
// (GET api/cameras with func[]=operation_analysis, the camera list's own query shape).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnalysisJob } from '@camwatch/contract/analysis-jobs';
import type { cameraListCall } from '@camwatch/contract/cameras';
import { PAGE_LIMIT } from '@camwatch/contract/constants';
import type {
  OperationAnalysisRequestBody,
  operationAnalysisListCall,
  operationAnalysisRequestCall,
  operationAnalysisResultCall,
} from '@camwatch/contract/operation-analysis';
import { routes } from '@camwatch/contract/routes';
import { analysisPollInterval } from '../../../lib/analysis-job-rules.ts';
import { callApi, callUrl } from '../../../lib/api-client.ts';

const listKey = ['operation-analysis', 'analyses'] as const;

export const analysesQueryOptions = (cameraCode: string | null) =>
  queryOptions({
    queryKey: [...listKey, 'list', cameraCode] as const,
    queryFn: async ({ signal }) =>
      (
        await callApi<typeof operationAnalysisListCall>(routes.operationAnalysisList, {
          query: cameraCode ? { camera_code: cameraCode } : {},
          signal,
        })
      ).data.analyses,
  });

export const useOperationAnalyses = (cameraCode: string | null) =>
  useQuery({
    ...analysesQueryOptions(cameraCode),
    refetchInterval: (query) => analysisPollInterval(query.state.data?.map((a) => a.state)),
  });

export const resultQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...listKey, 'result', id] as const,
    queryFn: async ({ signal }) =>
      (
        await callApi<typeof operationAnalysisResultCall>(routes.operationAnalysisResult, {
          params: { id },
          signal,
        })
      ).data,
  });

export const useOperationResult = (id: string) =>
  useQuery({
    ...resultQueryOptions(id),
    refetchInterval: (query) =>
      analysisPollInterval(query.state.data ? [query.state.data.analysis.state] : undefined),
    refetchIntervalInBackground: true,
  });

/** The address of a completed analysis's CSV, in the reader's language. */
export const csvUrl = (id: string, lang: 'ja' | 'en') =>
  callUrl(routes.operationAnalysisCsv.path, { id }, { lang });

export function useRequestOperationAnalysis(cameraCode: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: OperationAnalysisRequestBody): Promise<AnalysisJob> =>
      (
        await callApi<typeof operationAnalysisRequestCall>(routes.operationAnalysisRequest, {
          params: { cameraCode },
          body,
        })
      ).data.analysis,
    onSuccess: () => client.invalidateQueries({ queryKey: listKey }),
  });
}

/** The first page of the customer's cameras with operation analysis. */
export const useOperationCameras = () =>
  useQuery({
    queryKey: [
      'cameras',
      'list',
      {
        page: 1,
        count: PAGE_LIMIT,
        filter: [],
        tags: [],
        func: ['operation_analysis'],
        watch_status: undefined,
      },
    ] as const,
    queryFn: async ({ signal }) =>
      (
        await callApi<typeof cameraListCall>(routes.cameraList, {
          query: { page: 1, count: PAGE_LIMIT, filter: [], tags: [], func: ['operation_analysis'] },
          signal,
        })
      ).data,
    staleTime: 60_000,
  });
