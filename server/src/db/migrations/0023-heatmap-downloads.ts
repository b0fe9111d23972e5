// Heat map batch downloads (issue 14; advanced.md heat map batch download): one ZIP of heat map images of up to
// ten cameras over a period, made by the 'heatmap-download' job. The cameras of a batch are rows of their own,
// so a camera that is removed leaves its batches (it just drops out of them) and tenancy stays a join away.
// Status, progress, expiry and the month's usage work as for archive downloads (migration 0005).
import { sql, type Kysely } from 'kysely';

const statements = [
  `CREATE TABLE heatmap_downloads (
    id bigserial PRIMARY KEY,
    customer_id bigint NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
    user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    start_day date NOT NULL,
    end_day date NOT NULL,
    hour_from smallint NOT NULL CHECK (hour_from BETWEEN 0 AND 23),
    hour_to smallint NOT NULL CHECK (hour_to BETWEEN 1 AND 24 AND hour_to > hour_from),
    weekdays text[] NOT NULL,
    per text NOT NULL CHECK (per IN ('day', 'period')),
    time_zone text NOT NULL,
    status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'ready', 'failed', 'expired')),
    progress real NOT NULL DEFAULT 0,
    bytes bigint NOT NULL DEFAULT 0,
    blob_key text,
    error text,
    created_at timestamptz NOT NULL DEFAULT now(),
    finished_at timestamptz
  )`,
  // The month's usage of a customer, and a user's newest batches.
  `CREATE INDEX heatmap_downloads_customer_month_idx ON heatmap_downloads (customer_id, created_at)`,
  `CREATE INDEX heatmap_downloads_user_idx ON heatmap_downloads (user_id, created_at)`,
  // The hourly expiry looks only at ready files.
  `CREATE INDEX heatmap_downloads_ready_idx ON heatmap_downloads (finished_at) WHERE status = 'ready'`,
  `CREATE TABLE heatmap_download_cameras (
    download_id bigint NOT NULL REFERENCES heatmap_downloads(id) ON DELETE CASCADE,
    camera_id bigint NOT NULL REFERENCES cameras(id) ON DELETE CASCADE,
    position smallint NOT NULL,
    PRIMARY KEY (download_id, camera_id)
  )`,
  `CREATE INDEX heatmap_download_cameras_camera_idx ON heatmap_download_cameras (camera_id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TABLE IF EXISTS heatmap_download_cameras').execute(db);
  await sql.raw('DROP TABLE IF EXISTS heatmap_downloads').execute(db);
}
