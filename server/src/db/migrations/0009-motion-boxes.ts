// Where things moved in a clip (the player's motion analysis info, core.md §2 video info): for each moving
// frame the boxes of the changed regions, in 0..1 picture coordinates and seconds of the minute. Kept apart
// from motion_events so the archive list, which reads motion_events for up to 1440 minutes, stays small.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`ALTER TABLE clips ADD COLUMN motion_boxes jsonb NOT NULL DEFAULT '[]'::jsonb`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('ALTER TABLE clips DROP COLUMN IF EXISTS motion_boxes').execute(db);
}
