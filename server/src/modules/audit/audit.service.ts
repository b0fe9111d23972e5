// Reading the audit log (issue 16): a page of events, the same as CSV, and what it can be filtered by. Only a
// customer's parent users (not child users) read it — 403 otherwise — and only their own customer's events.
import {
  AUDIT_PAGE_SIZE,
  auditPeriodProblem,
  type AuditCsvQuery,
  type AuditEvent,
  type AuditFilterQuery,
  type AuditOptions,
} from '@camwatch/contract/audit';
import type { AuditKind } from '@camwatch/contract/audit-rules';
import type { AuthContext } from '../../http/auth-context.ts';
import { FieldErrors, ForbiddenError } from '../../lib/errors.ts';
import { auditCsvHeader, auditCsvRow, type CsvLanguage } from './audit-csv.ts';
import type { AuditCursor, AuditEventRow, AuditFilter, AuditRepository } from './audit.repository.ts';

/** Rows the CSV reads from the database at a time. */
const CSV_BATCH = 1000;

export function assertAuditReader(auth: AuthContext): void {
  if (auth.user.parentUserId !== null) throw new ForbiddenError();
}

function filterOf(query: AuditFilterQuery): AuditFilter {
  const problem = auditPeriodProblem(query);
  if (problem) throw FieldErrors.of('to', problem);
  return {
    userId: query.user_id,
    cameraCode: query.camera_code,
    kind: query.kind,
    from: query.from ? new Date(query.from) : undefined,
    to: query.to ? new Date(query.to) : undefined,
  };
}

const toEvent = (row: AuditEventRow): AuditEvent => ({
  id: String(row.id),
  occurred_at: row.occurred_at.toISOString(),
  kind: row.kind as AuditKind,
  via: row.via,
  user_id: row.user_id === null ? null : Number(row.user_id),
  user_email: row.user_email,
  ip: row.ip,
  user_agent: row.user_agent,
  camera_code: row.camera_code,
  camera_name: row.camera_name,
  target: row.target,
  detail: (row.detail ?? {}) as AuditEvent['detail'],
});

export class AuditService {
  constructor(
    private readonly repo: AuditRepository,
    private readonly retentionDays: number,
  ) {}

  async list(
    auth: AuthContext,
    query: AuditFilterQuery & { page: number },
  ): Promise<{ events: AuditEvent[]; total: number; page: number; pageSize: number }> {
    assertAuditReader(auth);
    const filter = filterOf(query);
    const { rows, total } = await this.repo.page(
      auth.user.customerId,
      filter,
      (query.page - 1) * AUDIT_PAGE_SIZE,
      AUDIT_PAGE_SIZE,
    );
    return { events: rows.map(toEvent), total, page: query.page, pageSize: AUDIT_PAGE_SIZE };
  }

  async options(auth: AuthContext): Promise<AuditOptions> {
    assertAuditReader(auth);
    const [users, cameras] = await Promise.all([
      this.repo.customerUsers(auth.user.customerId),
      this.repo.customerCameras(auth.user.customerId),
    ]);
    return {
      users: users.map((u) => ({ id: Number(u.id), email: u.email, name: u.name })),
      cameras,
      retentionDays: this.retentionDays,
    };
  }

  /**
   * The filtered events as CSV, written a batch at a time so a year of events never sits in memory. Rights
   * and filters are checked before the first line, so a refusal is a plain error answer.
   */
  csv(
    auth: AuthContext,
    query: AuditFilterQuery & Required<Pick<AuditCsvQuery, 'lang' | 'utc_offset'>>,
  ): { filename: string; lines: AsyncIterable<string> } {
    assertAuditReader(auth);
    const filter = filterOf(query);
    const customerId = auth.user.customerId;
    const lang = query.lang as CsvLanguage;
    const offset = query.utc_offset;
    const repo = this.repo;
    async function* lines(): AsyncGenerator<string> {
      yield auditCsvHeader(lang);
      let cursor: AuditCursor | null = null;
      for (;;) {
        const rows = await repo.batchAfter(customerId, filter, cursor, CSV_BATCH);
        for (const row of rows)
          yield auditCsvRow(
            {
              occurredAt: row.occurred_at,
              kind: row.kind,
              via: row.via,
              userEmail: row.user_email,
              ip: row.ip,
              userAgent: row.user_agent,
              cameraCode: row.camera_code,
              cameraName: row.camera_name,
              target: row.target,
              detail: row.detail ?? {},
            },
            lang,
            offset,
          );
        const last = rows.at(-1);
        if (!last || rows.length < CSV_BATCH) return;
        cursor = { occurredAt: last.occurred_at, id: Number(last.id) };
      }
    }
    // Named on the reader's calendar, like the times inside (issue 17: files named in the user's zone).
    const [sign, hours, minutes] = [offset.startsWith('-') ? -1 : 1, offset.slice(1, 3), offset.slice(4, 6)];
    const offsetMs = sign * (Number(hours) * 60 + Number(minutes)) * 60_000;
    const day = new Date(Date.now() + offsetMs).toISOString().slice(0, 10).replaceAll('-', '');
    return { filename: `audit-log_${day}.csv`, lines: lines() };
  }
}
