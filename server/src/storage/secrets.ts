// Server-wide secrets kept in the settings table, created once at first start, so every node of a
// deployment signs and checks with the same key (media addresses, later VAPID keys).
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database.ts';

/** The secret stored under key, created (32 random bytes) if there is none yet. */
export async function ensureSecret(db: Db, key: string): Promise<Buffer> {
  const fresh = randomBytes(32).toString('base64');
  await db
    .insertInto('settings')
    .values({ key, value: JSON.stringify(fresh) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  return Buffer.from(String(row.value), 'base64');
}
