// HTTP for archive downloads: ask for a range, this month's allowance, a download's state, its file.
import {
  allowanceCall,
  downloadFileCall,
  downloadRequestCall,
  downloadStatusCall,
} from '@camwatch/contract/downloads';
import { serve, type ServeContext } from '../../http/serve.ts';
import type { DownloadService } from './download.service.ts';

export function registerDownloadRoutes(ctx: ServeContext, downloads: DownloadService): void {
  serve(ctx, downloadRequestCall, async ({ auth, params, body, record }) => {
    const outcome = await downloads.request(auth, params.camera_code, body);
    if (!outcome.ok) return { result: 'failed' as const, data: { reason: outcome.reason } };
    await record({
      kind: 'download_requested',
      cameraCode: params.camera_code,
      target: outcome.download.download_id,
      detail: { from: outcome.download.start_datetime, to: outcome.download.end_datetime },
    });
    return { data: { download: outcome.download, allowance: outcome.allowance } };
  });
  serve(ctx, allowanceCall, async ({ auth, params }) => ({
    data: await downloads.allowance(auth, params.camera_code),
  }));
  serve(ctx, downloadStatusCall, async ({ auth, params }) => ({
    data: { download: await downloads.status(auth, params.download_id) },
  }));
  serve(ctx, downloadFileCall, async ({ auth, params, record }, reply) => {
    const url = await downloads.fileUrl(auth, params.download_id);
    // Downloads are few: reading the download again for its camera and period costs nothing that matters.
    const download = await downloads.status(auth, params.download_id);
    await record({
      kind: 'download_fetched',
      cameraCode: download.camera_code,
      target: download.download_id,
      detail: { from: download.start_datetime, to: download.end_datetime },
    });
    return reply.redirect(url, 302);
  });
}
