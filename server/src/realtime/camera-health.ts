// The camera health watcher (worker role): a camera goes down when its agent has been silent longer than
// the configured time (default 120 s) and back to normal when it is heard again; each change is recorded
// and becomes a 'down' notification (kind down or up) for the users of the camera's customer.
import type { NotificationRepository } from '../modules/notifications/notification.repository.ts';
import type { CameraHealthRepository } from './camera-health.repository.ts';

/** How often a worker checks (main.ts schedules it). */
export const HEALTH_CHECK_EVERY_MS = 5_000;
/**
 * With several workers one checks (a cluster lease); a checker silent this long (three checks) hands over. A camera
 * goes down at least 30 s after its agent's last heartbeat, so a handover delays a flip by no more than this.
 */
export const HEALTH_CHECK_LEASE_MS = 3 * HEALTH_CHECK_EVERY_MS;

/** Stored texts; the web shows its own words for these kinds in the user's language. */
export const STATUS_MESSAGES = { down: 'カメラがダウンしました', normal: 'カメラが復旧しました' } as const;

export class CameraHealth {
  constructor(
    private readonly health: CameraHealthRepository,
    private readonly notifications: NotificationRepository,
    private readonly downAfterMs: number,
  ) {}

  /** One pass: flips what changed and notifies; answers the flips. */
  async check(now = new Date()) {
    const flips = await this.health.flip(this.downAfterMs, now);
    for (const flip of flips) {
      const users = await this.health.usersOf(flip.customerId);
      await this.notifications.insertForUsers(flip.customerId, users, {
        event: 'down',
        kind: flip.status === 'down' ? 'down' : 'up',
        message: STATUS_MESSAGES[flip.status],
        cameraId: flip.cameraId,
      });
    }
    return flips;
  }
}
