// Camera health in SQL: when each agent was last heard, and the flips of watch_status with their history.
import type { Db } from '../db/database.ts';
import { insertStatusEvents } from '../modules/events/camera-event.repository.ts';

export interface StatusFlip {
  cameraId: number;
  customerId: number;
  status: 'down' | 'normal';
}

export class CameraHealthRepository {
  constructor(private readonly db: Db) {}

  /** Marks the camera heard from now; skips the write when it was marked within the last few seconds. */
  async touch(cameraId: number, now = new Date()): Promise<void> {
    await this.db
      .updateTable('cameras')
      .set({ last_seen_at: now })
      .where('id', '=', cameraId)
      .where((eb) =>
        eb.or([eb('last_seen_at', 'is', null), eb('last_seen_at', '<', new Date(now.getTime() - 5_000))]),
      )
      .execute();
  }

  /**
   * Flips cameras whose agent was silent longer than downAfterMs to down, and down cameras heard since
   * then back to normal, recording each change. Cameras never heard from keep their status (no agent yet).
   */
  async flip(downAfterMs: number, now = new Date()): Promise<StatusFlip[]> {
    const threshold = new Date(now.getTime() - downAfterMs);
    return this.db.transaction().execute(async (trx) => {
      const down = await trx
        .updateTable('cameras')
        .set({ watch_status: 'down', watch_status_changed_at: now })
        .where('watch_status', '=', 'normal')
        .where('last_seen_at', 'is not', null)
        .where('last_seen_at', '<', threshold)
        .returning(['id', 'customer_id'])
        .execute();
      const up = await trx
        .updateTable('cameras')
        .set({ watch_status: 'normal', watch_status_changed_at: now })
        .where('watch_status', '=', 'down')
        .where('last_seen_at', '>=', threshold)
        .returning(['id', 'customer_id'])
        .execute();
      const flips: StatusFlip[] = [
        ...down.map((r) => ({ cameraId: r.id, customerId: r.customer_id, status: 'down' as const })),
        ...up.map((r) => ({ cameraId: r.id, customerId: r.customer_id, status: 'normal' as const })),
      ];
      if (flips.length > 0)
        await trx
          .insertInto('camera_status_changes')
          .values(flips.map((f) => ({ camera_id: f.cameraId, status: f.status, at: now })))
          .execute();
      // Each change is a camera_down / camera_up event of the events page, written with it.
      await insertStatusEvents(
        trx,
        flips.map((f) => ({ ...f, at: now })),
      );
      return flips;
    });
  }

  /** Users who see the camera: every user of its customer (child users share their parent's cameras). */
  async usersOf(customerId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('users')
      .select('id')
      .where('customer_id', '=', customerId)
      .execute();
    return rows.map((r) => r.id);
  }

  history(cameraId: number, limit = 50) {
    return this.db
      .selectFrom('camera_status_changes')
      .select(['status', 'at'])
      .where('camera_id', '=', cameraId)
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }
}
