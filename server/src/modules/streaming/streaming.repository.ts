// Reads for streams: the caller's camera (scoped by customer) and the recorded clips a stream plays.
// Segment requests carry a signed token instead of a session, so they read clips by the token's camera.
import type { Db } from '../../db/database.ts';
import { cameraClipsBetween, customerCamera } from '../../db/scoped-queries.ts';

export class StreamingRepository {
  constructor(private readonly db: Db) {}

  /** The customer's camera with this code; undefined when unknown or another customer's. */
  findCamera(customerId: number, code: string) {
    return customerCamera(this.db, customerId, code)
      .select(['id', 'code', 'model_code', 'use_nolive', 'use_streaming', 'watch_status'])
      .executeTakeFirst();
  }

  /** The camera's clips starting in [from, to), oldest first. */
  clipsBetween(cameraId: number, from: Date, to: Date) {
    return cameraClipsBetween(this.db, cameraId, from, to)
      .select(['id', 'start_time', 'offset_ms', 'duration_ms', 'blob_key'])
      .execute();
  }

  /** One clip of the camera; undefined when unknown or another camera's. */
  findClip(cameraId: number, clipId: number) {
    return this.db
      .selectFrom('clips')
      .select(['id', 'start_time', 'offset_ms', 'duration_ms', 'blob_key'])
      .where('camera_id', '=', cameraId)
      .where('id', '=', clipId)
      .executeTakeFirst();
  }
}
