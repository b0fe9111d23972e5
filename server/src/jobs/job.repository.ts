// The jobs table: enqueue with a dedupe key, claim due jobs with FOR UPDATE SKIP LOCKED and a lease,
// and record how each run ended. Every update of a claimed job is fenced by its attempt number, so a
// worker whose lease ran out (and whose job another worker took over) cannot overwrite the newer run.
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

export interface ClaimedJob {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
  /** When it became due. */
  run_at: Date;
}

export interface NewJob {
  kind: string;
  payload: Record<string, unknown>;
  dedupeKey: string | null;
  runAt: Date;
  maxAttempts: number;
}

export class JobRepository {
  constructor(private readonly db: Db) {}

  /**
   * Inserts the job. With a dedupe key held by a queued or running job nothing changes (null); a finished
   * job holding the key is armed again with the new payload, so a key means one live job, not one ever.
   */
  async enqueue(job: NewJob): Promise<number | null> {
    const row = await this.db
      .insertInto('jobs')
      .values({
        kind: job.kind,
        payload: JSON.stringify(job.payload),
        dedupe_key: job.dedupeKey,
        run_at: job.runAt,
        max_attempts: job.maxAttempts,
      })
      .onConflict((oc) =>
        oc
          .column('dedupe_key')
          .doUpdateSet({
            kind: (eb) => eb.ref('excluded.kind'),
            payload: (eb) => eb.ref('excluded.payload'),
            run_at: (eb) => eb.ref('excluded.run_at'),
            max_attempts: (eb) => eb.ref('excluded.max_attempts'),
            status: 'queued',
            attempts: 0,
            locked_until: null,
            last_error: null,
            finished_at: null,
            created_at: sql`now()`,
          })
          .where('jobs.status', 'in', ['done', 'failed']),
      )
      .returning('id')
      .executeTakeFirst();
    return row?.id ?? null;
  }

  /** Inserts the job unless any job (finished or not) holds the key: one run per key, ever. */
  async enqueueOnce(job: NewJob & { dedupeKey: string }): Promise<number | null> {
    const row = await this.db
      .insertInto('jobs')
      .values({
        kind: job.kind,
        payload: JSON.stringify(job.payload),
        dedupe_key: job.dedupeKey,
        run_at: job.runAt,
        max_attempts: job.maxAttempts,
      })
      .onConflict((oc) => oc.column('dedupe_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id ?? null;
  }

  /**
   * Takes up to `limit` due jobs: queued ones whose time has come, and running ones whose lease has run
   * out (their worker died). One statement, so it needs no transaction; SKIP LOCKED lets several workers
   * claim at once without waiting on or taking each other's rows. Only the kinds this worker knows are
   * taken, so a worker of an older version leaves newer kinds to the workers that can run them.
   */
  async claim(kinds: readonly string[], now: Date, leaseUntil: Date, limit: number): Promise<ClaimedJob[]> {
    const result = await sql<ClaimedJob>`
      UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_until = ${leaseUntil}
      WHERE id IN (
        SELECT id FROM jobs
        WHERE ((status = 'queued' AND run_at <= ${now}) OR (status = 'running' AND locked_until < ${now}))
          AND attempts < max_attempts
          AND kind IN (${sql.join(kinds)})
        ORDER BY run_at, id
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id, kind, payload, attempts, max_attempts, run_at`.execute(this.db);
    return result.rows.map((row) => ({ ...row, id: Number(row.id) }));
  }

  /** Running jobs whose lease ran out on their last allowed attempt: failed, they will not run again. */
  async failAbandoned(kinds: readonly string[], now: Date): Promise<number> {
    const result = await this.db
      .updateTable('jobs')
      .set({
        status: 'failed',
        finished_at: now,
        locked_until: null,
        last_error: sql`coalesce(last_error || '; ', '') || 'lease expired (worker stopped)'`,
      })
      .where('kind', 'in', kinds)
      .where('status', '=', 'running')
      .where('locked_until', '<', now)
      .whereRef('attempts', '>=', 'max_attempts')
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /**
   * Closes the jobs of `kind` still waiting that were due before `dueBefore`, without running them (done, with
   * the reason in last_error); answers how many. One statement, however many there are.
   */
  async expireWaiting(kind: string, dueBefore: Date, now: Date, reason: string): Promise<number> {
    const result = await this.db
      .updateTable('jobs')
      .set({ status: 'done', finished_at: now, locked_until: null, last_error: reason })
      .where('kind', '=', kind)
      .where('status', '=', 'queued')
      .where('run_at', '<', dueBefore)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Keeps the lease of a job still being worked on. */
  async extendLease(id: number, attempt: number, leaseUntil: Date): Promise<void> {
    await this.db
      .updateTable('jobs')
      .set({ locked_until: leaseUntil })
      .where('id', '=', id)
      .where('attempts', '=', attempt)
      .where('status', '=', 'running')
      .execute();
  }

  async markDone(id: number, attempt: number, now: Date): Promise<void> {
    await this.db
      .updateTable('jobs')
      .set({ status: 'done', finished_at: now, locked_until: null })
      .where('id', '=', id)
      .where('attempts', '=', attempt)
      .where('status', '=', 'running')
      .execute();
  }

  /** Records the error; queued again at retryAt, or failed for good when retryAt is null. */
  async markFailed(
    id: number,
    attempt: number,
    error: string,
    retryAt: Date | null,
    now: Date,
  ): Promise<void> {
    await this.db
      .updateTable('jobs')
      .set(
        retryAt
          ? { status: 'queued', run_at: retryAt, locked_until: null, last_error: error }
          : { status: 'failed', finished_at: now, locked_until: null, last_error: error },
      )
      .where('id', '=', id)
      .where('attempts', '=', attempt)
      .where('status', '=', 'running')
      .execute();
  }

  /** Deletes done jobs finished before the time; answers how many. */
  async deleteDoneBefore(before: Date): Promise<number> {
    const result = await this.db
      .deleteFrom('jobs')
      .where('status', '=', 'done')
      .where('finished_at', '<', before)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** One job by id, for tests and the CLI. */
  find(id: number) {
    return this.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
  }
}
