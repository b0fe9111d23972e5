// Entry detection on people (advanced.md §5): what a clip hands the next clip of its camera for each area link
// (a stay or a vigilant time running over the minute's end, video/entry-detection.ts `EntryCarry`, keyed by link id; null
// until entry detection looked at the clip), and the entry notification cooldown per user and camera
// (ENTRY_NOTIFICATION_COOLDOWN_MINUTES), like the motion notifications'.
import { sql, type Kysely } from 'kysely';

const statements = [
  `ALTER TABLE clips ADD COLUMN enter_alert_state jsonb`,
  `CREATE TABLE entry_notification_cooldowns (
    user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    camera_id bigint NOT NULL REFERENCES cameras(id) ON DELETE CASCADE,
    customer_id bigint NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
    last_notified_at timestamptz,
    PRIMARY KEY (user_id, camera_id)
  )`,
  `CREATE INDEX entry_notification_cooldowns_camera_idx ON entry_notification_cooldowns (camera_id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TABLE IF EXISTS entry_notification_cooldowns').execute(db);
  await sql.raw('ALTER TABLE clips DROP COLUMN IF EXISTS enter_alert_state').execute(db);
}
