// Archive download (core.md §2 more-menu; advanced.md §8, §9): the user asks for a range; a job joins the
// recorded minutes without re-encoding into one MP4; a download-ready notification links to it. Each
// camera has a monthly allowance (50 GB); asking past it, or for a range without recordings, is refused
// with the reason the client turns into 'download limit exceeded for the month' / 'no data for download'.
import { MONTHLY_DOWNLOAD_ALLOWANCE_BYTES } from '@camwatch/contract/constants';
import {
  isTimeZone,
  type Allowance,
  type Download,
  type DownloadRequestBody,
} from '@camwatch/contract/downloads';
import type { AuthContext } from '../../http/auth-context.ts';
import { DomainError, ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import type { DownloadRepository, DownloadRow } from './download.repository.ts';

export type DownloadOutcome =
  | { ok: true; download: Download; allowance: Allowance }
  | { ok: false; reason: 'limit_exceeded' | 'no_data' };

export interface DownloadServiceDeps {
  downloads: DownloadRepository;
  /** Queues the job that builds the file. */
  enqueue: (downloadId: number) => Promise<void>;
  /** A short-lived signed address of a blob, as an attachment named filename. */
  signedUrl: (key: string, filename: string) => string;
  limitBytes?: number;
  now?: () => Date;
}

const monthStartOf = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
const monthOf = (now: Date) => now.toISOString().slice(0, 7);

/** Floors a moment to its minute, so a range always covers whole recorded minutes. */
const floorMinute = (date: Date) => new Date(Math.floor(date.getTime() / 60_000) * 60_000);

export function toDownload(row: DownloadRow): Download {
  return {
    download_id: String(row.id),
    camera_code: row.camera_code,
    start_datetime: row.start_time.toISOString(),
    end_datetime: row.end_time.toISOString(),
    status: row.status,
    progress: row.status === 'ready' ? 1 : row.progress,
    bytes: row.bytes,
    file_url: row.status === 'ready' ? `/api/downloads/${row.id}/file` : null,
    error: row.error,
    created_at: row.created_at.toISOString(),
  };
}

export class DownloadService {
  private readonly limitBytes: number;
  private readonly now: () => Date;

  constructor(private readonly deps: DownloadServiceDeps) {
    this.limitBytes = deps.limitBytes ?? MONTHLY_DOWNLOAD_ALLOWANCE_BYTES;
    this.now = deps.now ?? (() => new Date());
  }

  private assertRights(auth: AuthContext): void {
    const { archive, batchDownload } = auth.user.permissions;
    if (!archive || !batchDownload)
      throw new ForbiddenError('Archive download needs the archive and batch download rights.');
  }

  private async camera(auth: AuthContext, cameraCode: string) {
    const camera = await this.deps.downloads.findCamera(auth.user.customerId, cameraCode);
    if (!camera) throw new NotFoundError('camera');
    return camera;
  }

  async allowance(auth: AuthContext, cameraCode: string): Promise<Allowance> {
    this.assertRights(auth);
    const camera = await this.camera(auth, cameraCode);
    return this.allowanceOf(camera.id);
  }

  private async allowanceOf(cameraId: number): Promise<Allowance> {
    const now = this.now();
    return {
      month: monthOf(now),
      used_bytes: await this.deps.downloads.usedSince(cameraId, monthStartOf(now)),
      limit_bytes: this.limitBytes,
    };
  }

  async request(auth: AuthContext, cameraCode: string, body: DownloadRequestBody): Promise<DownloadOutcome> {
    this.assertRights(auth);
    const camera = await this.camera(auth, cameraCode);
    const start = floorMinute(new Date(body.start_datetime));
    const end = new Date(body.end_datetime);
    const clips = await this.deps.downloads.clipsIn(camera.id, start, end);
    if (clips.length === 0) return { ok: false, reason: 'no_data' };
    const estimate = clips.reduce((sum, clip) => sum + clip.bytes, 0);
    const before = await this.allowanceOf(camera.id);
    if (before.used_bytes + estimate > before.limit_bytes) return { ok: false, reason: 'limit_exceeded' };
    const row = await this.deps.downloads.insert({
      customerId: auth.user.customerId,
      userId: auth.user.id,
      cameraId: camera.id,
      start,
      end,
      bytes: estimate,
      timeZone: body.time_zone ?? null,
    });
    await this.deps.enqueue(row.id);
    return {
      ok: true,
      download: toDownload({ ...row, camera_code: camera.code, camera_name: camera.name }),
      allowance: { ...before, used_bytes: before.used_bytes + estimate },
    };
  }

  async status(auth: AuthContext, downloadId: string): Promise<Download> {
    this.assertRights(auth);
    const row = await this.deps.downloads.find(auth.user.customerId, Number(downloadId));
    if (!row) throw new NotFoundError('download');
    return toDownload(row);
  }

  /** The signed address of a ready download's file. */
  async fileUrl(auth: AuthContext, downloadId: string): Promise<string> {
    this.assertRights(auth);
    const row = await this.deps.downloads.find(auth.user.customerId, Number(downloadId));
    if (!row) throw new NotFoundError('download');
    if (row.status === 'expired')
      throw new DomainError(
        409,
        'conflict',
        'The download has expired; please ask for it again.',
        'download_expired',
      );
    if (row.status !== 'ready' || !row.blob_key)
      throw new DomainError(409, 'conflict', 'The download is not ready yet.', 'download_not_ready');
    return this.deps.signedUrl(row.blob_key, downloadFileName(row));
  }
}

/** `YYYYMMDD-HHMM` of a moment on the wall clock of `timeZone`. */
function zonedStamp(date: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${part('year')}${part('month')}${part('day')}-${part('hour')}${part('minute')}`;
}

/**
 * `Entrance_20261126-0244_20261126-0247.mp4`: the camera and the range on the wall clock of the zone the
 * download was asked in (UTC when it was not given), safe in any file system.
 */
export function downloadFileName(
  row: Pick<DownloadRow, 'camera_name' | 'start_time' | 'end_time' | 'time_zone'>,
): string {
  // A zone the runtime no longer knows must not turn a ready file into an error.
  const zone = row.time_zone && isTimeZone(row.time_zone) ? row.time_zone : 'UTC';
  const name = row.camera_name.replace(/[\\/:*?"<>|\s]+/g, '_').slice(0, 60) || 'camera';
  return `${name}_${zonedStamp(row.start_time, zone)}_${zonedStamp(row.end_time, zone)}.mp4`;
}
