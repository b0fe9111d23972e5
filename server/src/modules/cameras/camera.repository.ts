// Cameras of a customer: the filtered list page and its counts, the cameras of map locations, one
// camera's detail. Every query is scoped by the customer; filters come from camera-filter.query.ts.
import { sql, type Expression, type SqlBool } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { CameraTagRef } from '@camwatch/contract/cameras';
import type { Db } from '../../db/database.ts';
import type { NewCamera } from '../../db/schema.ts';
import { isFilterActive, type CameraFilter, type GeoBox } from './camera-filter.ts';
import { cameraAtLocation, cameraFilterCondition, cameraInBox } from './camera-filter.query.ts';
import type { ListKey, ListMark } from './camera-list-marks.ts';

/**
 * One page of the list, read from the start of the list order or from its end (`fromEnd`), or only past a
 * known camera (`past`: after it, or before it from the end; `inclusive` takes the camera itself too).
 */
interface ListSlice {
  offset: number;
  limit: number;
  fromEnd: boolean;
  past?: { key: ListKey; inclusive: boolean };
}

/** Skipping fewer cameras than this costs less than asking for the camera count first. */
const FROM_END_AFTER = 2_000;

export class CameraRepository {
  constructor(private readonly db: Db) {}

  insert(camera: NewCamera) {
    return this.db.insertInto('cameras').values(camera).returningAll().executeTakeFirstOrThrow();
  }

  /** The customer's cameras that have or had an agent (a camera down on purpose never had one), by id. */
  listWithAgentsOf(customerCode: string) {
    return this.db
      .selectFrom('cameras as c')
      .innerJoin('customers as cu', 'cu.id', 'c.customer_id')
      .select(['c.id', 'c.code', 'c.name'])
      .where('cu.code', '=', customerCode)
      .where((eb) => eb.or([eb('c.watch_status', '=', 'normal'), eb('c.last_seen_at', 'is not', null)]))
      .orderBy('c.id')
      .execute();
  }

  listByCustomer(customerId: number) {
    return this.db
      .selectFrom('cameras as c')
      .leftJoin('locations as l', 'l.id', 'c.location_id')
      .select(['c.id', 'c.code', 'c.name', 'c.model_code', 'c.watch_status', 'l.name as location_name'])
      .where('c.customer_id', '=', customerId)
      .orderBy('c.name')
      .orderBy('c.id')
      .execute();
  }

  /**
   * List items of the cameras matching the filter (and `narrow`), by name then id, one page or all, each
   * row also carrying how many cameras match in all (`total`).
   *
   * The cameras are chosen first, by id only, which the covering index cameras_browse_idx answers without
   * reading camera rows; then only the chosen ones are read with their location and their tags (each
   * camera's tags from the camera_tags primary key: a few index reads per camera, however many links the
   * database holds). With a filter, `total` is a window count over the same scan, so the filter runs over
   * the customer's cameras once, not once for the page and once more for the count; without one it is the
   * customer's camera count kept by the database (customers.camera_count, migration 0025), and a page in
   * the second half of the list is read from the end of the index (`fromEnd`), so that no page skips more
   * than half of the customer's cameras.
   */
  private listItems(
    customerId: number,
    filter: CameraFilter,
    narrow: Expression<SqlBool> | null,
    page: ListSlice | null,
  ) {
    const total =
      page === null
        ? sql<number>`0` // the map calls need no total
        : isFilterActive(filter)
          ? sql<number>`count(*) OVER ()`
          : sql<number>`(SELECT camera_count FROM customers WHERE id = ${customerId})`;
    const direction = page?.fromEnd ? 'desc' : 'asc';
    return (
      this.db
        .with('page', (db) =>
          db
            .selectFrom('cameras as c')
            .select(['c.id', total.as('total')])
            .where(cameraFilterCondition(customerId, filter))
            .$if(narrow !== null, (qb) => qb.where(narrow as Expression<SqlBool>))
            // Keyset: a row comparison on the index's (name, id) after its customer_id, so the scan starts there.
            .$if(page?.past !== undefined, (qb) => {
              const past = page!.past!;
              const op = sql.raw(`${page!.fromEnd ? '<' : '>'}${past.inclusive ? '=' : ''}`);
              return qb.where(sql<SqlBool>`(c.name, c.id) ${op} (${past.key.name}, ${past.key.id})`);
            })
            .orderBy('c.name', direction)
            .orderBy('c.id', direction)
            .$if(page !== null, (qb) => qb.limit(page?.limit ?? 0).offset(page?.offset ?? 0)),
        )
        .selectFrom('page as p')
        .innerJoin('cameras as c', (join) =>
          join.onRef('c.id', '=', 'p.id').on('c.customer_id', '=', customerId),
        )
        .leftJoin('locations as l', (join) =>
          join.onRef('l.id', '=', 'c.location_id').on('l.customer_id', '=', customerId),
        )
        .select([
          'c.id',
          'c.location_id',
          'c.code as camera_code',
          'c.name as camera_name',
          'l.name as location_name',
          'l.address as location_address',
          'l.latitude as location_latitude',
          'l.longitude as location_longitude',
          'c.watch_status',
          // OFFSET 0 keeps the tag lookup a subquery of its own, so each link finds its tag by primary key
          // (the planner would otherwise hash the customer's whole tags table once per camera).
          sql<CameraTagRef[]>`(
            SELECT coalesce(json_agg(json_build_object('tag_code', t.code, 'tag_name', t.name)
                                     ORDER BY t.name, t.id), '[]')
            FROM camera_tags ct
            CROSS JOIN LATERAL (SELECT t.code, t.name, t.id FROM tags t
                                WHERE t.id = ct.tag_id AND t.customer_id = ${customerId} OFFSET 0) t
            WHERE ct.camera_id = ${sql.ref('c.id')})`.as('tags'),
          'c.image_fps',
          'c.image_fps_default',
          'c.image_rs_width',
          'c.image_rs_height',
          'c.archive_force_raw',
          'c.model_code',
          'c.latest_thumb_at',
          'c.use_motion',
          'c.use_camera_motion',
          'c.use_heatmap',
          'c.use_nolive',
          'c.use_audio',
          'c.use_people_counter',
          'c.use_ptz',
          'c.use_time_lapse',
          'c.use_parking_detect',
          'c.use_streaming',
          'c.use_enter_alert',
          'c.use_person_tracking',
          'c.use_operation_analysis',
          'c.use_dewarp',
          'p.total',
        ])
        // The camera-down notice is about the account, not the current view: all the customer's cameras.
        // Both counts are index-only scans of cameras_customer_down_site_idx (migration 0025).
        .$if(page !== null, (qb) =>
          qb.select((eb) => [
            eb
              .selectFrom('cameras as d')
              .select((sub) => sub.fn.countAll<number>().as('n'))
              .where('d.customer_id', '=', customerId)
              .where('d.watch_status', '=', 'down')
              .as('down'),
            eb
              .selectFrom('cameras as d')
              .select((sub) => sub.fn.count<number>('d.location_id').distinct().as('n'))
              .where('d.customer_id', '=', customerId)
              .where('d.watch_status', '=', 'down')
              .as('down_locations'),
          ]),
        )
        .orderBy('c.name')
        .orderBy('c.id')
        .execute()
    );
  }

  /** The customer's camera count, kept by the database (migration 0025). */
  private async cameraCount(customerId: number): Promise<number> {
    const row = await this.db
      .selectFrom('customers')
      .select('camera_count')
      .where('id', '=', customerId)
      .executeTakeFirst();
    return Number(row?.camera_count ?? 0);
  }

  /**
   * One page of matching cameras by name (then id, so the order is stable) with the list's counts, in one
   * query. An empty page has no row to carry the counts; then they are asked for separately (the total
   * only past the first page: an empty first page means nothing matches). `marks` are places in the
   * unfiltered list known to hold now (camera-list-marks.ts); a page near one is read from it.
   */
  async listPage(
    customerId: number,
    filter: CameraFilter,
    page: { offset: number; limit: number },
    marks: readonly ListMark[] = [],
  ) {
    const slice = await this.sliceOf(customerId, filter, page, marks);
    const rows = slice ? await this.listItems(customerId, filter, null, slice) : [];
    const first = rows[0];
    if (first)
      return {
        rows,
        total: Number(first.total),
        down: Number(first.down),
        downLocation: Number(first.down_locations),
      };
    const [total, watch] = await Promise.all([
      page.offset === 0 ? 0 : this.countMatching(customerId, filter),
      this.countDown(customerId),
    ]);
    return { rows, total, ...watch };
  }

  /**
   * Where a page is read from: whichever skips the fewest cameras of the start of the list, a known mark
   * (after it, or before it backwards) and, without a filter and past FROM_END_AFTER cameras, the end of the
   * list (which needs the camera count first, one row); null when the page is past the end. With a filter
   * the total is only known after the scan, so from the start (and marks are of the unfiltered list).
   */
  private async sliceOf(
    customerId: number,
    filter: CameraFilter,
    page: { offset: number; limit: number },
    marks: readonly ListMark[],
  ): Promise<ListSlice | null> {
    if (isFilterActive(filter)) return { ...page, fromEnd: false };
    let best: { skip: number; slice: ListSlice } = { skip: page.offset, slice: { ...page, fromEnd: false } };
    for (const { position, key } of marks) {
      const last = page.offset + page.limit - 1;
      // The mark at or before the page: the page starts `offset - position` cameras from it, itself included.
      if (position <= page.offset && page.offset - position < best.skip)
        best = {
          skip: page.offset - position,
          slice: {
            offset: page.offset - position,
            limit: page.limit,
            fromEnd: false,
            past: { key, inclusive: true },
          },
        };
      // The mark after the page: read backwards from the camera before it.
      else if (position > last && position - last - 1 < best.skip)
        best = {
          skip: position - last - 1,
          slice: {
            offset: position - last - 1,
            limit: page.limit,
            fromEnd: true,
            past: { key, inclusive: false },
          },
        };
    }
    if (best.skip < FROM_END_AFTER) return best.slice;
    const count = await this.cameraCount(customerId);
    if (page.offset >= count) return null;
    const end = Math.min(count, page.offset + page.limit);
    if (count - end >= best.skip) return best.slice;
    // Read backwards: skip the cameras after the page, take the page's (the outer query orders them again).
    return { offset: count - end, limit: end - page.offset, fromEnd: true };
  }

  /** Matching cameras at the customer's locations inside the box. */
  listInBox(customerId: number, filter: CameraFilter, box: GeoBox) {
    return this.listItems(customerId, filter, cameraInBox(customerId, box), null);
  }

  /** Matching cameras at one location. */
  listAtLocation(customerId: number, filter: CameraFilter, locationId: number) {
    return this.listItems(customerId, filter, cameraAtLocation(locationId), null);
  }

  /** How many of the customer's cameras match the filter. */
  async countMatching(customerId: number, filter: CameraFilter): Promise<number> {
    if (!isFilterActive(filter)) return this.cameraCount(customerId);
    const row = await this.db
      .selectFrom('cameras as c')
      .select((eb) => eb.fn.countAll().as('n'))
      .where(cameraFilterCondition(customerId, filter))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The customer's cameras that are down, and at how many distinct locations. */
  async countDown(customerId: number): Promise<{ down: number; downLocation: number }> {
    const row = await this.db
      .selectFrom('cameras')
      .select((eb) => [eb.fn.countAll().as('down'), eb.fn.count('location_id').distinct().as('locations')])
      .where('customer_id', '=', customerId)
      .where('watch_status', '=', 'down')
      .executeTakeFirstOrThrow();
    return { down: Number(row.down), downLocation: Number(row.locations) };
  }

  /** One camera with its customer, location and tags; undefined when unknown or another customer's. */
  findDetail(customerId: number, code: string) {
    return this.db
      .selectFrom('cameras as c')
      .innerJoin('customers as cu', 'cu.id', 'c.customer_id')
      .leftJoin('locations as l', (join) =>
        join.onRef('l.id', '=', 'c.location_id').on('l.customer_id', '=', customerId),
      )
      .selectAll('c')
      .select((eb) => [
        'cu.name as customer_name',
        'l.name as location_name',
        'l.address as location_address',
        'l.latitude as location_latitude',
        'l.longitude as location_longitude',
        jsonArrayFrom(
          eb
            .selectFrom('camera_tags as ct')
            .innerJoin('tags as t', 't.id', 'ct.tag_id')
            .select(['t.code as tag_code', 't.name as tag_name'])
            .whereRef('ct.camera_id', '=', 'c.id')
            .where('t.customer_id', '=', customerId)
            .orderBy('t.name')
            .orderBy('t.id'),
        ).as('tags'),
      ])
      .where('c.customer_id', '=', customerId)
      .where('c.code', '=', code)
      .executeTakeFirst();
  }
}

export type CameraListRow = Awaited<ReturnType<CameraRepository['listInBox']>>[number];
