// Archive downloads in SQL: the request rows, the clips a range joins, and the month's usage per camera.
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { cameraClipsBetween, customerCamera } from '../../db/scoped-queries.ts';
import { NotificationRepository, type NewNotification } from '../notifications/notification.repository.ts';

export class DownloadRepository {
  constructor(private readonly db: Db) {}

  findCamera(customerId: number, cameraCode: string) {
    return customerCamera(this.db, customerId, cameraCode).select(['id', 'code', 'name']).executeTakeFirst();
  }

  /** Clips of the camera whose minute starts in [start, end), oldest first. */
  clipsIn(cameraId: number, start: Date, end: Date) {
    return cameraClipsBetween(this.db, cameraId, start, end)
      .select(['id', 'start_time', 'bytes', 'blob_key', 'duration_ms'])
      .execute();
  }

  /** Bytes of this camera's downloads created since monthStart that did not fail (queued ones count their estimate). */
  async usedSince(cameraId: number, monthStart: Date): Promise<number> {
    const row = await this.db
      .selectFrom('downloads')
      .select(sql<number>`coalesce(sum(bytes), 0)`.as('used'))
      .where('camera_id', '=', cameraId)
      .where('created_at', '>=', monthStart)
      .where('status', '!=', 'failed')
      .executeTakeFirstOrThrow();
    return Number(row.used);
  }

  async insert(values: {
    customerId: number;
    userId: number;
    cameraId: number;
    start: Date;
    end: Date;
    bytes: number;
    timeZone: string | null;
  }) {
    return this.db
      .insertInto('downloads')
      .values({
        customer_id: values.customerId,
        user_id: values.userId,
        camera_id: values.cameraId,
        start_time: values.start,
        end_time: values.end,
        bytes: values.bytes,
        time_zone: values.timeZone,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** One download of the customer with its camera code. */
  find(customerId: number, downloadId: number) {
    return this.db
      .selectFrom('downloads as d')
      .innerJoin('cameras as c', 'c.id', 'd.camera_id')
      .selectAll('d')
      .select(['c.code as camera_code', 'c.name as camera_name'])
      .where('d.customer_id', '=', customerId)
      .where('d.id', '=', downloadId)
      .executeTakeFirst();
  }

  /** The download for its job, whoever asked for it. */
  findForJob(downloadId: number) {
    return this.db
      .selectFrom('downloads as d')
      .innerJoin('cameras as c', 'c.id', 'd.camera_id')
      .selectAll('d')
      .select(['c.code as camera_code', 'c.name as camera_name'])
      .where('d.id', '=', downloadId)
      .executeTakeFirst();
  }

  /**
   * Downloads still waiting or being made, asked for before `olderThan`, whose job is no longer live: the queue
   * failed it when its worker died on the last attempt (jobs.failAbandoned), so nothing will finish them.
   */
  stranded(olderThan: Date) {
    return this.db
      .selectFrom('downloads as d')
      .select(['d.id', 'd.customer_id', 'd.user_id', 'd.camera_id'])
      .where('d.status', 'in', ['queued', 'running'])
      .where('d.created_at', '<', olderThan)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('jobs')
              .select('jobs.id')
              .where('jobs.kind', '=', 'download')
              .where(sql<boolean>`jobs.dedupe_key = 'download:' || d.id`)
              .where('jobs.status', 'in', ['queued', 'running']),
          ),
        ),
      )
      .execute();
  }

  /** Ready downloads finished before `before`, with their files, oldest first. */
  readyFinishedBefore(before: Date, limit: number) {
    return this.db
      .selectFrom('downloads')
      .select(['id', 'blob_key'])
      .where('status', '=', 'ready')
      .where('finished_at', '<', before)
      .orderBy('finished_at')
      .limit(limit)
      .execute();
  }

  async update(
    downloadId: number,
    values: Partial<{
      status: 'queued' | 'running' | 'ready' | 'failed' | 'expired';
      progress: number;
      bytes: number;
      blob_key: string;
      error: string | null;
      finished_at: Date;
    }>,
  ): Promise<void> {
    await this.db.updateTable('downloads').set(values).where('id', '=', downloadId).execute();
  }

  /**
   * The download made ready and its user told, in one transaction: a worker killed between the two would otherwise
   * leave a ready download nobody is told about (its retry sees it ready and stops), or tell twice.
   */
  async markReadyAndNotify(
    downloadId: number,
    values: { bytes: number; blob_key: string; finished_at: Date },
    notify: { customerId: number; userId: number; notification: NewNotification },
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('downloads')
        .set({ ...values, status: 'ready', progress: 1, error: null })
        .where('id', '=', downloadId)
        .execute();
      await new NotificationRepository(trx).insertForUsers(
        notify.customerId,
        [notify.userId],
        notify.notification,
      );
    });
  }
}

export type DownloadRow = NonNullable<Awaited<ReturnType<DownloadRepository['find']>>>;
