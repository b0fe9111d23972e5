// Heat map batch download (advanced.md: heat map with batch download, the archive and heat map batch download
// dialog, heatmap and batchDownload rights, §9 download allowance; issue 14): the user asks for heat map images
// of up to ten cameras over a period; a job renders them into one ZIP; a download-ready notification (heat map
// kind) links to it. Refused before anything is queued: without both rights (403), a camera that is not the
// customer's heatmap camera (404 naming it), a period or hours the heat map screen would refuse (400 on the
// field), or past the customer's monthly allowance for heat map ZIPs (limit_exceeded, as archives).
import { DOWNLOAD_KEEP_DAYS, type Allowance } from '@camwatch/contract/downloads';
import {
  HEATMAP_DOWNLOAD_MONTHLY_BYTES,
  type HeatmapDownload,
  type heatmapDownloadRequestBody,
} from '@camwatch/contract/heatmap-downloads';
import type { HeatmapQueryValues } from '@camwatch/contract/heatmap';
import type { z } from 'zod';
import type { AuthContext } from '../../http/auth-context.ts';
import { DomainError, FieldErrors, ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import type { HeatmapFilter } from '../heatmap/heatmap.repository.ts';
import { planImages, zipName, type BatchFilter } from './heatmap-download-plan.ts';
import type { HeatmapDownloadRepository, HeatmapDownloadRow } from './heatmap-download.repository.ts';

type RequestBody = z.output<typeof heatmapDownloadRequestBody>;

export type HeatmapDownloadOutcome =
  { ok: true; download: HeatmapDownload; allowance: Allowance } | { ok: false; reason: 'limit_exceeded' };

/**
 * What one image is counted as until the ZIP's real size replaces it: a 640-wide PNG of a camera picture with
 * its band runs 150–400 KB; the upper end, so a batch is not started that its real size would then exceed.
 */
export const HEATMAP_IMAGE_ESTIMATE_BYTES = 400 * 1024;
/** How many of the user's batches the list shows. */
const LIST_LIMIT = 20;
const DAY_MS = 86_400_000;

export interface HeatmapDownloadServiceDeps {
  downloads: HeatmapDownloadRepository;
  /** The heat map's filter of a request, refused (400 on the field) as the heat map screen's call refuses it. */
  filterOf: (query: HeatmapQueryValues) => Promise<HeatmapFilter>;
  /** Queues the job that builds the ZIP. */
  enqueue: (downloadId: number) => Promise<void>;
  /** A short-lived signed address of a blob, as an attachment named filename. */
  signedUrl: (key: string, filename: string) => string;
  limitBytes?: number;
  now?: () => Date;
}

const monthStartOf = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
const monthOf = (now: Date) => now.toISOString().slice(0, 7);

export const batchFilterOf = (row: HeatmapDownloadRow): BatchFilter => ({
  start: row.start_day,
  end: row.end_day,
  hourFrom: row.hour_from,
  hourTo: row.hour_to,
  weekdays: row.weekdays,
  per: row.per,
  timeZone: row.time_zone,
});

export function toHeatmapDownload(row: HeatmapDownloadRow): HeatmapDownload {
  const ready = row.status === 'ready';
  return {
    download_id: String(row.id),
    camera_codes: row.cameras.map((camera) => camera.code),
    start: row.start_day,
    end: row.end_day,
    hour_from: row.hour_from,
    hour_to: row.hour_to,
    weekdays: row.weekdays,
    per: row.per,
    time_zone: row.time_zone,
    status: row.status,
    progress: ready ? 1 : Math.min(1, Math.max(0, row.progress)),
    bytes: row.bytes,
    file_url: ready ? `/api/heatmap/downloads/${row.id}/file` : null,
    error: row.error,
    created_at: row.created_at.toISOString(),
    // Kept DOWNLOAD_KEEP_DAYS from when it was ready, as archive downloads (the hourly expiry removes it).
    expires_at:
      ready && row.finished_at
        ? new Date(row.finished_at.getTime() + DOWNLOAD_KEEP_DAYS * DAY_MS).toISOString()
        : null,
  };
}

export class HeatmapDownloadService {
  private readonly limitBytes: number;
  private readonly now: () => Date;

  constructor(private readonly deps: HeatmapDownloadServiceDeps) {
    this.limitBytes = deps.limitBytes ?? HEATMAP_DOWNLOAD_MONTHLY_BYTES;
    this.now = deps.now ?? (() => new Date());
  }

  private assertRights(auth: AuthContext): void {
    const { heatmap, batchDownload } = auth.user.permissions;
    if (!heatmap || !batchDownload)
      throw new ForbiddenError('Heat map download needs the heat map and batch download rights.');
  }

  private async allowanceOf(customerId: number): Promise<Allowance> {
    const now = this.now();
    return {
      month: monthOf(now),
      used_bytes: await this.deps.downloads.usedSince(customerId, monthStartOf(now)),
      limit_bytes: this.limitBytes,
    };
  }

  /** The named cameras in the order asked; the first that is not the customer's heatmap camera is a 404. */
  private async cameras(auth: AuthContext, codes: readonly string[]) {
    const found = await this.deps.downloads.findCameras(auth.user.customerId, codes);
    return codes.map((code) => {
      const camera = found.find((c) => c.code === code);
      if (!camera?.use_heatmap) throw new NotFoundError('camera', `camera ${code} not found`);
      return { id: camera.id, code: camera.code, name: camera.name };
    });
  }

  /** The heat map screen's period, hours and weekdays rules (HeatmapService.filterOf), and the batch's choice. */
  private async filterOf(body: RequestBody): Promise<BatchFilter> {
    const filter = await this.deps.filterOf(body);
    return { ...filter, weekdays: [...filter.weekdays], per: body.per };
  }

  async request(auth: AuthContext, body: RequestBody): Promise<HeatmapDownloadOutcome> {
    this.assertRights(auth);
    const cameras = await this.cameras(auth, body.camera_codes);
    const filter = await this.filterOf(body);
    const images = planImages(cameras, filter).length;
    if (images === 0)
      throw FieldErrors.of('weekdays', 'no day of the period falls on the chosen weekdays', 'bad_range');
    const estimate = images * HEATMAP_IMAGE_ESTIMATE_BYTES;
    const before = await this.allowanceOf(auth.user.customerId);
    if (before.used_bytes + estimate > before.limit_bytes) return { ok: false, reason: 'limit_exceeded' };
    const id = await this.deps.downloads.insert({
      customerId: auth.user.customerId,
      userId: auth.user.id,
      cameraIds: cameras.map((camera) => camera.id),
      ...filter,
      estimatedBytes: estimate,
    });
    await this.deps.enqueue(id);
    const row = await this.deps.downloads.find(auth.user.customerId, id);
    if (!row) throw new Error(`heat map download ${id} vanished after insert`);
    return {
      ok: true,
      download: toHeatmapDownload(row),
      allowance: { ...before, used_bytes: before.used_bytes + estimate },
    };
  }

  async list(auth: AuthContext): Promise<{ downloads: HeatmapDownload[]; allowance: Allowance }> {
    this.assertRights(auth);
    const rows = await this.deps.downloads.listForUser(auth.user.customerId, auth.user.id, LIST_LIMIT);
    return {
      downloads: rows.map(toHeatmapDownload),
      allowance: await this.allowanceOf(auth.user.customerId),
    };
  }

  async status(auth: AuthContext, downloadId: string): Promise<HeatmapDownload> {
    this.assertRights(auth);
    const row = await this.deps.downloads.find(auth.user.customerId, Number(downloadId));
    if (!row) throw new NotFoundError('download');
    return toHeatmapDownload(row);
  }

  /** The signed address of a ready batch's ZIP. */
  async fileUrl(auth: AuthContext, downloadId: string): Promise<{ url: string; download: HeatmapDownload }> {
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
    return {
      url: this.deps.signedUrl(row.blob_key, zipName(batchFilterOf(row))),
      download: toHeatmapDownload(row),
    };
  }
}
