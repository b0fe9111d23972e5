// Camera health in SQL (issue 22): each camera's status and since when, its uptime over the last 7 and 30 days from
// its status changes, its storage (camera_storage, kept by migration 0029's triggers) and retention, in order of
// trouble. Always scoped by the customer.
//
// Uptime over a window ending now: the window starts at the later of (now - days) and when the camera was first
// heard; a camera never heard has none (null). Down time comes from the watcher's recorded flips, which alternate
// (down only from normal, normal only from down), so only the changes inside the window are read:
//   - a 'down' change is down from its time to the next change (or now);
//   - the first change after the window's start, when it is 'normal', was down from the start until then;
//   - without any change after the start, the camera was as it is now for the whole window.
// Down time counts from the watcher's flip, so the minutes of silence before it (CAMERA_DOWN_AFTER_SECONDS) count
// as up, as the camera showed then.
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';

export interface HealthRow {
  id: number;
  code: string;
  name: string;
  location_name: string | null;
  watch_status: 'down' | 'normal';
  watch_status_changed_at: Date;
  first_seen_at: Date | null;
  last_seen_at: Date | null;
  latest_thumb_at: Date | null;
  archive_storing_days: number;
  latest_clip_at: Date | null;
  oldest_clip_at: Date | null;
  storage_bytes: number;
  clip_count: number;
  uptime_7d: number | null;
  uptime_30d: number | null;
}

/** The share of [from, now] a camera was up, from its down seconds in that span (SQL over the health CTEs). */
const uptime = (
  from: RawBuilder<unknown>,
  changes: RawBuilder<unknown>,
  down: RawBuilder<unknown>,
  now: Date,
) => {
  const span = sql`extract(epoch FROM ${now}::timestamptz - ${from})::float8`;
  return sql<number | null>`CASE
    WHEN ${from} IS NULL THEN NULL
    WHEN ${span} <= 0 THEN CASE WHEN cam.watch_status = 'down' THEN 0 ELSE 1 END
    ELSE GREATEST(0, LEAST(1, 1 - (CASE WHEN COALESCE(${changes}, 0) = 0
      THEN CASE WHEN cam.watch_status = 'down' THEN ${span} ELSE 0 END
      ELSE ${down} END) / ${span}))::float8
  END`;
};

/** Seconds down within [from, now] counted from one change row of `ch` (summed per camera). */
const downSeconds = (from: RawBuilder<unknown>, now: Date) => sql`CASE
    WHEN ch.at <= ${from} THEN 0
    WHEN ch.status = 'down' THEN extract(epoch FROM COALESCE(ch.next_at, ${now}::timestamptz) - ch.at)
    WHEN ch.prev_at IS NULL OR ch.prev_at <= ${from} THEN extract(epoch FROM ch.at - ${from})
    ELSE 0 END`;

export class HealthReportRepository {
  constructor(private readonly db: Db) {}

  /**
   * The customer's cameras' health (or one camera's, by code), most trouble first: down (longest down first),
   * then lowest 7-day uptime (never heard after those with an uptime), then oldest newest clip (none first),
   * then by name.
   */
  async page(
    customerId: number,
    now: Date,
    options: { code?: string; limit: number; offset: number },
  ): Promise<HealthRow[]> {
    const from7 = sql`cam.from7`;
    const from30 = sql`cam.from30`;
    const onlyCode = options.code === undefined ? sql`` : sql`AND c.code = ${options.code}`;
    const query = sql<HealthRow>`
      WITH cam AS (
        SELECT c.id, c.code, c.name, c.location_id, c.watch_status, c.watch_status_changed_at, c.first_seen_at,
               c.last_seen_at, c.latest_thumb_at, c.archive_storing_days,
               -- GREATEST skips nulls: a camera never heard keeps a null start (no uptime).
               CASE WHEN c.first_seen_at IS NOT NULL
                 THEN GREATEST(c.first_seen_at, ${now}::timestamptz - interval '7 days') END AS from7,
               CASE WHEN c.first_seen_at IS NOT NULL
                 THEN GREATEST(c.first_seen_at, ${now}::timestamptz - interval '30 days') END AS from30
        FROM cameras c WHERE c.customer_id = ${customerId} ${onlyCode}
      ),
      ch AS (
        SELECT x.camera_id, x.status, x.at, LAG(x.at) OVER w AS prev_at, LEAD(x.at) OVER w AS next_at
        FROM camera_status_changes x JOIN cam ON cam.id = x.camera_id
        WHERE x.at > ${now}::timestamptz - interval '30 days' AND x.at <= ${now}::timestamptz
        WINDOW w AS (PARTITION BY x.camera_id ORDER BY x.at, x.id)
      ),
      down AS (
        SELECT ch.camera_id,
               count(*) FILTER (WHERE ch.at > ${from7}) AS n7,
               sum(${downSeconds(from7, now)})::float8 AS down7,
               count(*) FILTER (WHERE ch.at > ${from30}) AS n30,
               sum(${downSeconds(from30, now)})::float8 AS down30
        FROM ch JOIN cam ON cam.id = ch.camera_id
        GROUP BY ch.camera_id
      ),
      h AS (
        SELECT cam.id, cam.code, cam.name, l.name AS location_name, cam.watch_status, cam.watch_status_changed_at,
               cam.first_seen_at, cam.last_seen_at, cam.latest_thumb_at, cam.archive_storing_days,
               st.latest_clip_at,
               (COALESCE(st.clip_bytes, 0) + COALESCE(st.still_bytes, 0))::bigint AS storage_bytes,
               COALESCE(st.clip_count, 0)::bigint AS clip_count,
               ${uptime(from7, sql`d.n7`, sql`d.down7`, now)} AS uptime_7d,
               ${uptime(from30, sql`d.n30`, sql`d.down30`, now)} AS uptime_30d
        FROM cam
        LEFT JOIN down d ON d.camera_id = cam.id
        LEFT JOIN camera_storage st ON st.camera_id = cam.id
        LEFT JOIN locations l ON l.id = cam.location_id
      ),
      ranked AS (
        SELECT h.*, row_number() OVER (ORDER BY
          (h.watch_status = 'down') DESC,
          CASE WHEN h.watch_status = 'down' THEN h.watch_status_changed_at END ASC,
          h.uptime_7d ASC NULLS LAST,
          h.latest_clip_at ASC NULLS FIRST,
          h.name, h.id) AS rank
        FROM h
      )
      SELECT r.id, r.code, r.name, r.location_name, r.watch_status, r.watch_status_changed_at, r.first_seen_at,
             r.last_seen_at, r.latest_thumb_at, r.archive_storing_days, r.latest_clip_at, r.storage_bytes,
             r.clip_count, r.uptime_7d, r.uptime_30d,
             (SELECT min(cl.start_time) FROM clips cl WHERE cl.camera_id = r.id) AS oldest_clip_at
      FROM ranked r
      WHERE r.rank > ${options.offset} AND r.rank <= ${options.offset + options.limit}
      ORDER BY r.rank`;
    // Without JIT: the planner cannot estimate the CTE joins, so from some thousands of cameras its cost passes
    // jit_above_cost and PostgreSQL spent ~150 ms compiling a plan that runs in less (10,000 cameras).
    return this.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL jit = off`.execute(trx);
      return (await query.execute(trx)).rows;
    });
  }

  /** How many cameras the customer has, and how many are down now. */
  async counts(customerId: number): Promise<{ total: number; down: number }> {
    const row = await this.db
      .selectFrom('cameras')
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        eb.fn.countAll<number>().filterWhere('watch_status', '=', 'down').as('down'),
      ])
      .where('customer_id', '=', customerId)
      .executeTakeFirstOrThrow();
    return { total: Number(row.total), down: Number(row.down) };
  }

  /** The camera's latest status changes, newest first. */
  changes(cameraId: number, limit: number) {
    return this.db
      .selectFrom('camera_status_changes')
      .select(['status', 'at'])
      .where('camera_id', '=', cameraId)
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }
}
