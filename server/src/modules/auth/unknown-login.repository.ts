// Failed-login counts of addresses without an account, kept like an account's own (users.failed_login_count),
// so a lock answers the same whether the address exists or not. Keyed by the lower-cased address.
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

const keyOf = (email: string) => email.trim().toLowerCase();

export class UnknownLoginRepository {
  constructor(private readonly db: Db) {}

  async isLocked(email: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('unknown_login_failures')
      .select('email')
      .where('email', '=', keyOf(email))
      .where('locked_until', '>', sql<Date>`now()`)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Counts a failure; the one that reaches `maxFailures` locks the address for `lockMs` and restarts the count. */
  async recordFailure(email: string, maxFailures: number, lockMs: number): Promise<void> {
    const reachesMax = sql<boolean>`unknown_login_failures.failed_count + 1 >= ${maxFailures}`;
    await this.db
      .insertInto('unknown_login_failures')
      .values({
        email: keyOf(email),
        failed_count: maxFailures <= 1 ? 0 : 1,
        locked_until: maxFailures <= 1 ? sql<Date>`now() + make_interval(secs => ${lockMs / 1000})` : null,
      })
      .onConflict((oc) =>
        oc.column('email').doUpdateSet({
          failed_count: sql`CASE WHEN ${reachesMax} THEN 0 ELSE unknown_login_failures.failed_count + 1 END`,
          locked_until: sql`CASE WHEN ${reachesMax} THEN now() + make_interval(secs => ${lockMs / 1000}) ELSE unknown_login_failures.locked_until END`,
          updated_at: sql`now()`,
        }),
      )
      .execute();
  }

  /** Forgets addresses not tried since `olderThan` whose lock has passed; run from time to time. */
  async deleteStale(olderThan: Date): Promise<number> {
    const result = await this.db
      .deleteFrom('unknown_login_failures')
      .where('updated_at', '<', olderThan)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', sql<Date>`now()`)]))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
