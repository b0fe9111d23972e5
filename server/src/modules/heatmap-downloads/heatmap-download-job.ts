// The 'heatmap-download' job: for each camera and day (or the whole period) of a batch, reads the heat from the
// heat map (HeatmapSource), renders the image over the camera's picture and streams it into one ZIP; days with
// nothing analysed get no image but a line in the ZIP's README.txt. Then stores the ZIP, marks the batch ready
// with its real size and tells the user (download-ready notification of the heat map kind, which also pushes:
// migration 0006). Progress is written as images are made. On the last failed attempt the batch is marked failed
// and the user is told so, as archive downloads do (downloads/download-job.ts).
import { buffer } from 'node:stream/consumers';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { HeatmapWeekday } from '@camwatch/contract/heatmap-rules';
import { blobKeys } from '../../storage/blob-keys.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { recordDownloadFailure } from '../downloads/download-job.ts';
import type { NotificationRepository } from '../notifications/notification.repository.ts';
import { imageLines, imageName, planImages, readme, type PlannedImage } from './heatmap-download-plan.ts';
import type { HeatmapDownloadRepository } from './heatmap-download.repository.ts';
import { batchFilterOf } from './heatmap-download.service.ts';
import type { RenderInput } from './heatmap-renderer.ts';
import { writeZip, type ZipEntry } from './zip-writer.ts';

/** The heat of one camera over a filter, as the heat map module computes it (modules/heatmap HeatmapService). */
export interface HeatmapSource {
  heatmapOf(
    customerId: number,
    camera: { id: number; code: string; name: string },
    filter: {
      start: string;
      end: string;
      hourFrom: number;
      hourTo: number;
      weekdays: readonly HeatmapWeekday[];
      timeZone: string;
    },
  ): Promise<{
    /** Person-seconds per cell, row after row. */
    cells: number[];
    max: number;
    total: number;
    /** Hours with at least one analysed recording; 0: nothing to draw. */
    analysedHours: number;
    /** Blob key of a JPEG picture of the camera; null before it has one. */
    pictureKey: string | null;
  }>;
}

export interface HeatmapDownloadJobDeps {
  downloads: HeatmapDownloadRepository;
  blobs: BlobStore;
  notifications: NotificationRepository;
  heatmaps: HeatmapSource;
  /** Draws one image as PNG (heatmap-renderer.ts: in a worker thread, off the event loop). */
  render: (input: RenderInput) => Promise<Buffer>;
}

/** Texts stored with the notification; the web and the push show their own words for the kinds. */
export const HEATMAP_DOWNLOAD_MESSAGES = {
  ready: 'ヒートマップのダウンロード準備ができました',
  failed: 'ファイルの生成に失敗しました',
} as const;

/** Progress is written at most this often (in shares of the batch), so a 900-image batch is not 900 updates. */
const PROGRESS_STEP = 0.02;

export async function runHeatmapDownloadJob(
  deps: HeatmapDownloadJobDeps,
  downloadId: number,
  context: { attempt: number; maxAttempts: number },
): Promise<void> {
  const row = await deps.downloads.findForJob(downloadId);
  if (!row || row.status === 'ready' || row.status === 'expired') return;
  // One camera: the notification names it; several: the notification is about the batch.
  const cameraId = row.cameras.length === 1 ? row.cameras[0]!.id : null;
  const work = await fs.mkdtemp(path.join(os.tmpdir(), `cw-heatmap-download-${downloadId}-`));
  try {
    await deps.downloads.update(downloadId, { status: 'running', progress: 0, error: null });
    if (row.cameras.length === 0) throw new Error('the cameras of the batch have been removed');
    const filter = batchFilterOf(row);
    const plan = planImages(row.cameras, filter);
    const missing: PlannedImage[] = [];
    const pictures = new Map<string, Uint8Array | null>();
    const pictureOf = async (key: string | null) => {
      if (!key) return null;
      if (!pictures.has(key)) {
        const read = await deps.blobs.get(key);
        pictures.set(key, read ? await buffer(read.body) : null);
      }
      return pictures.get(key) ?? null;
    };
    const customerId = row.customer_id;
    let written = 0;
    async function* entries(): AsyncGenerator<ZipEntry> {
      for (const [index, image] of plan.entries()) {
        const heat = await deps.heatmaps.heatmapOf(customerId, image.camera, {
          start: image.start,
          end: image.end,
          hourFrom: filter.hourFrom,
          hourTo: filter.hourTo,
          weekdays: filter.weekdays,
          timeZone: filter.timeZone,
        });
        if (heat.analysedHours === 0) missing.push(image);
        else
          yield {
            name: imageName(image),
            data: await deps.render({
              pictureKey: heat.pictureKey,
              picture: () => pictureOf(heat.pictureKey),
              cells: heat.cells,
              max: heat.max,
              lines: imageLines(image, filter, heat.total),
            }),
            compress: false,
          };
        const progress = (0.95 * (index + 1)) / plan.length;
        if (progress - written >= PROGRESS_STEP) {
          written = progress;
          await deps.downloads.update(downloadId, { progress });
        }
      }
      yield { name: 'README.txt', data: new TextEncoder().encode(readme(filter, missing)), compress: true };
    }
    const out = path.join(work, 'heatmaps.zip');
    const { bytes } = await writeZip(out, entries(), { modified: new Date() });
    const key = blobKeys.heatmapDownload(downloadId);
    await deps.blobs.putFile(key, out, 'application/zip');
    await deps.downloads.markReadyAndNotify(
      downloadId,
      { bytes, blob_key: key, finished_at: new Date() },
      {
        customerId: row.customer_id,
        userId: row.user_id,
        notification: {
          event: 'download',
          kind: 'heatmap',
          message: HEATMAP_DOWNLOAD_MESSAGES.ready,
          cameraId,
          url: `/api/heatmap/downloads/${downloadId}/file`,
        },
      },
    );
  } catch (error) {
    await recordDownloadFailure(
      deps,
      { id: downloadId, customerId: row.customer_id, userId: row.user_id, cameraId },
      error,
      context,
      HEATMAP_DOWNLOAD_MESSAGES.failed,
    );
    throw error;
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}
