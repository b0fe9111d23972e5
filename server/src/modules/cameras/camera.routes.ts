// HTTP for browsing cameras: GET api/cameras and GET api/cameras/:camera_code.
import { cameraDetailCall, cameraListCall } from '@camwatch/contract/cameras';
import { serve, type ServeContext } from '../../http/serve.ts';
import type { CameraService } from './camera.service.ts';

export function registerCameraRoutes(ctx: ServeContext, cameras: CameraService): void {
  serve(ctx, cameraListCall, async ({ auth, query }) => ({ data: await cameras.list(auth, query) }));
  serve(ctx, cameraDetailCall, async ({ auth, params }) => ({
    data: await cameras.detail(auth, params.camera_code),
  }));
}
