// Periodic housekeeping run by the worker role: drop sessions that can no longer be used.
import type { Logger } from 'pino';
import type { Db } from '../db/database.ts';
import { SessionRepository } from '../modules/auth/session.repository.ts';

const HOUR_MS = 3_600_000;
/** Revoked and expired sessions are kept a week for auditing, then deleted. */
const KEEP_ENDED_SESSIONS_MS = 7 * 24 * HOUR_MS;

export function startMaintenance(db: Db, logger: Logger): () => void {
  const sessions = new SessionRepository(db);
  const run = async () => {
    try {
      const deleted = await sessions.deleteExpired(new Date(Date.now() - KEEP_ENDED_SESSIONS_MS));
      if (deleted > 0) logger.info({ deleted }, 'old sessions deleted');
    } catch (err) {
      logger.error({ err }, 'session clean-up failed');
    }
  };
  const timer = setInterval(run, HOUR_MS);
  timer.unref();
  void run();
  return () => clearInterval(timer);
}
