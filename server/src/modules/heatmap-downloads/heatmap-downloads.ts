// Wires heat map batch downloads: the service behind the calls, what the 'heatmap-download' job runs, and the
// expiry of ready ZIPs (run by the hourly 'download-expiry' job with the archive downloads'; job-handlers.ts).
// The heat itself comes from `heatmaps`, the heat map module's HeatmapService (services.ts passes it).
import type { Db } from '../../db/database.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { JobContext } from '../../jobs/registry.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import type { MediaSigner } from '../../storage/signed-url.ts';
import { recordDownloadFailure } from '../downloads/download-job.ts';
import { expireReadyFiles } from '../downloads/downloads.ts';
import type { HeatmapService } from '../heatmap/heatmap.service.ts';
import { NotificationRepository } from '../notifications/notification.repository.ts';
import {
  HEATMAP_DOWNLOAD_MESSAGES,
  runHeatmapDownloadJob,
  type HeatmapSource,
} from './heatmap-download-job.ts';
import { HeatmapDownloadRepository } from './heatmap-download.repository.ts';
import { HeatmapDownloadService } from './heatmap-download.service.ts';
import { HeatmapRenderer } from './heatmap-renderer.ts';

export const HEATMAP_DOWNLOAD_JOB = 'heatmap-download';
/** Runs of a batch's job before it is marked failed (a worker's death spends one: archive downloads' rule). */
export const HEATMAP_DOWNLOAD_JOB_ATTEMPTS = 3;
/** The file's signed address lasts long enough for a slow download to start. */
const FILE_URL_TTL_MS = 30 * 60_000;

export function createHeatmapDownloads(deps: {
  db: Db;
  blobs: BlobStore;
  mediaSigner: MediaSigner;
  jobs: Pick<JobQueue, 'enqueue'>;
  /** Where the heat of a camera over a filter comes from: the heat map module's HeatmapService. */
  heatmaps: HeatmapSource & Pick<HeatmapService, 'filterOf'>;
}) {
  const downloads = new HeatmapDownloadRepository(deps.db);
  const notifications = new NotificationRepository(deps.db);
  // Images are drawn in a worker thread: a batch is a minute of CPU the API's requests must not wait behind.
  const renderer = new HeatmapRenderer();
  /** The 'heatmap-download' job: renders one batch's images into its ZIP. */
  const run = async (payload: Record<string, unknown>, context: JobContext) => {
    const downloadId = Number(payload.downloadId);
    if (!Number.isSafeInteger(downloadId)) throw new Error('heatmap-download job without a download id');
    await runHeatmapDownloadJob(
      {
        downloads,
        blobs: deps.blobs,
        notifications,
        heatmaps: deps.heatmaps,
        render: (input) => renderer.render(input),
      },
      downloadId,
      { attempt: context.attempt, maxAttempts: HEATMAP_DOWNLOAD_JOB_ATTEMPTS },
    );
  };
  // Ready ZIPs are kept DOWNLOAD_KEEP_DAYS like archive downloads, then removed the same way.
  const expire = () => expireReadyFiles(downloads, deps.blobs);
  /** Batches whose job ended without them (a worker that died on the last attempt): failed, their users told. */
  const failStranded = async (now: Date = new Date()) => {
    // A batch just asked for may not have its job yet: a minute's grace.
    const stranded = await downloads.stranded(new Date(now.getTime() - 60_000));
    for (const row of stranded)
      await recordDownloadFailure(
        { downloads, notifications },
        { id: row.id, customerId: row.customer_id, userId: row.user_id, cameraId: row.camera_id },
        new Error('the worker stopped during the last attempt'),
        { attempt: HEATMAP_DOWNLOAD_JOB_ATTEMPTS, maxAttempts: HEATMAP_DOWNLOAD_JOB_ATTEMPTS },
        HEATMAP_DOWNLOAD_MESSAGES.failed,
      );
    return stranded.length;
  };
  const service = new HeatmapDownloadService({
    downloads,
    filterOf: (query) => deps.heatmaps.filterOf(query),
    enqueue: async (downloadId) => {
      await deps.jobs.enqueue(
        HEATMAP_DOWNLOAD_JOB,
        { downloadId },
        { dedupeKey: `heatmap-download:${downloadId}`, maxAttempts: HEATMAP_DOWNLOAD_JOB_ATTEMPTS },
      );
    },
    signedUrl: (key, filename) => deps.mediaSigner.url(key, { filename, ttlMs: FILE_URL_TTL_MS }),
  });
  return { service, run, expire, failStranded };
}
