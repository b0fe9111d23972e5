// HTTP for a camera's operation analysis setting (advanced.md §7): read it, replace its detection setting,
// replace its operation areas; and analyses (issue 15): a request for one, the customer's analyses, one analysis's
// result and its CSV.
import {
  operationAnalysisCsvCall,
  operationAnalysisListCall,
  operationAnalysisRequestCall,
  operationAnalysisResultCall,
  operationAnalysisSettingCall,
  operationAreaSettingUpdateCall,
  operationDetectionSettingUpdateCall,
} from '@camwatch/contract/operation-analysis';
import { serve, type ServeContext } from '../../http/serve.ts';
import { attachmentDisposition } from '../media/byte-range.ts';
import type { OperationAnalysisService } from './operation-analysis.service.ts';

export function registerOperationAnalysisRoutes(
  ctx: ServeContext,
  operationAnalysis: OperationAnalysisService,
): void {
  serve(ctx, operationAnalysisSettingCall, async ({ auth, params }) => ({
    data: await operationAnalysis.get(auth, params.cameraCode),
  }));
  serve(ctx, operationDetectionSettingUpdateCall, async ({ auth, params, body, record }) => {
    const setting = await operationAnalysis.setDetection(auth, params.cameraCode, body);
    await record({
      kind: 'camera_setting_changed',
      cameraCode: params.cameraCode,
      detail: { setting: 'operation_detection' },
    });
    return { data: setting };
  });
  serve(ctx, operationAreaSettingUpdateCall, async ({ auth, params, body, record }) => {
    const setting = await operationAnalysis.setAreas(auth, params.cameraCode, body.operationAreaList);
    await record({
      kind: 'camera_setting_changed',
      cameraCode: params.cameraCode,
      detail: { setting: 'operation_areas', areas: body.operationAreaList.length },
    });
    return { data: setting };
  });
  serve(ctx, operationAnalysisRequestCall, async ({ auth, params, body, record }) => {
    const analysis = await operationAnalysis.request(auth, params.cameraCode, body);
    await record({
      kind: 'download_requested',
      cameraCode: params.cameraCode,
      target: `operation_analysis:${analysis.id}`,
      detail: { export: 'operation_analysis', from: analysis.start, to: analysis.end },
    });
    return { data: { analysis } };
  });
  serve(ctx, operationAnalysisListCall, async ({ auth, query }) => ({
    data: { analyses: await operationAnalysis.list(auth, query.camera_code) },
  }));
  serve(ctx, operationAnalysisResultCall, async ({ auth, params }) => ({
    data: await operationAnalysis.result(auth, params.id),
  }));
  serve(ctx, operationAnalysisCsvCall, async ({ auth, params, query, record }, reply) => {
    const { filename, text } = await operationAnalysis.csv(auth, params.id, query.lang);
    await record({
      kind: 'csv_exported',
      cameraCode: null,
      target: filename,
      detail: { export: 'operation_analysis', analysis: params.id },
    });
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', attachmentDisposition(filename))
      .header('cache-control', 'no-store')
      .send(text);
  });
}
