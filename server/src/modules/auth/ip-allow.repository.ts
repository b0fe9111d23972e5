// IP allow-lists: rules for a whole customer (user_id null) or one user. No rule at all means no restriction.
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export class IpAllowRepository {
  constructor(private readonly db: Db) {}

  /** True when no rule applies to this user, or the address falls inside one that does. */
  async isAllowed(customerId: number, userId: number, ip: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('ip_allow_rules')
      .select([
        sql<number>`count(*)`.as('rules'),
        sql<number>`count(*) FILTER (WHERE ${ip}::inet <<= cidr)`.as('matches'),
      ])
      .where('customer_id', '=', customerId)
      .where((eb) => eb.or([eb('user_id', 'is', null), eb('user_id', '=', userId)]))
      .executeTakeFirstOrThrow();
    return Number(row.rules) === 0 || Number(row.matches) > 0;
  }

  list(customerId: number) {
    return this.db
      .selectFrom('ip_allow_rules')
      .select(['id', 'user_id', 'cidr', 'note', 'created_at'])
      .where('customer_id', '=', customerId)
      .orderBy('id')
      .execute();
  }

  add(customerId: number, userId: number | null, cidr: string, note: string) {
    return this.db
      .insertInto('ip_allow_rules')
      .values({ customer_id: customerId, user_id: userId, cidr, note })
      .returning(['id', 'cidr'])
      .executeTakeFirstOrThrow();
  }

  async remove(customerId: number, ruleId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('ip_allow_rules')
      .where('customer_id', '=', customerId)
      .where('id', '=', ruleId)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}
