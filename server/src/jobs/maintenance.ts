// Hourly housekeeping (the 'maintenance' job, job-handlers.ts): drop sessions that can no longer be used,
// done jobs, and stale failure counts of unknown login addresses.
import type { Db } from '../db/database.ts';
import { SessionRepository } from '../modules/auth/session.repository.ts';
import { UnknownLoginRepository } from '../modules/auth/unknown-login.repository.ts';
import { JobRepository } from './job.repository.ts';

const HOUR_MS = 3_600_000;
/** How often the 'maintenance' job runs. */
export const MAINTENANCE_EVERY_MS = HOUR_MS;
/** Revoked and expired sessions are kept a week for auditing, then deleted. */
const KEEP_ENDED_SESSIONS_MS = 7 * 24 * HOUR_MS;
/** Done jobs are kept a week (what ran, when); failed ones stay until someone looks at them. */
const KEEP_DONE_JOBS_MS = 7 * 24 * HOUR_MS;

/**
 * Failure counts of addresses without an account are forgotten after a day without tries (an account keeps
 * its count until a success; a day is long enough that guessing stays slow, short enough that a spray of
 * made-up addresses does not pile up).
 */
const KEEP_UNKNOWN_LOGIN_FAILURES_MS = 24 * HOUR_MS;

/** One maintenance pass; exported for tests. */
export async function runMaintenance(db: Db, now = Date.now()): Promise<{ sessions: number; jobs: number }> {
  const sessions = await new SessionRepository(db).deleteExpired(new Date(now - KEEP_ENDED_SESSIONS_MS));
  const jobs = await new JobRepository(db).deleteDoneBefore(new Date(now - KEEP_DONE_JOBS_MS));
  await new UnknownLoginRepository(db).deleteStale(new Date(now - KEEP_UNKNOWN_LOGIN_FAILURES_MS));
  return { sessions, jobs };
}
