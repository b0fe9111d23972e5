// HTTP for the motion notification switch of a camera.
import { motionNotificationGetCall, motionNotificationSetCall } from '@camwatch/contract/motion-alerts';
import { serve, type ServeContext } from '../../http/serve.ts';
import type { MotionAlertService } from './motion-alert.service.ts';

export function registerMotionAlertRoutes(ctx: ServeContext, motionAlerts: MotionAlertService): void {
  serve(ctx, motionNotificationGetCall, async ({ auth, params }) => ({
    data: await motionAlerts.get(auth, params.camera_code),
  }));
  serve(ctx, motionNotificationSetCall, async ({ auth, params, body, record }) => {
    const setting = await motionAlerts.set(auth, params.camera_code, body.enabled);
    await record({
      kind: 'motion_notification_changed',
      cameraCode: params.camera_code,
      detail: { enabled: body.enabled },
    });
    return { data: setting };
  });
}
