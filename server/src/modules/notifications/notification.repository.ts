// Notifications of a user and their read state per event type. Always scoped by user and customer.
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { NotificationsTable } from '../../db/schema.ts';

export type NotificationEvent = NotificationsTable['event'];

export interface NewNotification {
  event: NotificationEvent;
  kind?: NotificationsTable['kind'];
  message: string;
  cameraId?: number | null;
  url?: string | null;
}

/** `-infinity` when the user never read the type: everything is unread. */
const lastReadAt = sql<Date>`coalesce(r.last_read_at, '-infinity'::timestamptz)`;

export class NotificationRepository {
  constructor(private readonly db: Db) {}

  /** One notification for each of the users (all of the customer), in one statement. */
  async insertForUsers(customerId: number, userIds: number[], n: NewNotification): Promise<number> {
    if (userIds.length === 0) return 0;
    const result = await this.db
      .insertInto('notifications')
      .values(
        userIds.map((userId) => ({
          customer_id: customerId,
          user_id: userId,
          event: n.event,
          kind: n.kind ?? null,
          message: n.message,
          camera_id: n.cameraId ?? null,
          url: n.url ?? null,
        })),
      )
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0);
  }

  private base(customerId: number, userId: number) {
    return this.db
      .selectFrom('notifications as n')
      .leftJoin('notification_reads as r', (join) =>
        join.onRef('r.user_id', '=', 'n.user_id').onRef('r.event', '=', 'n.event'),
      )
      .leftJoin('cameras as c', (join) =>
        join.onRef('c.id', '=', 'n.camera_id').on('c.customer_id', '=', customerId),
      )
      .where('n.user_id', '=', userId)
      .where('n.customer_id', '=', customerId);
  }

  private readonly columns = [
    'n.id',
    'n.event',
    'n.kind',
    'n.message',
    'n.url',
    'n.created_at',
    'c.code as camera_code',
    'c.name as camera_name',
  ] as const;

  list(
    customerId: number,
    userId: number,
    options: { event?: NotificationEvent; offset: number; limit: number },
  ) {
    let query = this.base(customerId, userId)
      .select([...this.columns, sql<boolean>`n.created_at <= ${lastReadAt}`.as('read')])
      .orderBy('n.created_at', 'desc')
      .orderBy('n.id', 'desc')
      .offset(options.offset)
      .limit(options.limit);
    if (options.event) query = query.where('n.event', '=', options.event);
    return query.execute();
  }

  async count(customerId: number, userId: number, event?: NotificationEvent): Promise<number> {
    let query = this.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('customer_id', '=', customerId);
    if (event) query = query.where('event', '=', event);
    return Number((await query.executeTakeFirstOrThrow()).n);
  }

  /** Unread count per event type (types without any notification are absent). */
  unreadCounts(customerId: number, userId: number) {
    return this.base(customerId, userId)
      .select(['n.event', sql<number>`count(*) FILTER (WHERE n.created_at > ${lastReadAt})`.as('unread')])
      .groupBy('n.event')
      .execute();
  }

  /** The newest notification of each event type. */
  latestPerEvent(customerId: number, userId: number) {
    return this.base(customerId, userId)
      .distinctOn('n.event')
      .select([...this.columns, sql<boolean>`n.created_at <= ${lastReadAt}`.as('read')])
      .orderBy('n.event')
      .orderBy('n.created_at', 'desc')
      .orderBy('n.id', 'desc')
      .execute();
  }

  async markRead(userId: number, event: NotificationEvent): Promise<void> {
    await this.db
      .insertInto('notification_reads')
      .values({ user_id: userId, event, last_read_at: sql`now()` })
      .onConflict((oc) => oc.columns(['user_id', 'event']).doUpdateSet({ last_read_at: sql`now()` }))
      .execute();
  }

  /** Every user of a customer, or of all customers: who an announcement goes to. */
  recipients(customerId: number | null) {
    let query = this.db.selectFrom('users').select(['id', 'customer_id']);
    if (customerId !== null) query = query.where('customer_id', '=', customerId);
    return query.execute();
  }
}
