// Every query of the heat map: writing an analysed clip's grid and its hour's sum (under a lock on the camera's
// hour, so two clips of one hour analysed at once both count), finding the customer's camera, summing its hours
// over a period of a time zone's days with hours-of-day and weekday filters, and the picture to draw the heat
// over. Every read is scoped by the customer: another customer's camera is simply not found.
import { HEATMAP_CELLS, HEATMAP_WEEKDAYS, type HeatmapWeekday } from '@camwatch/contract/heatmap-rules';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import { customerCamera } from '../../db/scoped-queries.ts';
import { databaseKnowsTimeZone } from '../../db/time-zone.ts';
import { addEncodedCells, encodeCells } from '../../vision/heat-grid.ts';

/** What a heat map sums: days of a zone (both included), hours of the day [from, to), some weekdays. */
export interface HeatmapFilter {
  start: string;
  end: string;
  hourFrom: number;
  hourTo: number;
  weekdays: readonly HeatmapWeekday[];
  timeZone: string;
}

export interface HeatmapSums {
  /** Person-seconds per cell. */
  cells: Float64Array;
  /** Hours with at least one analysed clip. */
  analysedHours: number;
}

const HOUR_MS = 3_600_000;

/** The UTC hour a moment falls in. */
export const hourOf = (at: Date): Date => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);

export class HeatmapRepository {
  constructor(private readonly db: Db) {}

  /**
   * Stores one analysed clip's grid (replacing an earlier run's) and recomputes its hour's sum from the hour's
   * clips, in one transaction: a clip analysed again never counts twice.
   */
  async replaceClip(input: {
    clipId: number;
    cameraId: number;
    customerId: number;
    minute: Date;
    cells: Float32Array;
  }): Promise<void> {
    const hour = hourOf(input.minute);
    await this.db.transaction().execute(async (trx) => {
      const lockName = `heatmap:${input.cameraId}:${hour.getTime()}`;
      await sql`SELECT pg_advisory_xact_lock(hashtextextended(${lockName}, 0))`.execute(trx);
      const cells = encodeCells(input.cells);
      await trx
        .insertInto('heatmap_clip_cells')
        .values({ clip_id: input.clipId, camera_id: input.cameraId, hour, cells })
        .onConflict((oc) => oc.column('clip_id').doUpdateSet({ camera_id: input.cameraId, hour, cells }))
        .execute();
      const clips = await trx
        .selectFrom('heatmap_clip_cells')
        .select('cells')
        .where('camera_id', '=', input.cameraId)
        .where('hour', '=', hour)
        .execute();
      const sum = new Float32Array(HEATMAP_CELLS);
      for (const clip of clips) addEncodedCells(sum, clip.cells);
      const total = sum.reduce((a, b) => a + b, 0);
      const row = {
        cells: encodeCells(sum),
        total,
        clips: clips.length,
        updated_at: new Date(),
      };
      await trx
        .insertInto('heatmap_hours')
        .values({ camera_id: input.cameraId, customer_id: input.customerId, hour, ...row })
        .onConflict((oc) => oc.columns(['camera_id', 'hour']).doUpdateSet(row))
        .execute();
    });
  }

  /** The customer's camera with this code; undefined when unknown or another customer's. */
  findCamera(customerId: number, code: string) {
    return customerCamera(this.db, customerId, code)
      .select(['id', 'code', 'name', 'use_heatmap'])
      .executeTakeFirst();
  }

  knowsTimeZone(timeZone: string): Promise<boolean> {
    return databaseKnowsTimeZone(this.db, timeZone);
  }

  /** The camera's hours in the filter, summed cell by cell. */
  async sums(customerId: number, cameraId: number, filter: HeatmapFilter): Promise<HeatmapSums> {
    const rows = await this.db
      .selectFrom('heatmap_hours')
      .select('cells')
      .where('customer_id', '=', customerId)
      .where('camera_id', '=', cameraId)
      .where(inFilter('hour', filter))
      .execute();
    const cells = new Float64Array(HEATMAP_CELLS);
    for (const row of rows) addEncodedCells(cells, row.cells);
    return { cells, analysedHours: rows.length };
  }

  /** The blob key of the camera's newest thumbnail in the filter, else its newest; null before it has one. */
  async pictureKey(cameraId: number, filter: HeatmapFilter): Promise<string | null> {
    const newest = (inPeriod: boolean) =>
      this.db
        .selectFrom('thumbnails')
        .select('blob_key')
        .where('camera_id', '=', cameraId)
        .$if(inPeriod, (q) => q.where(inFilter('start_time', filter)))
        .orderBy('start_time', 'desc')
        .limit(1)
        .executeTakeFirst();
    return ((await newest(true)) ?? (await newest(false)))?.blob_key ?? null;
  }
}

/** Whether the moment in `column` falls on the filter's days, hours of the day and weekdays of its zone. */
function inFilter(column: 'hour' | 'start_time', filter: HeatmapFilter): RawBuilder<boolean> {
  const zone = filter.timeZone;
  const at = sql.ref(column);
  const local = sql`(${at} AT TIME ZONE ${zone})`;
  const parts = [
    sql`${at} >= (${filter.start}::date::timestamp AT TIME ZONE ${zone})`,
    sql`${at} < ((${filter.end}::date + 1)::timestamp AT TIME ZONE ${zone})`,
  ];
  if (filter.hourFrom > 0 || filter.hourTo < 24)
    parts.push(
      sql`extract(hour from ${local}) >= ${filter.hourFrom}`,
      sql`extract(hour from ${local}) < ${filter.hourTo}`,
    );
  if (filter.weekdays.length > 0 && filter.weekdays.length < HEATMAP_WEEKDAYS.length)
    parts.push(
      sql`extract(isodow from ${local})::int IN (${sql.join(
        filter.weekdays.map((day) => HEATMAP_WEEKDAYS.indexOf(day) + 1),
      )})`,
    );
  return sql<boolean>`(${sql.join(parts, sql` AND `)})`;
}
