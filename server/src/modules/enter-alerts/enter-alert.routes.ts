// HTTP for entry detection: the area links of a camera and the alerts of a period as a CSV file.
import {
  areaLinkCreateCall,
  areaLinkDeleteCall,
  areaLinkGetCall,
  areaLinkListCall,
  areaLinkUpdateCall,
  enterAlertCsvCall,
  enterAlertListCall,
} from '@camwatch/contract/enter-alerts';
import { serve, type ServeContext } from '../../http/serve.ts';
import { attachmentDisposition } from '../media/byte-range.ts';
import type { EnterAlertService } from './enter-alert.service.ts';

export function registerEnterAlertRoutes(ctx: ServeContext, enterAlerts: EnterAlertService): void {
  serve(ctx, areaLinkListCall, async ({ auth, params }) => ({
    data: { areaLinks: await enterAlerts.list(auth, params.cameraCode) },
  }));
  serve(ctx, areaLinkGetCall, async ({ auth, params }) => ({
    data: await enterAlerts.get(auth, params.cameraCode, params.id),
  }));
  serve(ctx, areaLinkCreateCall, async ({ auth, params, body }) => ({
    data: await enterAlerts.create(auth, params.cameraCode, body),
  }));
  serve(ctx, areaLinkUpdateCall, async ({ auth, params, body }) => ({
    data: await enterAlerts.update(auth, params.cameraCode, params.id, body),
  }));
  serve(ctx, areaLinkDeleteCall, async ({ auth, params }) => ({
    data: await enterAlerts.remove(auth, params.cameraCode, params.id),
  }));
  serve(ctx, enterAlertListCall, async ({ auth, params, query }) => ({
    data: { alerts: await enterAlerts.alerts(auth, params.cameraCode, query) },
  }));
  serve(ctx, enterAlertCsvCall, async ({ auth, params, query }, reply) => {
    const { filename, text } = await enterAlerts.csv(auth, params.cameraCode, query);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', attachmentDisposition(filename))
      .header('cache-control', 'no-store')
      .send(text);
  });
}
