// Every query of the events page (issue 22): writing the events the finders hand over (on the finder's own
// transaction), a keyset page of a customer's events with what the list shows of each, the cameras a filter
// names, and each user's reviewed marks. Every read is scoped by the customer.
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { CameraEventKind } from '@camwatch/contract/events-rules';
import { UNREVIEWED_COUNT_CAP } from '@camwatch/contract/events-rules';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { EventPagePlan, ClipEventKind, FoundEvent } from './camera-events.ts';

/** The clip whose events are replaced: its camera (and customer) and minute. */
export interface EventClip {
  customerId: number;
  cameraId: number;
  clipId: number;
  minute: Date;
}

/**
 * Replaces what one clip found of one kind with these events, on the caller's transaction (so with the finding
 * itself, or not at all). A clip analysed again leaves its events once. The clip's events lie within a minute or
 * two of its minute (a pass may begin in the minute before), which the delete's time range uses.
 */
export async function replaceClipEvents(
  trx: Db,
  clip: EventClip,
  kind: ClipEventKind,
  events: readonly FoundEvent[],
): Promise<void> {
  await trx
    .deleteFrom('camera_events')
    .where('camera_id', '=', clip.cameraId)
    .where('kind', '=', kind)
    .where('at', '>=', new Date(clip.minute.getTime() - 3 * 60_000))
    .where('at', '<', new Date(clip.minute.getTime() + 3 * 60_000))
    .where('clip_id', '=', clip.clipId)
    .execute();
  if (events.length === 0) return;
  await trx
    .insertInto('camera_events')
    .values(
      events.map((event) => ({
        customer_id: clip.customerId,
        camera_id: clip.cameraId,
        kind,
        at: event.at,
        ends_at: event.endsAt,
        clip_id: clip.clipId,
        detail: JSON.stringify(event.detail),
      })),
    )
    .execute();
}

/** A camera going down or coming back up, on the caller's transaction (with the status change itself). */
export async function insertStatusEvents(
  trx: Db,
  changes: readonly { customerId: number; cameraId: number; status: 'down' | 'normal'; at: Date }[],
): Promise<void> {
  if (changes.length === 0) return;
  await trx
    .insertInto('camera_events')
    .values(
      changes.map((change) => ({
        customer_id: change.customerId,
        camera_id: change.cameraId,
        kind: change.status === 'down' ? ('camera_down' as const) : ('camera_up' as const),
        // Whole milliseconds (a Date's), as the column's check wants.
        at: new Date(change.at.getTime()),
        ends_at: null,
        clip_id: null,
        detail: '{}',
      })),
    )
    .execute();
}

/** Where the page begins: after this event (newest first). */
export interface EventCursor {
  at: Date;
  id: number;
}

export interface EventPageQuery {
  customerId: number;
  userId: number;
  plan: EventPagePlan;
  from?: Date | undefined;
  to?: Date | undefined;
  cursor?: EventCursor | undefined;
  limit: number;
}

type EventEb = ExpressionBuilder<Database, 'camera_events'>;

/** Minute boundaries in UTC, whatever the session's time zone (a minute's thumbnail and clip are keyed so). */
const MINUTE_ORIGIN = sql`timestamptz '2000-01-01 00:00:00+00'`;

export class CameraEventRepository {
  constructor(private readonly db: Db) {}

  /** The conditions every branch of a page shares: the period and the cursor. */
  private rangeOf(eb: EventEb, query: EventPageQuery): Expression<SqlBool>[] {
    const conditions: Expression<SqlBool>[] = [];
    if (query.from) conditions.push(eb('at', '>=', query.from));
    if (query.to) conditions.push(eb('at', '<', query.to));
    if (query.cursor) conditions.push(sql<SqlBool>`(at, id) < (${query.cursor.at}, ${query.cursor.id})`);
    return conditions;
  }

  /** One branch of the page: a range of one index, newest first. */
  private branch(
    query: EventPageQuery,
    cameraId: number | null,
    kind: CameraEventKind | null,
    cameraIds: number[] | null,
    kinds: CameraEventKind[] | null,
  ) {
    return this.db
      .selectFrom('camera_events')
      .select(['id', 'camera_id', 'kind', 'at', 'ends_at', 'detail'])
      .where((eb) => {
        const conditions: Expression<SqlBool>[] = [eb('customer_id', '=', query.customerId)];
        if (cameraId !== null) conditions.push(eb('camera_id', '=', cameraId));
        if (kind !== null) conditions.push(eb('kind', '=', kind));
        if (cameraIds !== null) conditions.push(sql<SqlBool>`camera_id = ANY(${cameraIds}::bigint[])`);
        if (kinds !== null) conditions.push(sql<SqlBool>`kind = ANY(${kinds}::text[])`);
        return eb.and([...conditions, ...this.rangeOf(eb, query)]);
      });
  }

  /**
   * One page of the customer's events, newest first, with what the list shows of each: its camera, the
   * thumbnail of its minute, the clip piece holding its moment, and whether the user has reviewed it. Reads
   * `limit` rows (per branch at worst) from the plan's index ranges, then a few index probes per row.
   */
  async page(query: EventPageQuery) {
    const { plan } = query;
    const parts =
      plan.kind === 'customer'
        ? [this.branch(query, null, null, plan.cameraIds, plan.kinds)]
        : plan.branches.map((b) => this.branch(query, b.cameraId, b.kind, plan.cameraIds, plan.kinds));
    // Each branch reads at most a page from its index range, newest first (a subquery with its own ORDER BY and
    // LIMIT); the union of those is ordered and limited again. PostgreSQL merges the branches in time order (Merge
    // Append) and reads about a page per branch at worst; without the branches' own LIMIT it read every branch whole
    // and sorted (EXPLAIN in bench/events-page.bench.ts).
    const limited = parts.map((part, i) =>
      this.db
        .selectFrom(part.orderBy('at', 'desc').orderBy('id', 'desc').limit(query.limit).as(`b${i}`))
        .selectAll(),
    );
    const [first, ...rest] = limited;
    if (!first) return [];
    const union = rest.reduce((all, part) => all.unionAll(part), first);
    const merged = this.db
      .selectFrom(union.as('u'))
      .selectAll()
      .orderBy('u.at', 'desc')
      .orderBy('u.id', 'desc')
      .limit(query.limit);
    const minute = sql<Date>`date_bin('1 minute', p.at, ${MINUTE_ORIGIN})`;
    return this.db
      .selectFrom(merged.as('p'))
      .innerJoin('cameras as c', 'c.id', 'p.camera_id')
      .leftJoin('thumbnails as th', (join) =>
        join.onRef('th.camera_id', '=', 'p.camera_id').on('th.start_time', '=', minute),
      )
      .leftJoinLateral(
        (eb) =>
          eb
            .selectFrom('clips as cl')
            .select(['cl.id', 'cl.start_time', 'cl.offset_ms'])
            .whereRef('cl.camera_id', '=', 'p.camera_id')
            .where('cl.start_time', '=', minute)
            .where(sql<SqlBool>`cl.start_time + cl.offset_ms * interval '1 millisecond' <= p.at`)
            .orderBy('cl.offset_ms', 'desc')
            .limit(1)
            .as('clip'),
        (join) => join.onTrue(),
      )
      .select([
        'p.id',
        'p.kind',
        'p.at',
        'p.ends_at',
        'p.detail',
        'p.camera_id',
        'c.code as camera_code',
        'c.name as camera_name',
        'th.blob_key as thumb_key',
        'clip.id as clip_id',
        'clip.start_time as clip_start',
        'clip.offset_ms as clip_offset_ms',
        sql<boolean>`p.id <= coalesce((SELECT m.reviewed_through FROM event_review_marks m
          WHERE m.user_id = ${query.userId}), 0)
          OR EXISTS (SELECT 1 FROM event_reviews r WHERE r.user_id = ${query.userId} AND r.event_id = p.id)`.as(
          'reviewed',
        ),
      ])
      .orderBy('p.at', 'desc')
      .orderBy('p.id', 'desc')
      .execute();
  }

  /** The customer's cameras, and sites and tags with a camera, by name, at most `max` of each (the filter lists). */
  async filterOptions(customerId: number, max: number) {
    const [cameras, sites, tags] = await Promise.all([
      this.db
        .selectFrom('cameras')
        .select(['code', 'name'])
        .where('customer_id', '=', customerId)
        .orderBy('name')
        .orderBy('code')
        .limit(max)
        .execute(),
      this.db
        .selectFrom('locations as l')
        .select(['l.code', 'l.name'])
        .where('l.customer_id', '=', customerId)
        .where(({ exists, selectFrom }) =>
          exists(selectFrom('cameras as c').select('c.id').whereRef('c.location_id', '=', 'l.id')),
        )
        .orderBy('l.name')
        .orderBy('l.code')
        .limit(max)
        .execute(),
      this.db
        .selectFrom('tags as t')
        .select(['t.code', 't.name'])
        .where('t.customer_id', '=', customerId)
        .where(({ exists, selectFrom }) =>
          exists(selectFrom('camera_tags as ct').select('ct.camera_id').whereRef('ct.tag_id', '=', 't.id')),
        )
        .orderBy('t.name')
        .orderBy('t.code')
        .limit(max)
        .execute(),
    ]);
    return { cameras, sites, tags };
  }

  /** The customer's cameras with these codes, by code (those not found are missing). */
  camerasByCode(customerId: number, codes: readonly string[]) {
    return this.db
      .selectFrom('cameras')
      .select(['id', 'code'])
      .where('customer_id', '=', customerId)
      .where('code', 'in', codes)
      .execute();
  }

  findTag(customerId: number, code: string) {
    return this.db
      .selectFrom('tags')
      .select('id')
      .where('customer_id', '=', customerId)
      .where('code', '=', code)
      .executeTakeFirst();
  }

  findLocation(customerId: number, code: string) {
    return this.db
      .selectFrom('locations')
      .select('id')
      .where('customer_id', '=', customerId)
      .where('code', '=', code)
      .executeTakeFirst();
  }

  /** Ids of the customer's cameras with the tag and/or at the site (both given: both must hold). */
  async cameraIdsOf(
    customerId: number,
    scope: { tagId?: number | undefined; locationId?: number | undefined },
  ): Promise<number[]> {
    let query = this.db.selectFrom('cameras as c').select('c.id').where('c.customer_id', '=', customerId);
    if (scope.locationId !== undefined) query = query.where('c.location_id', '=', scope.locationId);
    if (scope.tagId !== undefined) {
      const tagId = scope.tagId;
      query = query.where('c.id', 'in', (eb) =>
        eb.selectFrom('camera_tags').select('camera_id').where('tag_id', '=', tagId),
      );
    }
    const rows = await query.orderBy('c.id').execute();
    return rows.map((row) => Number(row.id));
  }

  /**
   * How many of the customer's events the user has not reviewed, counted up to UNREVIEWED_COUNT_CAP: the events
   * above the user's watermark (index customer, id) less those reviewed one by one.
   */
  async unreviewedCount(customerId: number, userId: number): Promise<number> {
    const row = await sql<{ count: string | number }>`
      SELECT count(*) AS count FROM (
        SELECT 1 FROM camera_events e
        WHERE e.customer_id = ${customerId}
          AND e.id > coalesce((SELECT m.reviewed_through FROM event_review_marks m WHERE m.user_id = ${userId}), 0)
          AND NOT EXISTS (SELECT 1 FROM event_reviews r WHERE r.user_id = ${userId} AND r.event_id = e.id)
        LIMIT ${UNREVIEWED_COUNT_CAP}
      ) unreviewed`.execute(this.db);
    return Number(row.rows[0]?.count ?? 0);
  }

  /** Marks these of the customer's events reviewed (others are ignored); answers how many were newly marked. */
  async markReviewed(customerId: number, userId: number, ids: readonly number[]): Promise<number> {
    const result = await sql`
      INSERT INTO event_reviews (user_id, event_id)
      SELECT ${userId}, e.id FROM camera_events e
      WHERE e.customer_id = ${customerId} AND e.id = ANY(${[...ids]}::bigint[])
        AND e.id > coalesce((SELECT m.reviewed_through FROM event_review_marks m WHERE m.user_id = ${userId}), 0)
      ON CONFLICT (user_id, event_id) DO NOTHING`.execute(this.db);
    return Number(result.numAffectedRows ?? 0);
  }

  /** Whether the customer has this event. */
  async hasEvent(customerId: number, id: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('camera_events')
      .select('id')
      .where('customer_id', '=', customerId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Marks every event up to `throughId` reviewed: the watermark moves there (never back), and the marks one by
   * one below it go, as they say nothing more. Answers how many unreviewed events that covered (at most the cap).
   */
  markReviewedThrough(customerId: number, userId: number, throughId: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const before = await sql<{ count: string | number }>`
        SELECT count(*) AS count FROM (
          SELECT 1 FROM camera_events e
          WHERE e.customer_id = ${customerId} AND e.id <= ${throughId}
            AND e.id > coalesce((SELECT m.reviewed_through FROM event_review_marks m WHERE m.user_id = ${userId}), 0)
            AND NOT EXISTS (SELECT 1 FROM event_reviews r WHERE r.user_id = ${userId} AND r.event_id = e.id)
          LIMIT ${UNREVIEWED_COUNT_CAP}
        ) covered`.execute(trx);
      await trx
        .insertInto('event_review_marks')
        .values({ user_id: userId, reviewed_through: throughId, updated_at: new Date() })
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet({
            reviewed_through: sql`greatest(event_review_marks.reviewed_through, excluded.reviewed_through)`,
            updated_at: new Date(),
          }),
        )
        .execute();
      await trx
        .deleteFrom('event_reviews')
        .where('user_id', '=', userId)
        .where('event_id', '<=', throughId)
        .execute();
      return Number(before.rows[0]?.count ?? 0);
    });
  }
}

export type EventPageRow = Awaited<ReturnType<CameraEventRepository['page']>>[number];
