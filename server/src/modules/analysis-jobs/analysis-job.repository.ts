// The queries of analysis jobs (migration 0024), shared by every kind (person tracking, operation analysis).
// Every read a user's request makes is scoped by the customer (and the kind); the job's own reads go by id.
// Completion (results, state, notification) and failure (state, notification) are each one transaction, so no
// one ever sees a completed job without its results, nor results of a job that is still running.
import { sql } from 'kysely';
import type { AnalysisKind } from '@camwatch/contract/analysis-job-rules';
import type { Db } from '../../db/database.ts';
import { cameraClipsBetween } from '../../db/scoped-queries.ts';
import { NotificationRepository, type NewNotification } from '../notifications/notification.repository.ts';

export interface NewAnalysisJob {
  customerId: number;
  cameraId: number;
  kind: AnalysisKind;
  start: Date;
  end: Date;
  settings: unknown;
  requestedBy: number;
}

/** A recipient and what to tell them, written in the same transaction as the job's end. */
export interface JobNotification {
  customerId: number;
  userId: number | null;
  notification: NewNotification;
}

const jobColumns = [
  'j.id',
  'j.customer_id',
  'j.camera_id',
  'j.kind',
  'j.period_start',
  'j.period_end',
  'j.settings',
  'j.state',
  'j.clips_done',
  'j.clips_total',
  'j.clips_skipped',
  'j.error',
  'j.requested_by',
  'j.created_at',
  'j.started_at',
  'j.finished_at',
  'c.code as camera_code',
  'c.name as camera_name',
  'u.name as requested_by_name',
] as const;

export class AnalysisJobRepository {
  constructor(private readonly db: Db) {}

  private base() {
    return this.db
      .selectFrom('analysis_jobs as j')
      .innerJoin('cameras as c', 'c.id', 'j.camera_id')
      .leftJoin('users as u', 'u.id', 'j.requested_by')
      .select(jobColumns);
  }

  async insert(job: NewAnalysisJob): Promise<number> {
    const row = await this.db
      .insertInto('analysis_jobs')
      .values({
        customer_id: job.customerId,
        camera_id: job.cameraId,
        kind: job.kind,
        period_start: job.start,
        period_end: job.end,
        settings: JSON.stringify(job.settings),
        requested_by: job.requestedBy,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  /** The customer's analyses still running (of any kind): the limit of ANALYSIS_RUNNING_MAX. */
  async countRunning(customerId: number): Promise<number> {
    const row = await this.db
      .selectFrom('analysis_jobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('customer_id', '=', customerId)
      .where('state', '=', 'running')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** One of the customer's analyses of a kind; none when unknown, another customer's or another kind's. */
  find(customerId: number, kind: AnalysisKind, id: number) {
    return this.base()
      .where('j.customer_id', '=', customerId)
      .where('j.kind', '=', kind)
      .where('j.id', '=', id)
      .executeTakeFirst();
  }

  /** The customer's analyses of a kind (of one camera, when given), newest first. */
  list(customerId: number, kind: AnalysisKind, options: { cameraId?: number; limit: number }) {
    return this.base()
      .where('j.customer_id', '=', customerId)
      .where('j.kind', '=', kind)
      .$if(options.cameraId !== undefined, (q) => q.where('j.camera_id', '=', options.cameraId!))
      .orderBy('j.created_at', 'desc')
      .orderBy('j.id', 'desc')
      .limit(options.limit)
      .execute();
  }

  /** The job as its runner reads it, with what its camera has now. */
  findForJob(id: number) {
    return this.db
      .selectFrom('analysis_jobs as j')
      .innerJoin('cameras as c', 'c.id', 'j.camera_id')
      .select([
        'j.id',
        'j.customer_id',
        'j.camera_id',
        'j.kind',
        'j.period_start',
        'j.period_end',
        'j.settings',
        'j.state',
        'j.requested_by',
        'c.use_person_tracking',
        'c.use_operation_analysis',
      ])
      .where('j.id', '=', id)
      .executeTakeFirst();
  }

  /**
   * The camera's recordings that overlap [start, end): clip pieces whose minute starts from the minute holding
   * start up to end, in time order (a piece's points outside the period are left out by the analysis).
   */
  clipsOf(cameraId: number, start: Date, end: Date) {
    const firstMinute = new Date(Math.floor(start.getTime() / 60_000) * 60_000);
    return cameraClipsBetween(this.db, cameraId, firstMinute, end)
      .select(['id', 'start_time', 'offset_ms', 'duration_ms', 'blob_key'])
      .execute();
  }

  /**
   * The tracks the per-clip vision job stored for a recording (clip_tracks, migration 0017: times in seconds of the
   * clip's minute) and the tracker state it ended with; none when it has not analysed it.
   */
  storedTracks(clipId: number) {
    return this.db
      .selectFrom('clip_tracks')
      .select(['tracks', 'end_state'])
      .where('clip_id', '=', clipId)
      .executeTakeFirst();
  }

  /** A run begins (again, after a killed worker): the progress starts from nothing. */
  async begin(id: number, clipsTotal: number): Promise<void> {
    await this.db
      .updateTable('analysis_jobs')
      .set({
        state: 'running',
        clips_done: 0,
        clips_total: clipsTotal,
        clips_skipped: 0,
        error: null,
        error_detail: null,
        started_at: new Date(),
      })
      .where('id', '=', id)
      .execute();
  }

  async progress(id: number, clipsDone: number, clipsSkipped: number): Promise<void> {
    await this.db
      .updateTable('analysis_jobs')
      .set({ clips_done: clipsDone, clips_skipped: clipsSkipped })
      .where('id', '=', id)
      .where('state', '=', 'running')
      .execute();
  }

  /** Results, the completed state and the notification, in one transaction (results replaced on a rerun). */
  async complete(id: number, result: unknown, tell: JobNotification): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const json = JSON.stringify(result);
      await trx
        .insertInto('analysis_results')
        .values({ job_id: id, result: json })
        .onConflict((oc) => oc.column('job_id').doUpdateSet({ result: json, created_at: new Date() }))
        .execute();
      const updated = await trx
        .updateTable('analysis_jobs')
        .set({ state: 'completed', error: null, error_detail: null, finished_at: new Date() })
        .where('id', '=', id)
        .where('state', '=', 'running')
        .executeTakeFirst();
      // Ended meanwhile (another worker finished it first): nobody is told twice.
      if (Number(updated.numUpdatedRows) === 0) return;
      if (tell.userId !== null)
        await new NotificationRepository(trx).insertForUsers(
          tell.customerId,
          [tell.userId],
          tell.notification,
        );
    });
  }

  /** The job ends without results: failed (the analysis broke) or request_failed (nothing to analyse). */
  async fail(
    id: number,
    end: { state: 'failed' | 'request_failed'; error: string; detail: string },
    tell: JobNotification,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('analysis_jobs')
        .set({
          state: end.state,
          error: end.error,
          error_detail: end.detail.slice(0, 2000),
          finished_at: new Date(),
        })
        .where('id', '=', id)
        .where('state', '=', 'running')
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) return;
      if (tell.userId !== null)
        await new NotificationRepository(trx).insertForUsers(
          tell.customerId,
          [tell.userId],
          tell.notification,
        );
    });
  }

  /** A job's stored results; none before it completed. */
  async resultOf(id: number): Promise<unknown> {
    const row = await this.db
      .selectFrom('analysis_results')
      .select('result')
      .where('job_id', '=', id)
      .executeTakeFirst();
    return row?.result ?? null;
  }

  /**
   * Running analyses whose queue job is no longer queued or running: their worker stopped on the last attempt
   * (the queue failed the job when its lease ran out). Asked for by the sweep, which fails them.
   */
  stranded(olderThan: Date) {
    return this.db
      .selectFrom('analysis_jobs as j')
      .select(['j.id', 'j.customer_id', 'j.camera_id', 'j.kind', 'j.requested_by'])
      .where('j.state', '=', 'running')
      .where('j.created_at', '<', olderThan)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('jobs')
              .select('jobs.id')
              .where('jobs.kind', '=', 'analysis')
              .where(sql<boolean>`jobs.dedupe_key = 'analysis:' || j.id`)
              .where('jobs.status', 'in', ['queued', 'running']),
          ),
        ),
      )
      .execute();
  }
}
