// Device-authentication keys (app keys): stored hashed, always looked up through their owner.
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export class AppKeyRepository {
  constructor(private readonly db: Db) {}

  listActive(userId: number) {
    return this.db
      .selectFrom('app_keys')
      .select(['id', 'name', 'created_at', 'last_used_at'])
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .orderBy('id')
      .execute();
  }

  create(userId: number, keyHash: string, name: string) {
    return this.db
      .insertInto('app_keys')
      .values({ user_id: userId, key_hash: keyHash, name })
      .returning(['id', 'name', 'created_at', 'last_used_at'])
      .executeTakeFirstOrThrow();
  }

  /** Revokes one key of this user; false when the user has no such active key. */
  async revoke(userId: number, keyId: number): Promise<boolean> {
    const result = await this.db
      .updateTable('app_keys')
      .set({ revoked_at: sql`now()` })
      .where('id', '=', keyId)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async revokeAll(userId: number): Promise<number> {
    const result = await this.db
      .updateTable('app_keys')
      .set({ revoked_at: sql`now()` })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Marks the key used and answers whether it is an active key of this user. */
  async useKey(userId: number, keyHash: string): Promise<boolean> {
    const result = await this.db
      .updateTable('app_keys')
      .set({ last_used_at: sql`now()` })
      .where('user_id', '=', userId)
      .where('key_hash', '=', keyHash)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }
}
