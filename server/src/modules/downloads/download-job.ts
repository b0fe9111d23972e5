// The 'download' job: fetches the range's clips from the blob store, joins them by stream copy into one
// MP4, stores it, marks the download ready with its real size and tells the user (download-ready
// notification linking to the file). On the last failed attempt the download is marked failed and the
// user is told so. Progress is written as clips are fetched, so the client can show it.
import { pipeline } from 'node:stream/promises';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { concatArgs, concatList, runFfmpeg } from '../../video/concat.ts';
import { blobKeys } from '../../storage/blob-keys.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import type { NotificationRepository } from '../notifications/notification.repository.ts';
import type { DownloadRepository } from './download.repository.ts';

export interface DownloadJobDeps {
  downloads: DownloadRepository;
  blobs: BlobStore;
  notifications: NotificationRepository;
  ffmpegPath: string;
}

/** Texts stored with the notification; the web shows its own words for the kinds. */
export const DOWNLOAD_MESSAGES = {
  ready: 'アーカイブのダウンロード準備ができました',
  failed: 'ファイルの生成に失敗しました',
} as const;

export async function runDownloadJob(
  deps: DownloadJobDeps,
  downloadId: number,
  context: { attempt: number; maxAttempts: number },
): Promise<void> {
  const row = await deps.downloads.findForJob(downloadId);
  if (!row || row.status === 'ready') return;
  const work = await fs.mkdtemp(path.join(os.tmpdir(), `cw-download-${downloadId}-`));
  try {
    await deps.downloads.update(downloadId, { status: 'running', progress: 0, error: null });
    const clips = await deps.downloads.clipsIn(row.camera_id, row.start_time, row.end_time);
    if (clips.length === 0) throw new Error('no recordings left in the range (removed by retention?)');
    const parts: string[] = [];
    for (const [index, clip] of clips.entries()) {
      const read = await deps.blobs.get(clip.blob_key);
      if (!read) continue;
      const part = path.join(work, `${String(index).padStart(5, '0')}.mp4`);
      await pipeline(read.body, createWriteStream(part));
      parts.push(part);
      await deps.downloads.update(downloadId, { progress: (0.8 * (index + 1)) / clips.length });
    }
    if (parts.length === 0) throw new Error('the recordings of the range are missing from storage');
    const list = path.join(work, 'list.txt');
    await fs.writeFile(list, concatList(parts));
    const out = path.join(work, 'out.mp4');
    await runFfmpeg(deps.ffmpegPath, concatArgs(list, out));
    const { size } = await fs.stat(out);
    const key = blobKeys.download(downloadId);
    await deps.blobs.putFile(key, out, 'video/mp4');
    await deps.downloads.markReadyAndNotify(
      downloadId,
      { bytes: size, blob_key: key, finished_at: new Date() },
      {
        customerId: row.customer_id,
        userId: row.user_id,
        notification: {
          event: 'download',
          kind: 'archive',
          message: DOWNLOAD_MESSAGES.ready,
          cameraId: row.camera_id,
          url: `/api/downloads/${downloadId}/file`,
        },
      },
    );
  } catch (error) {
    await recordDownloadFailure(
      deps,
      { id: downloadId, customerId: row.customer_id, userId: row.user_id, cameraId: row.camera_id },
      error,
      context,
      DOWNLOAD_MESSAGES.failed,
    );
    throw error;
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}

/**
 * A failed attempt of a download job (archive or heat map): the download is queued again with its error, or, on
 * the last attempt, marked failed and its user told (a failed-download notification).
 */
export async function recordDownloadFailure(
  deps: {
    downloads: {
      update(
        id: number,
        values: { status: 'queued' | 'failed'; error: string; finished_at?: Date },
      ): Promise<unknown>;
    };
    notifications: Pick<NotificationRepository, 'insertForUsers'>;
  },
  download: { id: number; customerId: number; userId: number; cameraId: number | null },
  error: unknown,
  context: { attempt: number; maxAttempts: number },
  failedMessage: string,
): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  const last = context.attempt >= context.maxAttempts;
  await deps.downloads.update(download.id, {
    status: last ? 'failed' : 'queued',
    error: message,
    ...(last ? { finished_at: new Date() } : {}),
  });
  if (last)
    await deps.notifications.insertForUsers(download.customerId, [download.userId], {
      event: 'download',
      kind: 'failed',
      message: failedMessage,
      cameraId: download.cameraId,
    });
}
