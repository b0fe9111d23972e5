// Entry detection (advanced.md §5): a camera's area links (each the contract's AreaLinkInput document, checked
// when read), and the entry alerts found in each clip, in seconds of its minute with the link's name.
// enter_alert_events is null until the entry job has looked at the clip.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `CREATE TABLE enter_alert_area_links (
        id bigserial PRIMARY KEY,
        camera_id bigint NOT NULL REFERENCES cameras(id) ON DELETE CASCADE,
        setting jsonb NOT NULL,
        updated_by bigint REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`,
    )
    .execute(db);
  await sql
    .raw(`CREATE INDEX enter_alert_area_links_camera ON enter_alert_area_links (camera_id, id)`)
    .execute(db);
  await sql.raw(`ALTER TABLE clips ADD COLUMN enter_alert_events jsonb`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('ALTER TABLE clips DROP COLUMN IF EXISTS enter_alert_events').execute(db);
  await sql.raw('DROP TABLE IF EXISTS enter_alert_area_links').execute(db);
}
