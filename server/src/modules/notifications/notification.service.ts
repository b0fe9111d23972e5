// Notifications (core.md §3, §4, §9): listed per event type with paging, unread counts per type, marking read.
import { notificationEvents, type NotificationEvent } from '@camwatch/contract/notification-tabs';
import type { Notification, NotificationReadState } from '@camwatch/contract/notifications';
import type { AuthContext } from '../../http/auth-context.ts';
import type { NewNotification, NotificationRepository } from './notification.repository.ts';

type Row = Awaited<ReturnType<NotificationRepository['list']>>[number];

const toNotification = (row: Row): Notification => ({
  id: row.id,
  event: row.event,
  kind: row.kind,
  message: row.message,
  dateTime: row.created_at.toISOString(),
  camera_code: row.camera_code,
  camera_name: row.camera_name,
  url: row.url,
  read: row.read === true,
});

export class NotificationService {
  constructor(private readonly notifications: NotificationRepository) {}

  async list(auth: AuthContext, query: { event?: NotificationEvent; page: number; limit: number }) {
    const { customerId, id: userId } = auth.user;
    const [rows, total] = await Promise.all([
      this.notifications.list(customerId, userId, {
        event: query.event,
        offset: (query.page - 1) * query.limit,
        limit: query.limit,
      }),
      this.notifications.count(customerId, userId, query.event),
    ]);
    return { notifications: rows.map(toNotification), total };
  }

  /** Every event type, with zero for types that have nothing yet. */
  async readStates(auth: AuthContext): Promise<NotificationReadState[]> {
    const { customerId, id: userId } = auth.user;
    const [counts, latest] = await Promise.all([
      this.notifications.unreadCounts(customerId, userId),
      this.notifications.latestPerEvent(customerId, userId),
    ]);
    return notificationEvents.map((event) => {
      const newest = latest.find((row) => row.event === event);
      return {
        event,
        unread: Number(counts.find((c) => c.event === event)?.unread ?? 0),
        latest: newest ? toNotification(newest) : null,
      };
    });
  }

  async markRead(auth: AuthContext, event: NotificationEvent): Promise<NotificationReadState> {
    await this.notifications.markRead(auth.user.id, event);
    const states = await this.readStates(auth);
    return states.find((s) => s.event === event) ?? { event, unread: 0, latest: null };
  }

  /** One notification for each of these users of the customer (motion and other events). Answers how many. */
  notify(customerId: number, userIds: number[], n: NewNotification): Promise<number> {
    return this.notifications.insertForUsers(customerId, userIds, n);
  }

  /** An operator's announcement to every user of one customer, or of all customers. Answers how many got it. */
  async announce(customerId: number | null, message: string): Promise<number> {
    const byCustomer = new Map<number, number[]>();
    for (const r of await this.notifications.recipients(customerId)) {
      byCustomer.set(r.customer_id, [...(byCustomer.get(r.customer_id) ?? []), r.id]);
    }
    let sent = 0;
    for (const [customer, users] of byCustomer) {
      sent += await this.notifications.insertForUsers(customer, users, { event: 'announcement', message });
    }
    return sent;
  }
}
