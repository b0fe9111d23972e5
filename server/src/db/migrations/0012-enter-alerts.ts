// Entry detection (advanced.md §5): one setting per camera (areas and thresholds, kept as the contract's
// EnterAlertSetting document), and the entry alerts found in each clip, in seconds of its minute.
// enter_alert_events is null until the entry job has looked at the clip.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `CREATE TABLE enter_alert_settings (
        camera_id bigint PRIMARY KEY REFERENCES cameras(id) ON DELETE CASCADE,
        setting jsonb NOT NULL,
        updated_by bigint REFERENCES users(id) ON DELETE SET NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`,
    )
    .execute(db);
  await sql.raw(`ALTER TABLE clips ADD COLUMN enter_alert_events jsonb`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('ALTER TABLE clips DROP COLUMN IF EXISTS enter_alert_events').execute(db);
  await sql.raw('DROP TABLE IF EXISTS enter_alert_settings').execute(db);
}
