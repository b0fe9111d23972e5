// HTTP for person tracking (advanced.md §2-§7): a camera's setting (read, replace), a request for an analysis,
// the customer's analyses, one analysis's result and its CSV.
import {
  personTrackingCsvCall,
  personTrackingListCall,
  personTrackingRequestCall,
  personTrackingResultCall,
  personTrackingSettingCall,
  personTrackingSettingUpdateCall,
} from '@camwatch/contract/person-tracking';
import { serve, type ServeContext } from '../../http/serve.ts';
import { attachmentDisposition } from '../media/byte-range.ts';
import type { PersonTrackingService } from './person-tracking.service.ts';

export function registerPersonTrackingRoutes(ctx: ServeContext, personTracking: PersonTrackingService): void {
  serve(ctx, personTrackingSettingCall, async ({ auth, params }) => ({
    data: await personTracking.getSetting(auth, params.cameraCode),
  }));
  serve(ctx, personTrackingSettingUpdateCall, async ({ auth, params, body, record }) => {
    const setting = await personTracking.setSetting(auth, params.cameraCode, body);
    await record({
      kind: 'camera_setting_changed',
      cameraCode: params.cameraCode,
      detail: { setting: 'person_tracking' },
    });
    return { data: setting };
  });
  serve(ctx, personTrackingRequestCall, async ({ auth, params, body, record }) => {
    const analysis = await personTracking.request(auth, params.cameraCode, body);
    await record({
      kind: 'download_requested',
      cameraCode: params.cameraCode,
      target: `person_tracking:${analysis.id}`,
      detail: { export: 'person_tracking', from: analysis.start, to: analysis.end },
    });
    return { data: { analysis } };
  });
  serve(ctx, personTrackingListCall, async ({ auth, query }) => ({
    data: { analyses: await personTracking.list(auth, query.camera_code) },
  }));
  serve(ctx, personTrackingResultCall, async ({ auth, params }) => ({
    data: await personTracking.result(auth, params.id),
  }));
  serve(ctx, personTrackingCsvCall, async ({ auth, params, query, record }, reply) => {
    const { filename, text } = await personTracking.csv(auth, params.id, query.lang);
    await record({
      kind: 'csv_exported',
      cameraCode: null,
      target: filename,
      detail: { export: 'person_tracking', analysis: params.id },
    });
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', attachmentDisposition(filename))
      .header('cache-control', 'no-store')
      .send(text);
  });
}
