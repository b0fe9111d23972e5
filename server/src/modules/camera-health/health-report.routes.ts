// HTTP for camera health (issue 22): one camera's, and the customer's cameras' in order of trouble.
import { cameraHealthCall, cameraHealthListCall } from '@camwatch/contract/camera-health';
import { serve, type ServeContext } from '../../http/serve.ts';
import type { HealthReportService } from './health-report.service.ts';

export function registerCameraHealthRoutes(ctx: ServeContext, health: HealthReportService): void {
  serve(ctx, cameraHealthCall, async ({ auth, params }) => ({
    data: await health.camera(auth, params.camera_code),
  }));
  serve(ctx, cameraHealthListCall, async ({ auth, query }) => ({ data: await health.list(auth, query) }));
}
