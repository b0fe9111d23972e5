// What the readiness check and the metrics read from the database: a ping, and the jobs table's counts by
// queue state and kind with the age of the oldest due job (one grouped query per scrape; done jobs are not
// read).
import { sql } from 'kysely';
import { poolStateOf, type Db, type PoolState } from '../db/database.ts';

export interface JobStateCount {
  kind: string;
  status: 'queued' | 'running' | 'failed';
  count: number;
  /** Seconds the oldest due job of a queued group has waited (0 for the other states). */
  oldestDueSeconds: number;
}

export class ObservabilityRepository {
  constructor(private readonly db: Db) {}

  /** The PostgreSQL pool's connections now; null on PGlite (one connection in this process). */
  poolState(): PoolState | null {
    return poolStateOf(this.db);
  }

  /** One round trip to the database. */
  async ping(): Promise<void> {
    await sql`SELECT 1`.execute(this.db);
  }

  /** Jobs not yet done, by kind and state; done jobs are not counted (the hourly maintenance deletes them). */
  async jobStates(now: Date): Promise<JobStateCount[]> {
    const { rows } = await sql<{
      kind: string;
      status: JobStateCount['status'];
      count: number;
      oldest: number;
    }>`
      SELECT kind, status, count(*)::int AS count,
        coalesce(extract(epoch FROM (${now}::timestamptz - min(run_at) FILTER (WHERE status = 'queued' AND run_at <= ${now}))), 0)::float8 AS oldest
      FROM jobs WHERE status IN ('queued', 'running', 'failed')
      GROUP BY kind, status`.execute(this.db);
    return rows.map((r) => ({
      kind: r.kind,
      status: r.status,
      count: Number(r.count),
      oldestDueSeconds: Math.max(0, Number(r.oldest)),
    }));
  }
}
