// The calls every TLT analysis makes (advanced.md §2-§5; TLT only), made once for each kind (person tracking,
// operation analysis): the customer's analyses (asked again every 2 s while one runs), one analysis with its result
// (likewise), the address of its CSV, a request, and the cameras with the kind's function (GET api/cameras with
// func[]=..., the camera list's own query shape). Each kind's api module gives its calls' routes and result type.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnalysisJob } from '@camwatch/contract/analysis-jobs';
import type { AnalysisJobState } from '@camwatch/contract/analysis-job-rules';
import type { CallDef } from '@camwatch/contract/call';
import type { CameraFunction, cameraListCall } from '@camwatch/contract/cameras';
import { PAGE_LIMIT } from '@camwatch/contract/constants';
import { routes } from '@camwatch/contract/routes';
import { analysisPollInterval } from '../analysis-job-rules.ts';
import { callApi, callUrl, type Route } from '../api-client.ts';

export interface AnalysisKindRoutes {
  /** The root of the kind's query keys ('person-tracking'). */
  key: string;
  list: Route<CallDef>;
  result: Route<CallDef>;
  request: Route<CallDef>;
  csvPath: string;
  func: CameraFunction;
}

export function analysisJobCalls<Result extends { analysis: { state: AnalysisJobState } }, Body>(
  kind: AnalysisKindRoutes,
) {
  const listKey = [kind.key, 'analyses'] as const;

  const analysesQueryOptions = (cameraCode: string | null) =>
    queryOptions({
      queryKey: [...listKey, 'list', cameraCode] as const,
      queryFn: async ({ signal }) =>
        (
          (await callApi(kind.list, {
            query: cameraCode ? { camera_code: cameraCode } : {},
            signal,
          })) as { data: { analyses: AnalysisJob[] } }
        ).data.analyses,
    });

  const useAnalyses = (cameraCode: string | null) =>
    useQuery({
      ...analysesQueryOptions(cameraCode),
      refetchInterval: (query) => analysisPollInterval(query.state.data?.map((a) => a.state)),
    });

  const resultQueryOptions = (id: string) =>
    queryOptions({
      queryKey: [...listKey, 'result', id] as const,
      queryFn: async ({ signal }) =>
        ((await callApi(kind.result, { params: { id }, signal })) as { data: Result }).data,
    });

  const useResult = (id: string) =>
    useQuery({
      ...resultQueryOptions(id),
      refetchInterval: (query) =>
        analysisPollInterval(query.state.data ? [query.state.data.analysis.state] : undefined),
      refetchIntervalInBackground: true,
    });

  /** The address of a completed analysis's CSV, in the reader's language. */
  const csvUrl = (id: string, lang: 'ja' | 'en') => callUrl(kind.csvPath, { id }, { lang });

  function useRequest(cameraCode: string) {
    const client = useQueryClient();
    return useMutation({
      mutationFn: async (body: Body): Promise<AnalysisJob> =>
        (
          (await callApi(kind.request, { params: { cameraCode }, body })) as {
            data: { analysis: AnalysisJob };
          }
        ).data.analysis,
      onSuccess: () => client.invalidateQueries({ queryKey: listKey }),
    });
  }

  /** The first page of the customer's cameras with the kind's function. */
  const useCameras = () =>
    useQuery({
      queryKey: [
        'cameras',
        'list',
        {
          page: 1,
          count: PAGE_LIMIT,
          filter: [],
          tags: [],
          func: [kind.func],
          watch_status: undefined,
        },
      ] as const,
      queryFn: async ({ signal }) =>
        (
          await callApi<typeof cameraListCall>(routes.cameraList, {
            query: { page: 1, count: PAGE_LIMIT, filter: [], tags: [], func: [kind.func] },
            signal,
          })
        ).data,
      staleTime: 60_000,
    });

  return { analysesQueryOptions, useAnalyses, resultQueryOptions, useResult, csvUrl, useRequest, useCameras };
}
