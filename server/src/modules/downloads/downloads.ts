// Wires archive downloads: the service behind the calls, and what the 'download' and 'download-expiry' jobs
// run (their handlers are registered in job-handlers.ts).
import type { Db } from '../../db/database.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { JobContext } from '../../jobs/registry.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import type { MediaSigner } from '../../storage/signed-url.ts';
import { DOWNLOAD_KEEP_DAYS } from '@camwatch/contract/downloads';
import { NotificationRepository } from '../notifications/notification.repository.ts';
import { DOWNLOAD_MESSAGES, recordDownloadFailure, runDownloadJob } from './download-job.ts';
import { DownloadRepository } from './download.repository.ts';
import { DownloadService } from './download.service.ts';

export const DOWNLOAD_JOB = 'download';
/** Expired files, and downloads left without a job, are looked for every 5 minutes. */
export const DOWNLOAD_EXPIRY_EVERY_MS = 5 * 60_000;
/**
 * Runs of a download's job before it is marked failed. A worker that dies mid-job (kill -9, a deploy, a lost node)
 * spends one: the next worker's run is the second, and a passing fault on it (storage or database briefly away on a
 * node that just came back) still leaves a third, so one death never turns into a failed download.
 */
export const DOWNLOAD_JOB_ATTEMPTS = 3;
/** The file's signed address lasts long enough for a slow download to start. */
const FILE_URL_TTL_MS = 30 * 60_000;

export function createDownloads(deps: {
  db: Db;
  blobs: BlobStore;
  mediaSigner: MediaSigner;
  jobs: Pick<JobQueue, 'enqueue'>;
  ffmpegPath: string;
}) {
  const downloads = new DownloadRepository(deps.db);
  const notifications = new NotificationRepository(deps.db);
  /** The 'download' job: joins the clips of one download into its file. */
  const run = async (payload: Record<string, unknown>, context: JobContext) => {
    const downloadId = Number(payload.downloadId);
    if (!Number.isSafeInteger(downloadId)) throw new Error('download job without a download id');
    await runDownloadJob(
      { downloads, blobs: deps.blobs, notifications, ffmpegPath: deps.ffmpegPath },
      downloadId,
      {
        attempt: context.attempt,
        maxAttempts: DOWNLOAD_JOB_ATTEMPTS,
      },
    );
  };
  const expire = () => expireReadyFiles(downloads, deps.blobs);
  /**
   * Downloads whose job ended without them (its worker died on the last attempt: the queue failed the job, not the
   * download) are marked failed and their users told, as a failed last attempt would; answers how many.
   */
  const failStranded = async (now: Date = new Date()) => {
    // A download just asked for may not have its job yet: a minute's grace.
    const stranded = await downloads.stranded(new Date(now.getTime() - 60_000));
    for (const row of stranded)
      await recordDownloadFailure(
        { downloads, notifications },
        { id: row.id, customerId: row.customer_id, userId: row.user_id, cameraId: row.camera_id },
        new Error('the worker stopped during the last attempt'),
        { attempt: DOWNLOAD_JOB_ATTEMPTS, maxAttempts: DOWNLOAD_JOB_ATTEMPTS },
        DOWNLOAD_MESSAGES.failed,
      );
    return stranded.length;
  };
  const service = new DownloadService({
    downloads,
    enqueue: async (downloadId) => {
      await deps.jobs.enqueue(
        DOWNLOAD_JOB,
        { downloadId },
        { dedupeKey: `download:${downloadId}`, maxAttempts: DOWNLOAD_JOB_ATTEMPTS },
      );
    },
    signedUrl: (key, filename) => deps.mediaSigner.url(key, { filename, ttlMs: FILE_URL_TTL_MS }),
  });
  return { service, run, expire, failStranded };
}

/** The part of a download table's repository that expiry needs (archive and heat map downloads alike). */
export interface ExpiringDownloads {
  readyFinishedBefore(before: Date, limit: number): Promise<{ id: number; blob_key: string | null }[]>;
  update(id: number, fields: { status: 'expired' }): Promise<unknown>;
}

/**
 * Ready files are kept DOWNLOAD_KEEP_DAYS, then removed; the row stays, marked expired, and is updated first so
 * nobody is handed an address of a file about to go. Run by the hourly 'download-expiry' job.
 */
export async function expireReadyFiles(
  downloads: ExpiringDownloads,
  blobs: BlobStore,
  now: Date = new Date(),
): Promise<void> {
  const before = new Date(now.getTime() - DOWNLOAD_KEEP_DAYS * 86_400_000);
  for (;;) {
    const batch = await downloads.readyFinishedBefore(before, 100);
    for (const row of batch) {
      await downloads.update(row.id, { status: 'expired' });
      if (row.blob_key) await blobs.delete([row.blob_key]);
    }
    if (batch.length < 100) break;
  }
}
