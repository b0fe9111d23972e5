// Every query of the people counter's results: writing a clip's passes (replaced as a whole, so a re-run never
// counts twice), finding the customer's people-counter camera or site, and summing passes by bucket of a time
// zone. Every read is scoped by the customer: another customer's camera or site is simply not found.
import { sql } from 'kysely';
import type { PeopleCountUnit } from '@camwatch/contract/people-counts-rules';
import type { Db } from '../../db/database.ts';
import { customerCamera } from '../../db/scoped-queries.ts';
import { databaseKnowsTimeZone } from '../../db/time-zone.ts';
import { replaceClipEvents } from '../events/camera-event.repository.ts';
import { passEvents } from '../events/camera-events.ts';
import type { BucketSum } from './people-count-buckets.ts';

export interface ClipPass {
  trackId: string;
  inOut: 'I' | 'O';
  /** Seconds from the start of the clip piece (below 0: the pass began in an earlier clip). */
  startSec: number;
  endSec: number;
  /** Judged by the staff step; false when absent. */
  isStaff?: boolean;
  descriptor: readonly number[] | null;
}

export interface ClipPasses {
  customerId: number;
  cameraId: number;
  clipId: number;
  /** The minute the clip piece belongs to. */
  minute: Date;
  /** Where the piece begins in its minute (0 for a whole minute), so the spans are written in seconds of the minute. */
  offsetMs: number;
  passes: readonly ClipPass[];
}

/**
 * Replaces the passes of one clip piece with these, on the caller's transaction (so with the rest of the clip's
 * results, or not at all). Idempotent: counting the clip again leaves exactly its passes once. Throws when the
 * camera is not the customer's.
 */
export async function replacePassesOfClip(trx: Db, input: ClipPasses): Promise<number> {
  const camera = await trx
    .selectFrom('cameras')
    .select('id')
    .where('id', '=', input.cameraId)
    .where('customer_id', '=', input.customerId)
    .executeTakeFirst();
  if (!camera) throw new Error(`camera ${input.cameraId} is not customer ${input.customerId}'s`);
  await trx
    .deleteFrom('people_passes')
    .where('camera_id', '=', input.cameraId)
    .where('clip_id', '=', input.clipId)
    .execute();
  const offsetSec = input.offsetMs / 1000;
  // The passes are events of the events page too, replaced with them.
  await replaceClipEvents(
    trx,
    { customerId: input.customerId, cameraId: input.cameraId, clipId: input.clipId, minute: input.minute },
    'people_pass',
    passEvents(
      input.minute,
      input.passes.map((pass) => ({
        inOut: pass.inOut,
        startSec: offsetSec + pass.startSec,
        endSec: Math.max(0, offsetSec + pass.endSec),
        isStaff: pass.isStaff ?? false,
      })),
    ),
  );
  if (input.passes.length === 0) return 0;
  await trx
    .insertInto('people_passes')
    .values(
      input.passes.map((pass) => {
        const endSec = Math.max(0, offsetSec + pass.endSec);
        return {
          customer_id: input.customerId,
          camera_id: input.cameraId,
          clip_id: input.clipId,
          clip_minute: input.minute,
          at: new Date(input.minute.getTime() + Math.round(endSec * 1000)),
          in_out: pass.inOut,
          start_sec: Math.min(offsetSec + pass.startSec, endSec),
          end_sec: endSec,
          track_id: pass.trackId,
          is_staff: pass.isStaff ?? false,
          descriptor: pass.descriptor ? [...pass.descriptor] : null,
        };
      }),
    )
    .execute();
  return input.passes.length;
}

/** What the PostgreSQL `date_trunc` of each unit is called. */
const TRUNC: Record<PeopleCountUnit, string> = { hour: 'hour', day: 'day', week: 'week', month: 'month' };

export class PeopleCountRepository {
  constructor(private readonly db: Db) {}

  /** The customer's camera with this code; undefined when unknown or another customer's. */
  findCamera(customerId: number, code: string) {
    return customerCamera(this.db, customerId, code)
      .select(['id', 'code', 'name', 'use_people_counter'])
      .executeTakeFirst();
  }

  /** The customer's site with this code; undefined when unknown or another customer's. */
  findLocation(customerId: number, code: string) {
    return this.db
      .selectFrom('locations')
      .select(['id', 'code', 'name'])
      .where('customer_id', '=', customerId)
      .where('code', '=', code)
      .executeTakeFirst();
  }

  /** The people-counter cameras of one of the customer's sites, by code. */
  locationCameras(customerId: number, locationId: number) {
    return this.db
      .selectFrom('cameras')
      .select(['id', 'code', 'name'])
      .where('customer_id', '=', customerId)
      .where('location_id', '=', locationId)
      .where('use_people_counter', '=', true)
      .orderBy('code')
      .execute();
  }

  /** Whether PostgreSQL knows the IANA zone (db/time-zone.ts). */
  knowsTimeZone(timeZone: string): Promise<boolean> {
    return databaseKnowsTimeZone(this.db, timeZone);
  }

  /**
   * The passes of the customer's cameras from the first day's midnight to the one after the last day (both of
   * the zone), summed per bucket: its wall-clock start `YYYY-MM-DDTHH:mm:ss` in the zone.
   */
  async sums(
    customerId: number,
    cameraIds: readonly number[],
    period: { start: string; end: string; unit: PeopleCountUnit; timeZone: string },
  ): Promise<BucketSum[]> {
    if (cameraIds.length === 0) return [];
    const zone = period.timeZone;
    // First into quarter hours of UTC (every zone's offset is a whole number of them), then the few quarter hours
    // into the zone's buckets: the zone conversion and the text run once a quarter hour, not once a pass.
    const quarters = this.db
      .selectFrom('people_passes')
      .select([
        sql<Date>`date_bin('15 minutes', at, timestamptz '2000-01-01 00:00:00+00')`.as('quarter'),
        sql<number>`count(*) FILTER (WHERE in_out = 'I')`.as('ins'),
        sql<number>`count(*) FILTER (WHERE in_out = 'O')`.as('outs'),
        sql<number>`count(*) FILTER (WHERE in_out = 'I' AND is_staff)`.as('staff_in'),
        sql<number>`count(*) FILTER (WHERE in_out = 'O' AND is_staff)`.as('staff_out'),
      ])
      .where('customer_id', '=', customerId)
      .where('camera_id', 'in', [...cameraIds])
      .where('at', '>=', sql<Date>`(${period.start}::date::timestamp AT TIME ZONE ${zone})`)
      .where('at', '<', sql<Date>`((${period.end}::date + 1)::timestamp AT TIME ZONE ${zone})`)
      .groupBy(sql`1`);
    const rows = await this.db
      .selectFrom(quarters.as('q'))
      .select([
        sql<string>`to_char(date_trunc(${sql.lit(TRUNC[period.unit])}, q.quarter AT TIME ZONE ${zone}), 'YYYY-MM-DD"T"HH24:MI:SS')`.as(
          'bucket',
        ),
        sql<number>`sum(q.ins)::int`.as('in'),
        sql<number>`sum(q.outs)::int`.as('out'),
        sql<number>`sum(q.staff_in)::int`.as('staffIn'),
        sql<number>`sum(q.staff_out)::int`.as('staffOut'),
      ])
      .groupBy(sql`1`)
      .orderBy(sql`1`)
      .execute();
    return rows;
  }
}
