// Push subscriptions (one per browser endpoint, owned by a user of a customer) and what a push job reads.
// Every read and delete is scoped by customer and user, except the worker's own housekeeping by id.
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export interface SubscriptionInput {
  customerId: number;
  userId: number;
  endpoint: string;
  publicKey: string;
  authSecret: string;
  contentEncoding: string;
  language: string;
  expiresAt: Date;
}

export interface LiveSubscription {
  id: number;
  customer_id: number;
  user_id: number;
  endpoint: string;
  public_key: string;
  auth_secret: string;
  content_encoding: string;
  language: string;
}

export class PushRepository {
  constructor(private readonly db: Db) {}

  /**
   * Saves the browser's subscription. The endpoint identifies the browser profile: when another user of
   * this or another customer had it (they logged out without unsubscribing), it now belongs to the caller,
   * with the caller's keys, so the previous owner's notifications stop going to this browser.
   */
  async upsert(s: SubscriptionInput): Promise<void> {
    await this.db
      .insertInto('push_subscriptions')
      .values({
        customer_id: s.customerId,
        user_id: s.userId,
        endpoint: s.endpoint,
        public_key: s.publicKey,
        auth_secret: s.authSecret,
        content_encoding: s.contentEncoding,
        language: s.language,
        expires_at: s.expiresAt,
      })
      .onConflict((oc) =>
        oc.column('endpoint').doUpdateSet({
          customer_id: s.customerId,
          user_id: s.userId,
          public_key: s.publicKey,
          auth_secret: s.authSecret,
          content_encoding: s.contentEncoding,
          language: s.language,
          expires_at: s.expiresAt,
          updated_at: sql`now()`,
        }),
      )
      .execute();
  }

  /** Deletes the caller's own subscription of that endpoint; false when the caller has none. */
  async deleteOwn(customerId: number, userId: number, endpoint: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('push_subscriptions')
      .where('customer_id', '=', customerId)
      .where('user_id', '=', userId)
      .where('endpoint', '=', endpoint)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** The caller's live subscriptions (tests and the settings state). */
  liveOf(customerId: number, userId: number, now: Date) {
    return this.db
      .selectFrom('push_subscriptions')
      .select(['endpoint', 'expires_at', 'language'])
      .where('customer_id', '=', customerId)
      .where('user_id', '=', userId)
      .where('expires_at', '>', now)
      .execute();
  }

  /**
   * Live subscriptions of the users the notifications are for, optionally only the given subscription ids
   * (a retry). Matched on the notification's customer and user, so a notification reaches only
   * subscriptions of its own customer's user. Id lists travel as one array parameter: PGlite mishandles
   * statements with hundreds of bound parameters, and a fan-out has a thousand ids.
   */
  async liveFor(notificationIds: number[], now: Date, onlyIds?: number[]): Promise<LiveSubscription[]> {
    if (notificationIds.length === 0 || onlyIds?.length === 0) return [];
    let query = this.db
      .selectFrom('push_subscriptions as s')
      .select([
        's.id',
        's.customer_id',
        's.user_id',
        's.endpoint',
        's.public_key',
        's.auth_secret',
        's.content_encoding',
        's.language',
      ])
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('notifications as n')
            .select(sql`1`.as('one'))
            .whereRef('n.customer_id', '=', 's.customer_id')
            .whereRef('n.user_id', '=', 's.user_id')
            .where(sql<boolean>`n.id = ANY(${notificationIds}::bigint[])`),
        ),
      )
      .where('s.expires_at', '>', now);
    if (onlyIds) query = query.where(sql<boolean>`s.id = ANY(${onlyIds}::bigint[])`);
    return query.orderBy('s.id').execute();
  }

  /** Subscriptions the push service said are gone (404/410). */
  async deleteByIds(ids: number[]): Promise<number> {
    if (ids.length === 0) return 0;
    const result = await this.db
      .deleteFrom('push_subscriptions')
      .where(sql<boolean>`id = ANY(${ids}::bigint[])`)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Subscriptions the browser stopped renewing. */
  async deleteExpired(now: Date): Promise<number> {
    const result = await this.db
      .deleteFrom('push_subscriptions')
      .where('expires_at', '<=', now)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** The notifications a push job announces, with their camera's name (the camera of the same customer). */
  notifications(ids: number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('notifications as n')
      .leftJoin('cameras as c', (join) =>
        join.onRef('c.id', '=', 'n.camera_id').onRef('c.customer_id', '=', 'n.customer_id'),
      )
      .select([
        'n.id',
        'n.customer_id',
        'n.user_id',
        'n.event',
        'n.kind',
        'n.message',
        'n.url',
        'n.created_at',
        'c.code as camera_code',
        'c.name as camera_name',
      ])
      .where(sql<boolean>`n.id = ANY(${ids}::bigint[])`)
      .orderBy('n.id')
      .execute();
  }
}
