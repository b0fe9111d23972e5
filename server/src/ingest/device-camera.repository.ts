// What the ingest side reads and writes on the cameras a device speaks for: its recording settings and
// when its agent was last heard.
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** Rows per UPDATE of markSeen (two parameters each). */
const MARKS_PER_STATEMENT = 500;

export class DeviceCameraRepository {
  constructor(private readonly db: Db) {}

  /** A camera by its (globally unique) code, for the operator CLI. */
  findByCode(code: string) {
    return this.db
      .selectFrom('cameras')
      .select(['id', 'code', 'name', 'customer_id'])
      .where('code', '=', code)
      .executeTakeFirst();
  }

  /** The columns the device configuration is built from. */
  findSettings(cameraId: number) {
    return this.db
      .selectFrom('cameras')
      .select([
        'code',
        'image_fps',
        'image_rs_width',
        'image_rs_height',
        'live_interval',
        'video_max_kbps',
        'motion_area',
        'can_pan',
        'can_tilt',
        'can_zoom',
      ])
      .where('id', '=', cameraId)
      .executeTakeFirst();
  }

  /**
   * Agents heard: each camera's last_seen_at and each token's last_used_at move forward to the time given, in
   * one statement per table (ids in ascending order, so two writers lock the rows in the same order).
   */
  async markSeen(cameras: ReadonlyMap<number, Date>, tokens: ReadonlyMap<number, Date>): Promise<void> {
    for (const [table, column, marks] of [
      ['cameras', 'last_seen_at', cameras],
      ['device_tokens', 'last_used_at', tokens],
    ] as const) {
      const rows = [...marks].sort(([a], [b]) => a - b);
      for (let i = 0; i < rows.length; i += MARKS_PER_STATEMENT) {
        const values = sql.join(
          rows
            .slice(i, i + MARKS_PER_STATEMENT)
            .map(([id, at]) => sql`(${id}::integer, ${at.toISOString()}::timestamptz)`),
        );
        await sql`
          UPDATE ${sql.table(table)} AS t SET ${sql.ref(column)} = v.at
          FROM (VALUES ${values}) AS v(id, at)
          WHERE t.id = v.id AND (t.${sql.ref(column)} IS NULL OR t.${sql.ref(column)} < v.at)`.execute(
          this.db,
        );
      }
    }
  }
}
