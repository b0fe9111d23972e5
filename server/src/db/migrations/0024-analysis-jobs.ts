// Analysis jobs (issue 15; advanced.md person tracking and operation analysis, TLT only): a user's request to
// analyse a period (at most 3 hours) of one camera's recordings, run by the 'analysis' queue's job. The row keeps
// the settings the analysis runs with (later changes of the camera's setting do not change a requested one), its
// state (running, completed, failed, request_failed), its progress in recordings and, on failure, a reason code
// for the screens and the error for the logs. Results are one row written in the same transaction that marks the
// job completed, so a job is never seen completed with half its results (a killed worker's job runs again from
// the start). Person tracking settings are kept per camera, as operation analysis's (migration 0011).
import { sql, type Kysely } from 'kysely';

const statements = [
  `CREATE TABLE analysis_jobs (
    id bigserial PRIMARY KEY,
    customer_id bigint NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
    camera_id bigint NOT NULL REFERENCES cameras(id) ON DELETE CASCADE,
    kind text NOT NULL CHECK (kind IN ('person_tracking', 'operation_analysis')),
    period_start timestamptz NOT NULL,
    period_end timestamptz NOT NULL CHECK (period_end > period_start),
    settings jsonb NOT NULL,
    state text NOT NULL DEFAULT 'running'
      CHECK (state IN ('running', 'completed', 'failed', 'request_failed')),
    clips_done integer NOT NULL DEFAULT 0,
    clips_total integer NOT NULL DEFAULT 0,
    clips_skipped integer NOT NULL DEFAULT 0,
    error text,
    error_detail text,
    requested_by bigint REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    started_at timestamptz,
    finished_at timestamptz
  )`,
  // A customer's analyses of a kind, newest first; the running ones (the limit of ANALYSIS_RUNNING_MAX).
  `CREATE INDEX analysis_jobs_customer_kind_idx ON analysis_jobs (customer_id, kind, created_at DESC)`,
  `CREATE INDEX analysis_jobs_running_idx ON analysis_jobs (customer_id) WHERE state = 'running'`,
  `CREATE INDEX analysis_jobs_camera_idx ON analysis_jobs (camera_id)`,
  `CREATE TABLE analysis_results (
    job_id bigint PRIMARY KEY REFERENCES analysis_jobs(id) ON DELETE CASCADE,
    result jsonb NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE TABLE person_tracking_settings (
    camera_id bigint PRIMARY KEY REFERENCES cameras(id) ON DELETE CASCADE,
    setting jsonb NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TABLE IF EXISTS person_tracking_settings').execute(db);
  await sql.raw('DROP TABLE IF EXISTS analysis_results').execute(db);
  await sql.raw('DROP TABLE IF EXISTS analysis_jobs').execute(db);
}
