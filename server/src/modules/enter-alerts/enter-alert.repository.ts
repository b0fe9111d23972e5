// Entry detection's storage: the setting of a customer's camera, the clips the entry job looks at, and the
// alerts of a camera in a period. Reads by camera code are scoped to the caller's customer; the job's reads
// are by clip id (no request).
import { sql } from 'kysely';
import type { EnterAlertSetting } from '@camwatch/contract/enter-alerts';
import type { Db } from '../../db/database.ts';
import { cameraClipsBetween, customerCamera } from '../../db/scoped-queries.ts';
import type { MotionSpan } from '../../db/schema.ts';

export class EnterAlertRepository {
  constructor(private readonly db: Db) {}

  findCamera(customerId: number, code: string) {
    return customerCamera(this.db, customerId, code)
      .select(['id', 'code', 'name', 'use_enter_alert'])
      .executeTakeFirst();
  }

  async setting(cameraId: number): Promise<unknown> {
    const row = await this.db
      .selectFrom('enter_alert_settings')
      .select('setting')
      .where('camera_id', '=', cameraId)
      .executeTakeFirst();
    return row?.setting;
  }

  /** `userId`: who changed it; null for the seed. */
  async saveSetting(cameraId: number, setting: EnterAlertSetting, userId: number | null): Promise<void> {
    const json = JSON.stringify(setting);
    await this.db
      .insertInto('enter_alert_settings')
      .values({ camera_id: cameraId, setting: json, updated_by: userId })
      .onConflict((oc) =>
        oc.column('camera_id').doUpdateSet({ setting: json, updated_by: userId, updated_at: sql`now()` }),
      )
      .execute();
  }

  /** What the entry job needs of a clip: its media, its camera and the camera's setting. */
  findForEntry(clipId: number) {
    return this.db
      .selectFrom('clips as cl')
      .innerJoin('cameras as c', 'c.id', 'cl.camera_id')
      .leftJoin('enter_alert_settings as s', 's.camera_id', 'c.id')
      .select([
        'cl.id',
        'cl.camera_id',
        'cl.start_time',
        'cl.blob_key',
        'cl.offset_ms',
        'c.code',
        'c.customer_id',
        'c.use_enter_alert',
        's.setting',
      ])
      .where('cl.id', '=', clipId)
      .executeTakeFirst();
  }

  async saveEntries(clipId: number, alerts: MotionSpan[]): Promise<void> {
    await this.db
      .updateTable('clips')
      .set({ enter_alert_events: JSON.stringify(alerts) })
      .where('id', '=', clipId)
      .execute();
  }

  /** The minutes of [from, to) with entry alerts, oldest first. */
  alertsBetween(cameraId: number, from: Date, to: Date) {
    return cameraClipsBetween(this.db, cameraId, from, to)
      .select(['start_time', 'enter_alert_events'])
      .where(sql<boolean>`jsonb_array_length(coalesce(enter_alert_events, '[]'::jsonb)) > 0`)
      .execute();
  }

  /** The unlocked users of a customer: who hears of an entry. */
  async recipients(customerId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('users')
      .select('id')
      .where('customer_id', '=', customerId)
      .where('lock_state', '=', 'none')
      .execute();
    return rows.map((row) => row.id);
  }
}
