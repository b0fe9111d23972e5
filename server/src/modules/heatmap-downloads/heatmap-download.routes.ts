// HTTP for heat map batch downloads: ask for a batch, the user's batches and the month's allowance, one batch's
// state, its ZIP.
import {
  heatmapDownloadFileCall,
  heatmapDownloadListCall,
  heatmapDownloadRequestCall,
  heatmapDownloadStatusCall,
} from '@camwatch/contract/heatmap-downloads';
import { serve, type ServeContext } from '../../http/serve.ts';
import type { HeatmapDownload } from '@camwatch/contract/heatmap-downloads';
import type { HeatmapDownloadService } from './heatmap-download.service.ts';

/** What the audit log keeps of a batch: the kind of export, its period and its cameras. */
const auditDetail = (download: HeatmapDownload) => ({
  export: 'heatmap',
  from: download.start,
  to: download.end,
  cameras: download.camera_codes,
});

export function registerHeatmapDownloadRoutes(ctx: ServeContext, downloads: HeatmapDownloadService): void {
  serve(ctx, heatmapDownloadRequestCall, async ({ auth, body, record }) => {
    const outcome = await downloads.request(auth, body);
    if (!outcome.ok) return { result: 'failed' as const, data: { reason: outcome.reason } };
    await record({
      kind: 'download_requested',
      cameraCode: outcome.download.camera_codes.length === 1 ? outcome.download.camera_codes[0] : null,
      target: `heatmap:${outcome.download.download_id}`,
      detail: auditDetail(outcome.download),
    });
    return { data: { download: outcome.download, allowance: outcome.allowance } };
  });
  serve(ctx, heatmapDownloadListCall, async ({ auth }) => ({ data: await downloads.list(auth) }));
  serve(ctx, heatmapDownloadStatusCall, async ({ auth, params }) => ({
    data: { download: await downloads.status(auth, params.download_id) },
  }));
  serve(ctx, heatmapDownloadFileCall, async ({ auth, params, record }, reply) => {
    const { url, download } = await downloads.fileUrl(auth, params.download_id);
    await record({
      kind: 'download_fetched',
      cameraCode: download.camera_codes.length === 1 ? download.camera_codes[0] : null,
      target: `heatmap:${download.download_id}`,
      detail: auditDetail(download),
    });
    return reply.redirect(url, 302);
  });
}
