// Background work on recorded media, outside any request (so not scoped by a customer): the clip and
// camera settings the motion job needs, its result, and retention's deletions. Deletions remove rows
// first and answer the blob keys, which the caller deletes afterwards: a crash in between leaves orphan
// blobs (harmless), never a row pointing at deleted media.
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { MotionFrame, MotionSpan } from '../../db/schema.ts';
import { replaceClipEvents } from '../events/camera-event.repository.ts';
import { motionEvents } from '../events/camera-events.ts';

export class RecordedMediaRepository {
  constructor(private readonly db: Db) {}

  /** A clip with what motion detection needs from its camera; undefined when it is gone. */
  findForMotion(clipId: number) {
    return this.db
      .selectFrom('clips as cl')
      .innerJoin('cameras as c', 'c.id', 'cl.camera_id')
      .select([
        'cl.id',
        'cl.camera_id',
        'cl.start_time',
        'cl.blob_key',
        'cl.offset_ms',
        'c.customer_id',
        'c.use_motion',
        'c.motion_area',
      ])
      .where('cl.id', '=', clipId)
      .executeTakeFirst();
  }

  /** Stores what moved in a clip, and its motion event for the events page in the same transaction. */
  async saveMotion(
    clip: { id: number; camera_id: number; customer_id: number; start_time: Date },
    spans: MotionSpan[],
    frames: MotionFrame[] = [],
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('clips')
        .set({
          motion_state: spans.length > 0,
          motion_events: JSON.stringify(spans),
          motion_boxes: JSON.stringify(frames),
        })
        .where('id', '=', clip.id)
        .execute();
      await replaceClipEvents(
        trx,
        { customerId: clip.customer_id, cameraId: clip.camera_id, clipId: clip.id, minute: clip.start_time },
        'motion',
        motionEvents(clip.start_time, spans),
      );
    });
  }

  /**
   * Deletes up to `limit` clips older than their camera's archive_storing_days (counted back from now)
   * and answers their blob keys.
   */
  async deleteExpiredClips(now: Date, limit: number): Promise<string[]> {
    const result = await sql<{ blob_key: string }>`
      DELETE FROM clips WHERE id IN (
        SELECT cl.id FROM clips cl JOIN cameras c ON c.id = cl.camera_id
        WHERE cl.start_time < ${now}::timestamptz - c.archive_storing_days * interval '1 day'
        LIMIT ${limit}
      )
      RETURNING blob_key`.execute(this.db);
    return result.rows.map((row) => row.blob_key);
  }

  /**
   * Like deleteExpiredClips for thumbnails. In the same transaction a camera whose newest thumbnail went
   * forgets it (latest_thumb_at), so thumb_url never names a deleted image.
   */
  /**
   * Events (the events page) older than their camera's storing days, at most `limit`: their recording and
   * thumbnail have gone with them, and a camera's events would otherwise grow without end (a motion event a
   * minute). Answers how many went.
   */
  async deleteExpiredEvents(now: Date, limit: number): Promise<number> {
    const deleted = await sql`
      DELETE FROM camera_events e USING (
        SELECT ev.id FROM camera_events ev JOIN cameras c ON c.id = ev.camera_id
        WHERE ev.at < ${now}::timestamptz - c.archive_storing_days * interval '1 day'
        LIMIT ${limit}
      ) old
      WHERE e.id = old.id`.execute(this.db);
    return Number(deleted.numAffectedRows ?? 0);
  }

  deleteExpiredThumbnails(now: Date, limit: number): Promise<string[]> {
    return this.db.transaction().execute(async (trx) => {
      const deleted = await sql<{ camera_id: number; blob_key: string }>`
        DELETE FROM thumbnails t USING (
          SELECT th.camera_id, th.start_time FROM thumbnails th JOIN cameras c ON c.id = th.camera_id
          WHERE th.start_time < ${now}::timestamptz - c.archive_storing_days * interval '1 day'
          LIMIT ${limit}
        ) old
        WHERE t.camera_id = old.camera_id AND t.start_time = old.start_time
        RETURNING t.camera_id, t.blob_key`.execute(trx);
      const cameraIds = [...new Set(deleted.rows.map((row) => Number(row.camera_id)))];
      if (cameraIds.length > 0)
        await trx
          .updateTable('cameras')
          .set({ latest_thumb_at: null })
          .where('id', 'in', cameraIds)
          .where('latest_thumb_at', 'is not', null)
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('thumbnails as t')
                  .select(sql`1`.as('one'))
                  .whereRef('t.camera_id', '=', 'cameras.id')
                  .whereRef('t.start_time', '=', 'cameras.latest_thumb_at'),
              ),
            ),
          )
          .execute();
      return deleted.rows.map((row) => row.blob_key);
    });
  }
}
