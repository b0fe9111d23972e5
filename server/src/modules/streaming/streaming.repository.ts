// Reads for streams: the caller's camera (scoped by customer) and the recorded clips a stream plays.
// Segment requests carry a signed token instead of a session, so they read clips by the token's camera.
import type { Db } from '../../db/database.ts';

export class StreamingRepository {
  constructor(private readonly db: Db) {}

  /** The customer's camera with this code; undefined when unknown or another customer's. */
  findCamera(customerId: number, code: string) {
    return this.db
      .selectFrom('cameras')
      .select(['id', 'code', 'model_code', 'use_nolive', 'use_streaming', 'watch_status'])
      .where('customer_id', '=', customerId)
      .where('code', '=', code)
      .executeTakeFirst();
  }

  /** The camera's clips starting in [from, to), oldest first. */
  clipsBetween(cameraId: number, from: Date, to: Date) {
    return this.db
      .selectFrom('clips')
      .select(['id', 'start_time', 'offset_ms', 'duration_ms', 'blob_key'])
      .where('camera_id', '=', cameraId)
      .where('start_time', '>=', from)
      .where('start_time', '<', to)
      .orderBy('start_time')
      .orderBy('offset_ms')
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

export type StreamCameraRow = NonNullable<Awaited<ReturnType<StreamingRepository['findCamera']>>>;
