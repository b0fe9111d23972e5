// Entry detection's storage: the area links of a customer's camera, the clips entry detection looks at (and what
// each hands the next), the alerts of a camera in a period, and the entry notification cooldown. Reads by camera code are scoped to the caller's customer, links by their
// camera; the job's reads are by clip id (no request).
import { sql } from 'kysely';
import type { AreaLinkInput } from '@camwatch/contract/entry-detection';
import type { Db } from '../../db/database.ts';
import { cameraClipsBetween, customerCamera } from '../../db/scoped-queries.ts';
import type { EntryAlertSpan } from '../../db/schema.ts';
import { replaceClipEvents } from '../events/camera-event.repository.ts';
import { entryEvents } from '../events/camera-events.ts';

export interface EntryClaim {
  userId: number;
  /** The previous notification time, put back if the notification could not be stored. */
  previous: Date | null;
}

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

  /** What entry detection needs of a clip: its media, its place in time and its camera. */
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
        'cl.duration_ms',
        'cl.enter_alert_events',
        'c.code',
        'c.customer_id',
        'c.use_enter_alert',
      ])
      .where('cl.id', '=', clipId)
      .executeTakeFirst();
  }

  /**
   * The clip of the same camera that began last before this one (the previous minute, or the earlier piece of a
   * split minute), with what entry detection handed on from it (null when it has not looked at it).
   */
  previousClip(cameraId: number, clipId: number, startTime: Date, offsetMs: number) {
    return this.db
      .selectFrom('clips')
      .select(['id', 'start_time', 'offset_ms', 'duration_ms', 'enter_alert_state'])
      .where('camera_id', '=', cameraId)
      .where('id', '!=', clipId)
      .where((eb) =>
        eb.or([
          eb('start_time', '<', startTime),
          eb.and([eb('start_time', '=', startTime), eb('offset_ms', '<', offsetMs)]),
        ]),
      )
      .orderBy('start_time', 'desc')
      .orderBy('offset_ms', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /**
   * Stores a clip's alerts and what it hands the next clip, and its entry events for the events page in the same
   * transaction. `onlyFirst`: only when entry detection has not looked at the clip yet (the old per-clip job must
   * not overwrite the vision job's answer).
   */
  async saveEntries(
    clip: { id: number; camera_id: number; customer_id: number; start_time: Date },
    alerts: EntryAlertSpan[],
    state: Record<string, unknown>,
    { onlyFirst = false }: { onlyFirst?: boolean } = {},
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      let query = trx
        .updateTable('clips')
        .set({ enter_alert_events: JSON.stringify(alerts), enter_alert_state: JSON.stringify(state) })
        .where('id', '=', clip.id);
      if (onlyFirst) query = query.where('enter_alert_events', 'is', null);
      const result = await query.executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      await replaceClipEvents(
        trx,
        { customerId: clip.customer_id, cameraId: clip.camera_id, clipId: clip.id, minute: clip.start_time },
        'entry',
        entryEvents(clip.start_time, alerts),
      );
      return true;
    });
  }

  /** The minutes of [from, to) with entry alerts, oldest first. */
  alertsBetween(cameraId: number, from: Date, to: Date) {
    return cameraClipsBetween(this.db, cameraId, from, to)
      .select(['start_time', 'enter_alert_events'])
      .where(sql<boolean>`jsonb_array_length(coalesce(enter_alert_events, '[]'::jsonb)) > 0`)
      .execute();
  }

  /**
   * The users to notify of an entry at the camera now: the unlocked users of the camera's customer not notified
   * of an entry there within the cooldown. Their notification time is set to `now` in the same statement; the
   * rows are made first and locked, so two workers finishing clips of one camera at once notify each user once.
   */
  async claimRecipients(cameraId: number, now: Date, cooldownMs: number): Promise<EntryClaim[]> {
    await sql`
      INSERT INTO entry_notification_cooldowns (user_id, camera_id, customer_id)
      SELECT u.id, c.id, c.customer_id
      FROM cameras c JOIN users u ON u.customer_id = c.customer_id
      WHERE c.id = ${cameraId} AND u.lock_state = 'none'
      ON CONFLICT (user_id, camera_id) DO NOTHING`.execute(this.db);
    const since = new Date(now.getTime() - cooldownMs);
    const result = await sql<{ user_id: number; previous: Date | null }>`
      WITH due AS (
        SELECT s.user_id, s.camera_id, s.last_notified_at
        FROM entry_notification_cooldowns s
        JOIN users u ON u.id = s.user_id AND u.customer_id = s.customer_id
        JOIN cameras c ON c.id = s.camera_id AND c.customer_id = s.customer_id
        WHERE s.camera_id = ${cameraId}
          AND u.lock_state = 'none'
          AND (s.last_notified_at IS NULL OR s.last_notified_at <= ${since})
        FOR UPDATE OF s
      )
      UPDATE entry_notification_cooldowns e
      SET last_notified_at = ${now}
      FROM due
      WHERE e.user_id = due.user_id AND e.camera_id = due.camera_id
      RETURNING e.user_id, due.last_notified_at AS previous`.execute(this.db);
    return result.rows.map((row) => ({ userId: Number(row.user_id), previous: row.previous }));
  }

  /** Undoes a claim whose notification was not stored, unless a later claim took over meanwhile. */
  async releaseClaims(cameraId: number, claims: readonly EntryClaim[], claimedAt: Date): Promise<void> {
    for (const claim of claims) {
      await this.db
        .updateTable('entry_notification_cooldowns')
        .set({ last_notified_at: claim.previous })
        .where('user_id', '=', claim.userId)
        .where('camera_id', '=', cameraId)
        .where('last_notified_at', '=', claimedAt)
        .execute();
    }
  }
}
