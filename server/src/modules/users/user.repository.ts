// Every query on users. Lookups by id always carry the customer, so one tenant never reaches another's users.
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { LockState, NewUser, UserRow, UserUpdate } from '../../db/schema.ts';

export class UserRepository {
  constructor(private readonly db: Db) {}

  /** Login is by email across all customers; emails are unique case-insensitively. */
  findByEmail(email: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where(sql<string>`lower(email)`, '=', email.toLowerCase())
      .executeTakeFirst();
  }

  findInCustomer(customerId: number, userId: number): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('customer_id', '=', customerId)
      .where('id', '=', userId)
      .executeTakeFirst();
  }

  listByCustomer(customerId: number): Promise<UserRow[]> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('customer_id', '=', customerId)
      .orderBy('id')
      .execute();
  }

  async hasChildren(customerId: number, userId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('users')
      .select('id')
      .where('customer_id', '=', customerId)
      .where('parent_user_id', '=', userId)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  insert(user: NewUser): Promise<UserRow> {
    return this.db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
  }

  async update(customerId: number, userId: number, changes: UserUpdate): Promise<UserRow | undefined> {
    return this.db
      .updateTable('users')
      .set({ ...changes, updated_at: new Date() })
      .where('customer_id', '=', customerId)
      .where('id', '=', userId)
      .returningAll()
      .executeTakeFirst();
  }

  /** Counts a failed password; locks the account for `lockMs` once `maxFailures` is reached. Returns the new row. */
  async recordFailedLogin(userId: number, maxFailures: number, lockMs: number): Promise<UserRow> {
    return this.db
      .updateTable('users')
      .set({
        failed_login_count: sql`CASE WHEN failed_login_count + 1 >= ${maxFailures} THEN 0 ELSE failed_login_count + 1 END`,
        system_locked_until: sql`CASE WHEN failed_login_count + 1 >= ${maxFailures} THEN now() + make_interval(secs => ${lockMs / 1000}) ELSE system_locked_until END`,
      })
      .where('id', '=', userId)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async clearFailedLogins(userId: number): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ failed_login_count: 0, system_locked_until: null })
      .where('id', '=', userId)
      .where((eb) => eb.or([eb('failed_login_count', '>', 0), eb('system_locked_until', 'is not', null)]))
      .execute();
  }

  /** A new password (already hashed); also lifts the temporary lock after failed logins. */
  async setPassword(userId: number, passwordHash: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({
        password_hash: passwordHash,
        password_changed_at: new Date(),
        failed_login_count: 0,
        system_locked_until: null,
        updated_at: new Date(),
      })
      .where('id', '=', userId)
      .execute();
  }

  async setDeviceAuthentication(customerId: number, userId: number, enabled: boolean): Promise<void> {
    await this.update(customerId, userId, { devauth_enabled: enabled });
  }

  async setLock(customerId: number, userId: number, lockState: LockState): Promise<UserRow | undefined> {
    return this.update(customerId, userId, { lock_state: lockState });
  }
}
