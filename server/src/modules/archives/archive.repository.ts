// Reads for the archive, video and snapshot calls. Every query is scoped by the customer: a camera or
// clip of another customer is simply not found. Child users share their parent's customer.
import type { Db } from '../../db/database.ts';
import { cameraClipsBetween, customerCamera } from '../../db/scoped-queries.ts';

export class ArchiveRepository {
  constructor(private readonly db: Db) {}

  /** The customer's camera with this code; undefined when unknown or another customer's. */
  findCamera(customerId: number, code: string) {
    return customerCamera(this.db, customerId, code).select(['id', 'code']).executeTakeFirst();
  }

  /** The camera's clips starting in [from, to), oldest first. */
  clipsBetween(cameraId: number, from: Date, to: Date) {
    return cameraClipsBetween(this.db, cameraId, from, to)
      .select([
        'id',
        'start_time',
        'offset_ms',
        'duration_ms',
        'motion_state',
        'motion_events',
        'enter_alert_events',
      ])
      .execute();
  }

  /** The people counter's passes of the camera's minutes in [from, to), by minute and time (one query a list). */
  peoplePassesBetween(cameraId: number, from: Date, to: Date) {
    return this.db
      .selectFrom('people_passes')
      .select(['clip_minute', 'in_out', 'start_sec', 'end_sec'])
      .where('camera_id', '=', cameraId)
      .where('clip_minute', '>=', from)
      .where('clip_minute', '<', to)
      .orderBy('clip_minute')
      .orderBy('end_sec')
      .orderBy('id')
      .execute();
  }

  /** One clip of the customer's cameras; undefined when unknown or another customer's. */
  findClip(customerId: number, clipId: number) {
    return this.db
      .selectFrom('clips as cl')
      .innerJoin('cameras as c', 'c.id', 'cl.camera_id')
      .select(['cl.id', 'cl.blob_key', 'cl.start_time', 'c.code as camera_code'])
      .where('c.customer_id', '=', customerId)
      .where('cl.id', '=', clipId)
      .executeTakeFirst();
  }

  /** Where things moved in one clip of the customer's cameras; undefined when unknown or another customer's. */
  findClipMotion(customerId: number, clipId: number) {
    return this.db
      .selectFrom('clips as cl')
      .innerJoin('cameras as c', 'c.id', 'cl.camera_id')
      .select(['cl.id', 'cl.motion_boxes'])
      .where('c.customer_id', '=', customerId)
      .where('cl.id', '=', clipId)
      .executeTakeFirst();
  }

  /** The camera's thumbnails taken in [from, to] (both ends included), oldest first. */
  thumbnailsBetween(cameraId: number, from: Date, to: Date) {
    return this.db
      .selectFrom('thumbnails')
      .select(['start_time', 'blob_key'])
      .where('camera_id', '=', cameraId)
      .where('start_time', '>=', from)
      .where('start_time', '<=', to)
      .orderBy('start_time')
      .execute();
  }
}
