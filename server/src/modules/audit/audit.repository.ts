// The audit log's storage: events are inserted and read, never updated (a trigger refuses it too). Every read
// is scoped by the customer; the only delete is the retention job's, by age.
import { sql, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

export interface NewAuditEvent {
  customerId: number | null;
  kind: string;
  via: 'api' | 'cli';
  userId: number | null;
  userEmail: string | null;
  ip: string | null;
  userAgent: string | null;
  cameraCode: string | null;
  /** Looked up from the customer's cameras when not given. */
  cameraName?: string | null;
  target: string | null;
  detail: Record<string, unknown>;
}

export interface AuditFilter {
  userId?: number | undefined;
  cameraCode?: string | undefined;
  kind?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

/** Where the keyset paging of the CSV has got to: the last row written (rows go newest first). */
export interface AuditCursor {
  occurredAt: Date;
  id: number;
}

type EventQuery = SelectQueryBuilder<Database, 'audit_events', object>;

export class AuditRepository {
  constructor(private readonly db: Db) {}

  async insert(event: NewAuditEvent): Promise<void> {
    const { customerId, cameraCode } = event;
    const cameraName =
      event.cameraName !== undefined || customerId === null || cameraCode === null
        ? (event.cameraName ?? null)
        : sql<
            string | null
          >`(SELECT name FROM cameras WHERE customer_id = ${customerId} AND code = ${cameraCode})`;
    await this.db
      .insertInto('audit_events')
      .values({
        customer_id: customerId,
        kind: event.kind,
        via: event.via,
        user_id: event.userId,
        user_email: event.userEmail,
        ip: event.ip,
        user_agent: event.userAgent,
        camera_code: cameraCode,
        camera_name: cameraName,
        target: event.target,
        detail: JSON.stringify(event.detail),
      })
      .execute();
  }

  /** Who a sign-in address belongs to, if anyone (compared as login compares it). */
  userByEmail(email: string) {
    return this.db
      .selectFrom('users')
      .select(['id', 'customer_id', 'email'])
      .where(sql<string>`lower(email)`, '=', email.toLowerCase())
      .executeTakeFirst();
  }

  userById(id: number) {
    return this.db
      .selectFrom('users')
      .select(['id', 'customer_id', 'email'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** The customer's events matching the filter; customer null: the events of no customer (operator only). */
  private filtered(customerId: number | null, filter: AuditFilter): EventQuery {
    let query: EventQuery = this.db
      .selectFrom('audit_events')
      .where('customer_id', customerId === null ? 'is' : '=', customerId);
    if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
    if (filter.cameraCode !== undefined) query = query.where('camera_code', '=', filter.cameraCode);
    if (filter.kind !== undefined) query = query.where('kind', '=', filter.kind);
    if (filter.from) query = query.where('occurred_at', '>=', filter.from);
    if (filter.to) query = query.where('occurred_at', '<', filter.to);
    return query;
  }

  /** One page of the customer's events, newest first, and how many match in all. */
  async page(customerId: number, filter: AuditFilter, offset: number, limit: number) {
    const [rows, count] = await Promise.all([
      this.filtered(customerId, filter)
        .selectAll()
        .orderBy('occurred_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      this.filtered(customerId, filter)
        .select((eb) => eb.fn.countAll<string | number>().as('total'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }

  /** The next rows after `cursor` (newest first), for writing a long CSV a batch at a time. */
  batchAfter(customerId: number | null, filter: AuditFilter, cursor: AuditCursor | null, limit: number) {
    let query = this.filtered(customerId, filter);
    if (cursor)
      query = query.where((eb) =>
        eb.or([
          eb('occurred_at', '<', cursor.occurredAt),
          eb.and([eb('occurred_at', '=', cursor.occurredAt), eb('id', '<', cursor.id)]),
        ]),
      );
    return query.selectAll().orderBy('occurred_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  }

  customerUsers(customerId: number) {
    return this.db
      .selectFrom('users')
      .select(['id', 'email', 'name'])
      .where('customer_id', '=', customerId)
      .orderBy('email')
      .execute();
  }

  customerCameras(customerId: number) {
    return this.db
      .selectFrom('cameras')
      .select(['code', 'name'])
      .where('customer_id', '=', customerId)
      .orderBy('name')
      .orderBy('code')
      .execute();
  }

  /** Deletes up to `limit` events older than `before`; answers how many went. */
  async deleteOlderThan(before: Date, limit: number): Promise<number> {
    const result = await this.db
      .deleteFrom('audit_events')
      .where('id', 'in', (eb) =>
        eb.selectFrom('audit_events').select('id').where('occurred_at', '<', before).limit(limit),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}

export type AuditEventRow = Awaited<ReturnType<AuditRepository['page']>>['rows'][number];
