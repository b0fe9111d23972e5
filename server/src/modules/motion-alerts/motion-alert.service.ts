// Motion notifications (core.md §3, advanced.md §3: notification type motion). A user switches them on per
// camera; when the motion job finds motion in a new clip of that camera, each such user gets one
// notification of event `motion`, then none for that camera until the cooldown has passed
// (MOTION_NOTIFICATION_COOLDOWN_MINUTES), so a busy scene does not flood anyone. Child users share their
// parent's customer and see all of its cameras, so the same rule covers them.
import type { MotionNotificationSetting } from '@camwatch/contract/motion-alerts';
import type { AuthContext } from '../../http/auth-context.ts';
import { NotFoundError } from '../../lib/errors.ts';
import type { NewNotification } from '../notifications/notification.repository.ts';
import type { MotionAlertRepository } from './motion-alert.repository.ts';

/** Stored text; the web shows its own words for motion notifications in the reader's language. */
export const MOTION_MESSAGE = 'カメラで動きを検知しました';

/**
 * A clip analysed long after it was recorded (an agent's spool emptied after an outage) is history, not
 * news: its motion is in the archive, but nobody is notified of it.
 */
export const MOTION_NOTIFY_MAX_AGE_MS = 60 * 60_000;

export interface MotionFound {
  cameraId: number;
  /** The minute of the clip, and the offset its piece starts at. */
  startTime: Date;
  offsetMs: number;
  /** The first moving second within the minute. */
  firstSec: number;
}

/** Stores notifications through the notification service (so the bell, the page and push all see them). */
export interface NotificationSink {
  notify(customerId: number, userIds: number[], n: NewNotification): Promise<number>;
}

export class MotionAlertService {
  constructor(
    private readonly repo: MotionAlertRepository,
    private readonly notifications: NotificationSink,
    private readonly cooldownMs: number,
  ) {}

  private async camera(auth: AuthContext, code: string) {
    const camera = await this.repo.findCamera(auth.user.customerId, code);
    if (!camera) throw new NotFoundError('camera');
    return camera;
  }

  private setting(enabled: boolean, available: boolean): MotionNotificationSetting {
    return { enabled, available, cooldownMinutes: Math.max(1, Math.round(this.cooldownMs / 60_000)) };
  }

  async get(auth: AuthContext, code: string): Promise<MotionNotificationSetting> {
    const camera = await this.camera(auth, code);
    return this.setting(await this.repo.isEnabled(auth.user.id, camera.id), camera.use_motion);
  }

  async set(auth: AuthContext, code: string, enabled: boolean): Promise<MotionNotificationSetting> {
    const camera = await this.camera(auth, code);
    await this.repo.setEnabled(auth.user.customerId, auth.user.id, camera.id, enabled);
    return this.setting(enabled, camera.use_motion);
  }

  /** Called by the motion job for a clip with motion; answers how many users were notified. */
  async motionFound(found: MotionFound, now = new Date()): Promise<number> {
    const movedAt = found.startTime.getTime() + found.firstSec * 1000;
    if (now.getTime() - movedAt > MOTION_NOTIFY_MAX_AGE_MS) return 0;
    const camera = await this.repo.cameraById(found.cameraId);
    if (!camera) return 0;
    const claims = await this.repo.claimRecipients(camera.id, now, this.cooldownMs);
    if (claims.length === 0) return 0;
    try {
      return await this.notifications.notify(
        camera.customer_id,
        claims.filter((c) => c.customerId === camera.customer_id).map((c) => c.userId),
        {
          event: 'motion',
          message: MOTION_MESSAGE,
          cameraId: camera.id,
          url: `/detail/${encodeURIComponent(camera.code)}?date=${encodeURIComponent(new Date(movedAt).toISOString())}`,
        },
      );
    } catch (error) {
      await this.repo.release(camera.id, claims, now);
      throw error;
    }
  }
}
