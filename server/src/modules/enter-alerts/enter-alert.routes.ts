// HTTP for entry detection: the setting of a camera and the alerts of a period as a CSV file.
import {
  enterAlertCsvCall,
  enterAlertSettingCall,
  enterAlertSettingUpdateCall,
} from '@camwatch/contract/enter-alerts';
import { serve, type ServeContext } from '../../http/serve.ts';
import { attachmentDisposition } from '../media/byte-range.ts';
import type { EnterAlertService } from './enter-alert.service.ts';

export function registerEnterAlertRoutes(ctx: ServeContext, enterAlerts: EnterAlertService): void {
  serve(ctx, enterAlertSettingCall, async ({ auth, params }) => ({
    data: await enterAlerts.get(auth, params.cameraCode),
  }));
  serve(ctx, enterAlertSettingUpdateCall, async ({ auth, params, body }) => ({
    data: await enterAlerts.set(auth, params.cameraCode, body),
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
