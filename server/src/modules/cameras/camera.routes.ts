// HTTP for browsing cameras: GET api/cameras and GET api/cameras/:camera_code.
import { cameraDetailCall, cameraListCall } from '@camwatch/contract/cameras';
import { sendPreparedJson } from '../../http/prepared-json.ts';
import { serve, type ServeContext } from '../../http/serve.ts';
import type { CameraService } from './camera.service.ts';

export function registerCameraRoutes(ctx: ServeContext, cameras: CameraService): void {
  // Sent as ready JSON bytes: the service checks them against the call's schema once and may keep them,
  // compressed forms included.
  serve(ctx, cameraListCall, async ({ auth, query, raw }, reply) =>
    sendPreparedJson(raw, reply, await cameras.listJson(auth, query)),
  );
  serve(ctx, cameraDetailCall, async ({ auth, params }) => ({
    data: await cameras.detail(auth, params.camera_code),
  }));
}
