// Wires archive downloads: the service behind the calls and the 'download' job on the queue.
import type { Db } from '../../db/database.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import type { MediaSigner } from '../../storage/signed-url.ts';
import { NotificationRepository } from '../notifications/notification.repository.ts';
import { runDownloadJob } from './download-job.ts';
import { DownloadRepository } from './download.repository.ts';
import { DownloadService } from './download.service.ts';

export const DOWNLOAD_JOB = 'download';
/** A failed join is tried this many times before the download is marked failed. */
export const DOWNLOAD_JOB_ATTEMPTS = 2;
/** The file's signed address lasts long enough for a slow download to start. */
const FILE_URL_TTL_MS = 30 * 60_000;

export function createDownloads(deps: {
  db: Db;
  blobs: BlobStore;
  mediaSigner: MediaSigner;
  jobs: JobQueue;
  ffmpegPath: string;
}): DownloadService {
  const downloads = new DownloadRepository(deps.db);
  const notifications = new NotificationRepository(deps.db);
  deps.jobs.handle(DOWNLOAD_JOB, async (payload, context) => {
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
  });
  return new DownloadService({
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
}
