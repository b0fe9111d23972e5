// Table types of the service itself: settings, jobs, feedback, releases, client errors, the audit log.
import type { ColumnType, Generated } from 'kysely';
import type { Json, Timestamp } from './column-types.ts';

export interface SettingsTable {
  key: string;
  value: Json<unknown>;
  updated_at: Timestamp;
}

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

export interface JobsTable {
  id: Generated<number>;
  kind: string;
  payload: Json<Record<string, unknown>>;
  dedupe_key: string | null;
  status: Generated<JobStatus>;
  run_at: Timestamp;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  locked_until: Date | null;
  last_error: string | null;
  created_at: Timestamp;
  finished_at: Date | null;
}

export interface FeedbackTable {
  id: Generated<number>;
  customer_id: number;
  user_id: number | null;
  message: string;
  page: Generated<string>;
  created_at: Timestamp;
}

export interface ReleasesTable {
  id: Generated<number>;
  version: string;
  released_on: ColumnType<Date, string, string>;
  message: string;
  created_at: Timestamp;
}

export interface ClientErrorsTable {
  id: Generated<number>;
  customer_id: number;
  user_id: number | null;
  message: string;
  stack: Generated<string>;
  page: Generated<string>;
  user_agent: Generated<string>;
  created_at: Timestamp;
}

/** One recorded event of the audit log (migration 0014); never updated. */
export interface AuditEventsTable {
  id: Generated<number>;
  customer_id: number | null;
  occurred_at: Timestamp;
  kind: string;
  via: Generated<'api' | 'cli'>;
  user_id: number | null;
  user_email: string | null;
  ip: string | null;
  user_agent: string | null;
  camera_code: string | null;
  camera_name: string | null;
  target: string | null;
  detail: Json<Record<string, unknown>>;
}
