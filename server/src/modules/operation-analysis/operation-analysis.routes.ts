// HTTP for a camera's operation analysis setting (advanced.md §7): read it, replace its detection setting,
// replace its operation areas.
import {
  operationAnalysisSettingCall,
  operationAreaSettingUpdateCall,
  operationDetectionSettingUpdateCall,
} from '@camwatch/contract/operation-analysis';
import { serve, type ServeContext } from '../../http/serve.ts';
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
}
