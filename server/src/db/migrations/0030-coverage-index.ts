// The continuous timeline's coverage call (issue 22) sums a camera's clips per bucket over up to 14 days. Read
// through the clips key it fetched every clip's heap page (a camera's minutes lie on as many pages as there are
// minutes, interleaved with the other cameras'): ~250-400 ms for a week of one camera among 100 on a loaded
// box. This index covers what the sums read, so the week is an index-only scan (~50 ms); entry alerts, rare,
// get a partial index of their minutes instead of carrying the JSON.
import { sql, type Kysely } from 'kysely';

const statements = [
  `CREATE INDEX clips_coverage_idx ON clips (camera_id, start_time) INCLUDE (offset_ms, duration_ms, motion_state)`,
  `CREATE INDEX clips_entry_minutes_idx ON clips (camera_id, start_time)
     WHERE enter_alert_events IS NOT NULL AND enter_alert_events <> '[]'::jsonb`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP INDEX IF EXISTS clips_entry_minutes_idx').execute(db);
  await sql.raw('DROP INDEX IF EXISTS clips_coverage_idx').execute(db);
}
