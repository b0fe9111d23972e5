// Single-use password reset tokens, stored by their SHA-256.
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export class PasswordResetRepository {
  constructor(private readonly db: Db) {}

  /** Issues a token for the user; earlier unused tokens stop working, so only the newest mail's link does. */
  async issue(userId: number, tokenHash: string, validMs: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('password_reset_tokens')
        .set({ used_at: sql`now()` })
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .execute();
      await trx
        .insertInto('password_reset_tokens')
        .values({ user_id: userId, token_hash: tokenHash, expires_at: new Date(Date.now() + validMs) })
        .execute();
    });
  }

  /** Marks a valid (unused, unexpired) token used and answers its user, or undefined. */
  async consume(tokenHash: string): Promise<number | undefined> {
    const row = await this.db
      .updateTable('password_reset_tokens')
      .set({ used_at: sql`now()` })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .returning('user_id')
      .executeTakeFirst();
    return row?.user_id;
  }
}
