// The motion notification switch per user and camera, and the cooldown claim of the motion job. Settings are
// read and written only for a camera of the caller's customer; the claim is the job's (no request), and
// only picks users of the camera's own customer.
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { customerCamera } from '../../db/scoped-queries.ts';

export interface MotionClaim {
  userId: number;
  customerId: number;
  /** The previous notification time, put back if the notification could not be stored. */
  previous: Date | null;
}

export class MotionAlertRepository {
  constructor(private readonly db: Db) {}

  findCamera(customerId: number, code: string) {
    return customerCamera(this.db, customerId, code)
      .select(['id', 'code', 'name', 'use_motion'])
      .executeTakeFirst();
  }

  /** Code and customer of a camera, for the job (no request scope). */
  cameraById(cameraId: number) {
    return this.db
      .selectFrom('cameras')
      .select(['id', 'code', 'customer_id'])
      .where('id', '=', cameraId)
      .executeTakeFirst();
  }

  async isEnabled(userId: number, cameraId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('motion_notification_settings')
      .select('enabled')
      .where('user_id', '=', userId)
      .where('camera_id', '=', cameraId)
      .executeTakeFirst();
    return row?.enabled === true;
  }

  async setEnabled(customerId: number, userId: number, cameraId: number, enabled: boolean): Promise<void> {
    await this.db
      .insertInto('motion_notification_settings')
      .values({ customer_id: customerId, user_id: userId, camera_id: cameraId, enabled })
      .onConflict((oc) =>
        oc.columns(['user_id', 'camera_id']).doUpdateSet({ enabled, updated_at: sql`now()` }),
      )
      .execute();
  }

  /**
   * The users to notify of motion in the camera now: switched on, of the camera's customer, not locked, and
   * not notified of this camera within the cooldown. Their notification time is set to `now` in the same
   * statement; rows are locked first, so two workers finishing clips of one camera at once notify once.
   */
  async claimRecipients(cameraId: number, now: Date, cooldownMs: number): Promise<MotionClaim[]> {
    const since = new Date(now.getTime() - cooldownMs);
    const result = await sql<{ user_id: number; customer_id: number; previous: Date | null }>`
      WITH due AS (
        SELECT s.user_id, s.camera_id, s.last_notified_at
        FROM motion_notification_settings s
        JOIN users u ON u.id = s.user_id AND u.customer_id = s.customer_id
        JOIN cameras c ON c.id = s.camera_id AND c.customer_id = s.customer_id
        WHERE s.camera_id = ${cameraId}
          AND s.enabled
          AND u.lock_state = 'none'
          AND (s.last_notified_at IS NULL OR s.last_notified_at <= ${since})
        FOR UPDATE OF s
      )
      UPDATE motion_notification_settings m
      SET last_notified_at = ${now}
      FROM due
      WHERE m.user_id = due.user_id AND m.camera_id = due.camera_id
      RETURNING m.user_id, m.customer_id, due.last_notified_at AS previous`.execute(this.db);
    return result.rows.map((row) => ({
      userId: Number(row.user_id),
      customerId: Number(row.customer_id),
      previous: row.previous,
    }));
  }

  /** Undoes a claim whose notification was not stored, unless a later claim took over meanwhile. */
  async release(cameraId: number, claims: MotionClaim[], claimedAt: Date): Promise<void> {
    for (const claim of claims) {
      await this.db
        .updateTable('motion_notification_settings')
        .set({ last_notified_at: claim.previous })
        .where('user_id', '=', claim.userId)
        .where('camera_id', '=', cameraId)
        .where('last_notified_at', '=', claimedAt)
        .execute();
    }
  }
}
