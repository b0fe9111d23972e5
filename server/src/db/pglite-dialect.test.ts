// The embedded dialect (Kysely 0.28 on PGlite, for Node 20): queries, affected rows, transactions that commit,
// roll back on a throw or a failed statement, and leave the database usable afterwards.
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './database.ts';

interface Scratch {
  scratch: { id: number; name: string };
}
let db: Kysely<Scratch>;

beforeAll(async () => {
  db = openDatabase({ kind: 'memory' }) as unknown as Kysely<Scratch>;
  await sql`CREATE TABLE scratch (id int PRIMARY KEY, name text NOT NULL)`.execute(db);
});
afterAll(() => db.destroy());

const names = async () =>
  (await db.selectFrom('scratch').select('name').orderBy('id').execute()).map((r) => r.name);

describe('PGlite dialect', () => {
  it('reads rows as objects and counts the rows a change touched', async () => {
    await db
      .insertInto('scratch')
      .values([
        { id: 1, name: 'a' },
        { id: 2, name: 'b' },
      ])
      .execute();
    const updated = await db.updateTable('scratch').set({ name: 'B' }).where('id', '=', 2).executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(1n);
    const none = await db.deleteFrom('scratch').where('id', '=', 99).executeTakeFirst();
    expect(none.numDeletedRows).toBe(0n);
    expect(await names()).toEqual(['a', 'B']);
  });

  it('commits a transaction, and rolls one back when its work throws', async () => {
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('scratch').values({ id: 3, name: 'c' }).execute();
    });
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('scratch').values({ id: 4, name: 'd' }).execute();
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await names()).toEqual(['a', 'B', 'c']);
  });

  it('rolls back a transaction whose statement failed, and keeps working', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('scratch').values({ id: 5, name: 'e' }).execute();
        await trx.insertInto('scratch').values({ id: 1, name: 'duplicate' }).execute();
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await names()).toEqual(['a', 'B', 'c']);
    await db.insertInto('scratch').values({ id: 6, name: 'f' }).execute();
    expect(await names()).toEqual(['a', 'B', 'c', 'f']);
  });
});
