// Heat map batch downloads in SQL: the customer's cameras a batch names, the batch rows with their cameras, the
// customer's usage of the month, and the ready files due to expire. Reads for a user are scoped by the customer.
import { sql } from 'kysely';
import type { HeatmapWeekday } from '@camwatch/contract/heatmap-rules';
import type { HeatmapDownloadPer } from '@camwatch/contract/heatmap-downloads';
import type { Db } from '../../db/database.ts';
import { NotificationRepository, type NewNotification } from '../notifications/notification.repository.ts';

export type HeatmapDownloadStatus = 'queued' | 'running' | 'ready' | 'failed' | 'expired';

export interface HeatmapDownloadCamera {
  id: number;
  code: string;
  name: string;
}

export interface HeatmapDownloadRow {
  id: number;
  customer_id: number;
  user_id: number;
  start_day: string;
  end_day: string;
  hour_from: number;
  hour_to: number;
  weekdays: HeatmapWeekday[];
  per: HeatmapDownloadPer;
  time_zone: string;
  status: HeatmapDownloadStatus;
  progress: number;
  bytes: number;
  blob_key: string | null;
  error: string | null;
  created_at: Date;
  finished_at: Date | null;
  /** The batch's cameras still there, in the order asked. */
  cameras: HeatmapDownloadCamera[];
}

export interface NewHeatmapDownload {
  customerId: number;
  userId: number;
  cameraIds: readonly number[];
  start: string;
  end: string;
  hourFrom: number;
  hourTo: number;
  weekdays: readonly HeatmapWeekday[];
  per: HeatmapDownloadPer;
  timeZone: string;
  /** Counted against the month's allowance until the ZIP's real size replaces it. */
  estimatedBytes: number;
}

export class HeatmapDownloadRepository {
  constructor(private readonly db: Db) {}

  /** The customer's cameras among `codes` (unknown codes and other customers' cameras are simply absent). */
  findCameras(customerId: number, codes: readonly string[]) {
    return this.db
      .selectFrom('cameras')
      .select(['id', 'code', 'name', 'use_heatmap'])
      .where('customer_id', '=', customerId)
      .where('code', 'in', codes)
      .execute();
  }

  /** Bytes of the customer's heat map downloads created since monthStart that did not fail (estimates included). */
  async usedSince(customerId: number, monthStart: Date): Promise<number> {
    const row = await this.db
      .selectFrom('heatmap_downloads')
      .select(sql<number>`coalesce(sum(bytes), 0)`.as('used'))
      .where('customer_id', '=', customerId)
      .where('created_at', '>=', monthStart)
      .where('status', '!=', 'failed')
      .executeTakeFirstOrThrow();
    return Number(row.used);
  }

  /** The batch and its cameras, in one transaction. */
  async insert(values: NewHeatmapDownload): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('heatmap_downloads')
        .values({
          customer_id: values.customerId,
          user_id: values.userId,
          start_day: values.start,
          end_day: values.end,
          hour_from: values.hourFrom,
          hour_to: values.hourTo,
          weekdays: [...values.weekdays],
          per: values.per,
          time_zone: values.timeZone,
          bytes: values.estimatedBytes,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('heatmap_download_cameras')
        .values(
          values.cameraIds.map((cameraId, position) => ({ download_id: id, camera_id: cameraId, position })),
        )
        .execute();
      return id;
    });
  }

  private async rows(where: { id?: number; customerId?: number; userId?: number; limit?: number }) {
    let query = this.db
      .selectFrom('heatmap_downloads as h')
      .select([
        'h.id',
        'h.customer_id',
        'h.user_id',
        // Dates as text: a bare `date` would come back as a Date at the process's local midnight.
        sql<string>`h.start_day::text`.as('start_day'),
        sql<string>`h.end_day::text`.as('end_day'),
        'h.hour_from',
        'h.hour_to',
        'h.weekdays',
        'h.per',
        'h.time_zone',
        'h.status',
        'h.progress',
        'h.bytes',
        'h.blob_key',
        'h.error',
        'h.created_at',
        'h.finished_at',
      ])
      .orderBy('h.created_at', 'desc')
      .orderBy('h.id', 'desc');
    if (where.id !== undefined) query = query.where('h.id', '=', where.id);
    if (where.customerId !== undefined) query = query.where('h.customer_id', '=', where.customerId);
    if (where.userId !== undefined) query = query.where('h.user_id', '=', where.userId);
    if (where.limit !== undefined) query = query.limit(where.limit);
    const rows = await query.execute();
    if (rows.length === 0) return [];
    const cameras = await this.db
      .selectFrom('heatmap_download_cameras as hc')
      .innerJoin('cameras as c', 'c.id', 'hc.camera_id')
      .select(['hc.download_id', 'c.id', 'c.code', 'c.name'])
      .where(
        'hc.download_id',
        'in',
        rows.map((row) => row.id),
      )
      .orderBy('hc.position')
      .execute();
    return rows.map((row): HeatmapDownloadRow => ({
      ...row,
      weekdays: row.weekdays as HeatmapWeekday[],
      cameras: cameras
        .filter((c) => c.download_id === row.id)
        .map((c) => ({ id: c.id, code: c.code, name: c.name })),
    }));
  }

  /** One batch of the customer. */
  async find(customerId: number, downloadId: number): Promise<HeatmapDownloadRow | undefined> {
    return (await this.rows({ id: downloadId, customerId }))[0];
  }

  /** The user's newest batches. */
  listForUser(customerId: number, userId: number, limit: number): Promise<HeatmapDownloadRow[]> {
    return this.rows({ customerId, userId, limit });
  }

  /** The batch for its job, whoever asked for it. */
  async findForJob(downloadId: number): Promise<HeatmapDownloadRow | undefined> {
    return (await this.rows({ id: downloadId }))[0];
  }

  /** Ready batches finished before `before`, with their files, oldest first. */
  readyFinishedBefore(before: Date, limit: number) {
    return this.db
      .selectFrom('heatmap_downloads')
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
      status: HeatmapDownloadStatus;
      progress: number;
      bytes: number;
      blob_key: string;
      error: string | null;
      finished_at: Date;
    }>,
  ): Promise<void> {
    await this.db.updateTable('heatmap_downloads').set(values).where('id', '=', downloadId).execute();
  }
  /**
   * Batches still waiting or being made, asked for before `olderThan`, whose job is no longer live (the queue failed
   * it when its worker died on the last attempt), with their one camera when they have one.
   */
  stranded(olderThan: Date) {
    return this.db
      .selectFrom('heatmap_downloads as d')
      .select(['d.id', 'd.customer_id', 'd.user_id'])
      .select(
        sql<number | null>`(SELECT CASE WHEN count(*) = 1 THEN min(c.camera_id) END
        FROM heatmap_download_cameras c WHERE c.download_id = d.id)`.as('camera_id'),
      )
      .where('d.status', 'in', ['queued', 'running'])
      .where('d.created_at', '<', olderThan)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('jobs')
              .select('jobs.id')
              .where('jobs.kind', '=', 'heatmap-download')
              .where(sql<boolean>`jobs.dedupe_key = 'heatmap-download:' || d.id`)
              .where('jobs.status', 'in', ['queued', 'running']),
          ),
        ),
      )
      .execute();
  }

  /**
   * The batch made ready and its user told, in one transaction: a worker killed between the two would otherwise
   * leave a ready batch nobody is told about (its retry sees it ready and stops).
   */
  async markReadyAndNotify(
    downloadId: number,
    values: { bytes: number; blob_key: string; finished_at: Date },
    notify: { customerId: number; userId: number; notification: NewNotification },
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('heatmap_downloads')
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
