// HTTP for the people counter's results: a camera's or a site's counts per bucket, and the same as CSV.
import {
  peopleCountCameraCall,
  peopleCountCameraCsvCall,
  peopleCountLocationCall,
  peopleCountLocationCsvCall,
} from '@camwatch/contract/people-counts';
import type { FastifyReply } from 'fastify';
import { serve, type ServeContext } from '../../http/serve.ts';
import { attachmentDisposition } from '../media/byte-range.ts';
import type { PeopleCountService } from './people-count.service.ts';

const sendCsv = (reply: FastifyReply, file: { filename: string; text: string }) =>
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', attachmentDisposition(file.filename))
    .header('cache-control', 'no-store')
    .send(file.text);

export function registerPeopleCountRoutes(ctx: ServeContext, counts: PeopleCountService): void {
  serve(ctx, peopleCountCameraCall, async ({ auth, params, query }) => ({
    data: await counts.cameraCounts(auth, params.cameraCode, query),
  }));
  serve(ctx, peopleCountLocationCall, async ({ auth, params, query }) => ({
    data: await counts.locationCounts(auth, params.locationCode, query),
  }));
  serve(ctx, peopleCountCameraCsvCall, async ({ auth, params, query, record }, reply) => {
    const file = await counts.cameraCsv(auth, params.cameraCode, query);
    await record({
      kind: 'csv_exported',
      cameraCode: params.cameraCode,
      target: file.filename,
      detail: {
        export: 'people_count',
        from: file.counts.start,
        to: file.counts.end,
        unit: file.counts.unit,
      },
    });
    return sendCsv(reply, file);
  });
  serve(ctx, peopleCountLocationCsvCall, async ({ auth, params, query, record }, reply) => {
    const file = await counts.locationCsv(auth, params.locationCode, query);
    await record({
      kind: 'csv_exported',
      target: file.filename,
      detail: {
        export: 'people_count',
        location: params.locationCode,
        from: file.counts.start,
        to: file.counts.end,
        unit: file.counts.unit,
      },
    });
    return sendCsv(reply, file);
  });
}
