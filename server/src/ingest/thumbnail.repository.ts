// Minute thumbnails (thumbnails rows) and the camera's newest thumbnail time.
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

export class ThumbnailRepository {
  constructor(private readonly db: Db) {}

  /** Records (or replaces) the minute's thumbnail and moves cameras.latest_thumb_at forward, never back. */
  async upsert(cameraId: number, start: Date, blobKey: string, bytes: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('thumbnails')
        .values({ camera_id: cameraId, start_time: start, blob_key: blobKey, bytes })
        .onConflict((oc) =>
          oc
            .columns(['camera_id', 'start_time'])
            .doUpdateSet({ blob_key: blobKey, bytes, created_at: new Date() }),
        )
        .execute();
      await trx
        .updateTable('cameras')
        .set({ latest_thumb_at: sql<Date>`GREATEST(COALESCE(latest_thumb_at, ${start}), ${start})` })
        .where('id', '=', cameraId)
        .execute();
    });
  }

  find(cameraId: number, start: Date) {
    return this.db
      .selectFrom('thumbnails')
      .select(['blob_key', 'bytes'])
      .where('camera_id', '=', cameraId)
      .where('start_time', '=', start)
      .executeTakeFirst();
  }
}
