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
  it('runs overlapping transactions and queries one after another, each committing its own work', async () => {
    // Clip uploads of many cameras land together: each is a transaction, with plain queries between them.
    // Before the connection mutex, a second begin took over the first's state and both waited for ever.
    const ids = [20, 21, 22, 23, 24, 25];
    await Promise.all([
      ...ids.map((id) =>
        db.transaction().execute(async (trx) => {
          await trx
            .insertInto('scratch')
            .values({ id, name: `t${id}` })
            .execute();
          await new Promise((resolve) => setTimeout(resolve, 5));
          await trx
            .updateTable('scratch')
            .set({ name: `T${id}` })
            .where('id', '=', id)
            .execute();
        }),
      ),
      db.insertInto('scratch').values({ id: 30, name: 'plain' }).execute(),
    ]);
    const rows = await db
      .selectFrom('scratch')
      .select(['id', 'name'])
      .where('id', '>=', 20)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([...ids.map((id) => ({ id, name: `T${id}` })), { id: 30, name: 'plain' }]);
  });
});
