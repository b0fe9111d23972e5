// HTTP for the audit log: a page of events, what it can be filtered by, the events as CSV. Reading only: no
// call changes or deletes an event.
import { Readable } from 'node:stream';
import { auditCsvCall, auditListCall, auditOptionsCall } from '@camwatch/contract/audit';
import { serve, type ServeContext } from '../../http/serve.ts';
import { attachmentDisposition } from '../media/byte-range.ts';
import type { AuditService } from './audit.service.ts';

export function registerAuditRoutes(ctx: ServeContext, audit: AuditService): void {
  serve(ctx, auditListCall, async ({ auth, query }) => ({ data: await audit.list(auth, query) }));
  serve(ctx, auditOptionsCall, async ({ auth }) => ({ data: await audit.options(auth) }));
  serve(ctx, auditCsvCall, async ({ auth, query, record }, reply) => {
    const { filename, lines } = audit.csv(auth, query);
    const { lang: _lang, utc_offset: _offset, ...filters } = query;
    await record({ kind: 'csv_exported', target: 'audit-log', detail: { export: 'audit_log', ...filters } });
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', attachmentDisposition(filename))
      .header('cache-control', 'no-store')
      .send(Readable.from(lines));
  });
}
