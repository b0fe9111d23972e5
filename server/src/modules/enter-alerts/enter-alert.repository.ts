// Entry detection's storage: the area links of a customer's camera, the clips the entry job looks at, and the
// alerts of a camera in a period. Reads by camera code are scoped to the caller's customer, links by their
// camera; the job's reads are by clip id (no request).
import { sql } from 'kysely';
import type { AreaLinkInput } from '@camwatch/contract/enter-alerts';
import type { Db } from '../../db/database.ts';
import { cameraClipsBetween, customerCamera } from '../../db/scoped-queries.ts';
import type { EntryAlertSpan } from '../../db/schema.ts';

export class EnterAlertRepository {
  constructor(private readonly db: Db) {}

  findCamera(customerId: number, code: string) {
    return customerCamera(this.db, customerId, code)
      .select(['id', 'code', 'name', 'use_enter_alert'])
      .executeTakeFirst();
  }

  /** The camera's links, oldest first. */
  links(cameraId: number) {
    return this.db
      .selectFrom('enter_alert_area_links')
      .select(['id', 'setting'])
      .where('camera_id', '=', cameraId)
      .orderBy('id')
      .execute();
  }

  link(cameraId: number, id: number) {
    return this.db
      .selectFrom('enter_alert_area_links')
      .select(['id', 'setting'])
      .where('camera_id', '=', cameraId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Adds a link as it is (the demo seed, inside its own transaction). */
  async insertLinkUnchecked(cameraId: number, link: AreaLinkInput): Promise<void> {
    await this.db
      .insertInto('enter_alert_area_links')
      .values({ camera_id: cameraId, setting: JSON.stringify(link) })
      .execute();
  }

  /**
   * Adds a link unless the camera has `max` already; answers its id, or null when full. The camera row is
   * locked first, so two requests at once cannot both add the last one.
   */
  insertLink(
    cameraId: number,
    link: AreaLinkInput,
    userId: number | null,
    max: number,
  ): Promise<number | null> {
    return this.db.transaction().execute(async (trx) => {
      await trx.selectFrom('cameras').select('id').where('id', '=', cameraId).forUpdate().execute();
      const { count } = await trx
        .selectFrom('enter_alert_area_links')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('camera_id', '=', cameraId)
        .executeTakeFirstOrThrow();
      if (Number(count) >= max) return null;
      const row = await trx
        .insertInto('enter_alert_area_links')
        .values({ camera_id: cameraId, setting: JSON.stringify(link), updated_by: userId })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    });
  }

  async updateLink(cameraId: number, id: number, link: AreaLinkInput, userId: number): Promise<boolean> {
    const result = await this.db
      .updateTable('enter_alert_area_links')
      .set({ setting: JSON.stringify(link), updated_by: userId, updated_at: sql`now()` })
      .where('camera_id', '=', cameraId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async deleteLink(cameraId: number, id: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('enter_alert_area_links')
      .where('camera_id', '=', cameraId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** What the entry job needs of a clip: its media and its camera. */
  findForEntry(clipId: number) {
    return this.db
      .selectFrom('clips as cl')
      .innerJoin('cameras as c', 'c.id', 'cl.camera_id')
      .select([
        'cl.id',
        'cl.camera_id',
        'cl.start_time',
        'cl.blob_key',
        'cl.offset_ms',
        'c.code',
        'c.customer_id',
        'c.use_enter_alert',
      ])
      .where('cl.id', '=', clipId)
      .executeTakeFirst();
  }

  async saveEntries(clipId: number, alerts: EntryAlertSpan[]): Promise<void> {
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
