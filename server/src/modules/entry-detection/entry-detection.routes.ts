// HTTP for entry detection: the area links of a camera and the alerts of a period as a CSV file.
import {
  areaLinkCreateCall,
  areaLinkDeleteCall,
  areaLinkGetCall,
  areaLinkListCall,
  areaLinkUpdateCall,
  enterAlertCsvCall,
  enterAlertListCall,
} from '@camwatch/contract/entry-detection';
import { serve, type ServeContext } from '../../http/serve.ts';
import { attachmentDisposition } from '../media/byte-range.ts';
import type { EnterAlertService } from './entry-detection.service.ts';

const areaLinkEvent = (cameraCode: string, action: string, id: string, areaName: string | null) =>
  ({
    kind: 'camera_setting_changed',
    cameraCode,
    target: areaName ?? `#${id}`,
    detail: { setting: 'area_link', action, area_link_id: id },
  }) as const;

export function registerEnterAlertRoutes(ctx: ServeContext, enterAlerts: EnterAlertService): void {
  serve(ctx, areaLinkListCall, async ({ auth, params }) => ({
    data: { areaLinks: await enterAlerts.list(auth, params.cameraCode) },
  }));
  serve(ctx, areaLinkGetCall, async ({ auth, params }) => ({
    data: await enterAlerts.get(auth, params.cameraCode, params.id),
  }));
  serve(ctx, areaLinkCreateCall, async ({ auth, params, body, record }) => {
    const link = await enterAlerts.create(auth, params.cameraCode, body);
    await record(areaLinkEvent(params.cameraCode, 'created', link.id, link.areaName));
    return { data: link };
  });
  serve(ctx, areaLinkUpdateCall, async ({ auth, params, body, record }) => {
    const link = await enterAlerts.update(auth, params.cameraCode, params.id, body);
    await record(areaLinkEvent(params.cameraCode, 'changed', link.id, link.areaName));
    return { data: link };
  });
  serve(ctx, areaLinkDeleteCall, async ({ auth, params, record }) => {
    // The name, for the audit log, while the link is still there (a refusal below answers as it would anyway).
    const before = await enterAlerts.get(auth, params.cameraCode, params.id).catch(() => null);
    const removed = await enterAlerts.remove(auth, params.cameraCode, params.id);
    await record(areaLinkEvent(params.cameraCode, 'deleted', params.id, before?.areaName ?? null));
    return { data: removed };
  });
  serve(ctx, enterAlertListCall, async ({ auth, params, query }) => ({
    data: { alerts: await enterAlerts.alerts(auth, params.cameraCode, query) },
  }));
  serve(ctx, enterAlertCsvCall, async ({ auth, params, query, record }, reply) => {
    const { filename, text } = await enterAlerts.csv(auth, params.cameraCode, query);
    await record({
      kind: 'csv_exported',
      cameraCode: params.cameraCode,
      target: filename,
      detail: { export: 'enter_alert', from: query.start_datetime, to: query.end_datetime },
    });
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', attachmentDisposition(filename))
      .header('cache-control', 'no-store')
      .send(text);
  });
}
