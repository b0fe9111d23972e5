// Reads for the archive, video and snapshot calls. Every query is scoped by the customer: a camera or
// clip of another customer is simply not found. Child users share their parent's customer.
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { cameraClipsBetween, customerCamera } from '../../db/scoped-queries.ts';

/** Which bucket of `bucketSec` seconds from `from` a moment falls in (0 first). */
const bucketOf = (column: 'start_time' | 'clip_minute', from: Date, bucketSec: number) =>
  sql<number>`floor(extract(epoch from (${sql.ref(column)} - ${from}::timestamptz)) / ${bucketSec})::int`;

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

  /**
   * The camera's clips in [from, to) summed per bucket of `bucketSec` from `from` (index 0 first): recorded ms
   * (each piece counted from its offset to the minute's end at most) and the minutes with motion. An
   * index-only scan of clips_coverage_idx; only buckets with clips come back.
   */
  coverageBetween(cameraId: number, from: Date, to: Date, bucketSec: number) {
    return (
      cameraClipsBetween(this.db, cameraId, from, to)
        .clearOrderBy()
        .select([
          bucketOf('start_time', from, bucketSec).as('bucket'),
          sql<string>`sum(least(duration_ms, 60000 - offset_ms))`.as('recorded_ms'),
          sql<string>`count(distinct start_time) filter (where motion_state)`.as('motion'),
        ])
        // By position: the bucket's expression carries parameters, so written twice it would not match.
        .groupBy(sql`1`)
        .orderBy(sql`1`)
        .execute()
    );
  }

  /** The camera's minutes in [from, to) with an entry alert, counted per bucket (clips_entry_minutes_idx). */
  entryMinutesBetween(cameraId: number, from: Date, to: Date, bucketSec: number) {
    return cameraClipsBetween(this.db, cameraId, from, to)
      .clearOrderBy()
      .where(sql<boolean>`enter_alert_events is not null and enter_alert_events <> '[]'::jsonb`)
      .select([
        bucketOf('start_time', from, bucketSec).as('bucket'),
        sql<string>`count(distinct start_time)`.as('minutes'),
      ])
      .groupBy(sql`1`)
      .execute();
  }

  /** The people counter's passes of the camera's minutes in [from, to), counted per bucket as above. */
  peoplePassCountsBetween(cameraId: number, from: Date, to: Date, bucketSec: number) {
    return this.db
      .selectFrom('people_passes')
      .select([bucketOf('clip_minute', from, bucketSec).as('bucket'), sql<string>`count(*)`.as('passes')])
      .where('camera_id', '=', cameraId)
      .where('clip_minute', '>=', from)
      .where('clip_minute', '<', to)
      .groupBy(sql`1`)
      .execute();
  }

  /** The camera's oldest and newest recorded minute (two probes of its clip key); nulls when it has none. */
  recordedBounds(cameraId: number) {
    return this.db
      .selectFrom('clips')
      .select([sql<Date | null>`min(start_time)`.as('first'), sql<Date | null>`max(start_time)`.as('last')])
      .where('camera_id', '=', cameraId)
      .executeTakeFirstOrThrow();
  }
}
