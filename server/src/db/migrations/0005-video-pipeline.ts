// The video pipeline (issue "Video pipeline"): device tokens, recorded clips and thumbnails, camera health
// history, the job queue, and archive downloads.
import { sql, type Kysely } from 'kysely';

const statements = [
  // Device tokens: one camera each, stored as SHA-256 of the token; revoked tokens stay for the audit trail.
  `CREATE TABLE device_tokens (
    id bigserial PRIMARY KEY,
    camera_id bigint NOT NULL REFERENCES cameras(id) ON DELETE CASCADE,
    token_hash text NOT NULL UNIQUE,
    label text NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL DEFAULT now(),
    last_used_at timestamptz,
    revoked_at timestamptz
  )`,
  `CREATE INDEX device_tokens_camera_idx ON device_tokens (camera_id)`,

  // One row per recorded piece of a minute: normally one whole minute; when an agent restarts mid-minute, the
  // minute has two pieces (offset_ms tells where each begins). Written after the media is in the blob store.
  // motion_state is null until the motion job has looked at the clip.
  `CREATE TABLE clips (
    id bigserial PRIMARY KEY,
    camera_id bigint NOT NULL REFERENCES cameras(id) ON DELETE CASCADE,
    start_time timestamptz NOT NULL,
    duration_ms integer NOT NULL CHECK (duration_ms > 0),
    offset_ms integer NOT NULL DEFAULT 0 CHECK (offset_ms >= 0 AND offset_ms < 60000),
    bytes bigint NOT NULL CHECK (bytes > 0),
    sha256 text NOT NULL,
    blob_key text NOT NULL,
    width integer,
    height integer,
    motion_state boolean,
    motion_events jsonb NOT NULL DEFAULT '[]'::jsonb,
    created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (camera_id, start_time, offset_ms)
  )`,
  `CREATE INDEX clips_start_idx ON clips (start_time)`,

  `CREATE TABLE thumbnails (
    camera_id bigint NOT NULL REFERENCES cameras(id) ON DELETE CASCADE,
    start_time timestamptz NOT NULL,
    blob_key text NOT NULL,
    bytes integer NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (camera_id, start_time)
  )`,
  `CREATE INDEX thumbnails_start_idx ON thumbnails (start_time)`,

  // Camera health: when the agent was last heard, and every change of watch_status.
  `ALTER TABLE cameras ADD COLUMN last_seen_at timestamptz`,
  `ALTER TABLE cameras ADD COLUMN latest_thumb_at timestamptz`,
  `CREATE TABLE camera_status_changes (
    id bigserial PRIMARY KEY,
    camera_id bigint NOT NULL REFERENCES cameras(id) ON DELETE CASCADE,
    status text NOT NULL CHECK (status IN ('down', 'normal')),
    at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX camera_status_changes_camera_idx ON camera_status_changes (camera_id, at DESC)`,
  `ALTER TABLE notifications DROP CONSTRAINT IF EXISTS notifications_kind_check`,
  `ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check
     CHECK (kind IN ('archive', 'heatmap', 'completed', 'failed', 'down', 'up'))`,

  // Background jobs: survive restarts; any worker takes the next due one with FOR UPDATE SKIP LOCKED.
  `CREATE TABLE jobs (
    id bigserial PRIMARY KEY,
    kind text NOT NULL,
    payload jsonb NOT NULL DEFAULT '{}'::jsonb,
    dedupe_key text UNIQUE,
    status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
    run_at timestamptz NOT NULL DEFAULT now(),
    attempts integer NOT NULL DEFAULT 0,
    max_attempts integer NOT NULL DEFAULT 3,
    locked_until timestamptz,
    last_error text,
    created_at timestamptz NOT NULL DEFAULT now(),
    finished_at timestamptz
  )`,
  `CREATE INDEX jobs_due_idx ON jobs (run_at) WHERE status IN ('queued', 'running')`,

  // Archive downloads: one MP4 joined from the clips of a range.
  `CREATE TABLE downloads (
    id bigserial PRIMARY KEY,
    customer_id bigint NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
    user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    camera_id bigint NOT NULL REFERENCES cameras(id) ON DELETE CASCADE,
    start_time timestamptz NOT NULL,
    end_time timestamptz NOT NULL,
    status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'ready', 'failed', 'expired')),
    progress real NOT NULL DEFAULT 0,
    bytes bigint NOT NULL DEFAULT 0,
    blob_key text,
    error text,
    created_at timestamptz NOT NULL DEFAULT now(),
    finished_at timestamptz
  )`,
  `CREATE INDEX downloads_camera_month_idx ON downloads (camera_id, created_at)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['downloads', 'jobs', 'camera_status_changes', 'thumbnails', 'clips', 'device_tokens'])
    await sql.raw(`DROP TABLE IF EXISTS ${table}`).execute(db);
  await sql
    .raw('ALTER TABLE cameras DROP COLUMN IF EXISTS last_seen_at, DROP COLUMN IF EXISTS latest_thumb_at')
    .execute(db);
}
