// The settings table: server-wide values kept in the database (signing secrets, the VAPID key pair). The
// only writer of the table; a value is created once and never changed, so every node of a deployment agrees.
import type { Db } from '../../db/database.ts';

export class SettingsRepository {
  constructor(private readonly db: Db) {}

  /**
   * The value stored under key, storing `fresh` first when there is none. The first node to start wins;
   * the others read its value (as the driver returns the jsonb column).
   */
  async ensure(key: string, fresh: unknown): Promise<unknown> {
    await this.db
      .insertInto('settings')
      .values({ key, value: JSON.stringify(fresh) })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    const row = await this.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    return row.value;
  }
}
