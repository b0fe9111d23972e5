// `audit list`: the operator's read of a customer's audit log (newest first, one JSON line per event), and the
// recorder the CLI's own account and IP allow-list commands write to (as `via: cli`, no user or address).
import { z } from 'zod';
import { auditKindSchema } from '@camwatch/contract/audit';
import type { Db } from '../db/database.ts';
import { DomainError } from '../lib/errors.ts';
import { AuditRecorder } from '../modules/audit/audit-recorder.service.ts';
import { AuditRepository, type AuditFilter } from '../modules/audit/audit.repository.ts';
import { CustomerRepository } from '../modules/customers/customer.repository.ts';

export const AUDIT_USAGE = `  audit list --customer CODE|- [--since DATE|DATETIME] [--until DATE|DATETIME] [--kind KIND]
             [--user EMAIL] [--camera CODE] [--limit N]   (newest first; --customer - : sign-ins naming no user)`;

const usage = (message: string) => new DomainError(400, 'bad_request', message);

/** A day (`2026-11-01`, the start of that day in UTC) or a moment with its offset. */
const momentOption = z.union([
  z.iso.date().transform((day) => new Date(`${day}T00:00:00Z`)),
  z.iso.datetime({ offset: true }).transform((value) => new Date(value)),
]);

export interface AuditListOptions {
  customer?: string | undefined;
  since?: string | undefined;
  until?: string | undefined;
  kind?: string | undefined;
  user?: string | undefined;
  camera?: string | undefined;
  limit?: string | undefined;
}

function parse<T extends z.ZodType>(
  name: string,
  schema: T,
  value: string | undefined,
): z.output<T> | undefined {
  if (value === undefined) return undefined;
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw usage(`--${name}: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
  return parsed.data;
}

/** The recorder of the CLI's own changes; a failure to record is reported and the command still succeeds. */
export const cliAuditRecorder = (db: Db) =>
  new AuditRecorder(new AuditRepository(db), {
    error: (obj, msg) => console.error(`warning: ${msg}`, (obj as { err?: unknown }).err ?? ''),
  });

export async function runAuditList(
  options: AuditListOptions,
  db: Db,
  print: (value: unknown) => void,
): Promise<void> {
  if (!options.customer) throw usage('--customer is required');
  let customerId: number | null = null;
  if (options.customer !== '-') {
    const customer = await new CustomerRepository(db).findByCode(options.customer);
    if (!customer) throw usage(`--customer: no customer with code "${options.customer}"`);
    customerId = customer.id;
  }
  const repo = new AuditRepository(db);
  const filter: AuditFilter = {
    kind: parse('kind', auditKindSchema, options.kind),
    cameraCode: parse('camera', z.string().min(1).max(64), options.camera),
    from: parse('since', momentOption, options.since),
    to: parse('until', momentOption, options.until),
  };
  const email = parse('user', z.email({ message: 'must be an email address' }), options.user);
  if (email) {
    const user = await repo.userByEmail(email);
    if (!user || user.customer_id !== customerId) throw usage('--user: not a user of this customer');
    filter.userId = user.id;
  }
  const limit = parse('limit', z.coerce.number().int().min(1).max(100_000), options.limit) ?? 100;
  let printed = 0;
  let cursor = null;
  while (printed < limit) {
    const rows = await repo.batchAfter(customerId, filter, cursor, Math.min(1000, limit - printed));
    for (const row of rows)
      print({
        at: row.occurred_at.toISOString(),
        kind: row.kind,
        via: row.via,
        user: row.user_email,
        ip: row.ip,
        camera: row.camera_code,
        cameraName: row.camera_name,
        target: row.target,
        detail: row.detail,
      });
    printed += rows.length;
    const last = rows.at(-1);
    if (!last || rows.length < 1000) return;
    cursor = { occurredAt: last.occurred_at, id: Number(last.id) };
  }
}
