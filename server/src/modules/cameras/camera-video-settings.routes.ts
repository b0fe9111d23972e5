// HTTP for a camera's video settings (issue 20): read them, change them (admin; the agent is told at once).
import {
  cameraVideoSettingsCall,
  cameraVideoSettingsUpdateCall,
} from '@camwatch/contract/camera-video-settings';
import { serve, type ServeContext } from '../../http/serve.ts';
import type { CameraVideoSettingsService } from './camera-video-settings.service.ts';

export function registerCameraVideoSettingsRoutes(
  ctx: ServeContext,
  videoSettings: CameraVideoSettingsService,
): void {
  serve(ctx, cameraVideoSettingsCall, async ({ auth, params }) => ({
    data: await videoSettings.get(auth, params.camera_code),
  }));
  serve(ctx, cameraVideoSettingsUpdateCall, async ({ auth, params, body, record }) => {
    const saved = await videoSettings.save(auth, params.camera_code, body);
    await record({
      kind: 'camera_setting_changed',
      cameraCode: params.camera_code,
      detail: { setting: 'video', ...body, agentNotified: saved.agent_connected },
    });
    return { data: saved };
  });
}
