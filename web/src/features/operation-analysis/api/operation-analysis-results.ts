// Operation analysis requests and results calls (advanced.md §2, §4, §5; TLT only): the calls every TLT analysis
// makes (analysis-jobs: the customer's analyses and one analysis, asked again every 2 s while one runs, a request,
// the CSV, the cameras with the function) with operation analysis' routes.
import type {
  OperationAnalysisRequestBody,
  OperationAnalysisResult,
} from '@camwatch/contract/operation-analysis';
import { routes } from '@camwatch/contract/routes';
import { analysisJobCalls } from '../../../lib/api/analysis-job-calls.ts';

const calls = analysisJobCalls<OperationAnalysisResult, OperationAnalysisRequestBody>({
  key: 'operation-analysis',
  list: routes.operationAnalysisList,
  result: routes.operationAnalysisResult,
  request: routes.operationAnalysisRequest,
  csvPath: routes.operationAnalysisCsv.path,
  func: 'operation_analysis',
});

export const { resultQueryOptions, csvUrl } = calls;
export const useOperationAnalyses = calls.useAnalyses;
export const useOperationResult = calls.useResult;
export const useRequestOperationAnalysis = calls.useRequest;
export const useOperationCameras = calls.useCameras;
