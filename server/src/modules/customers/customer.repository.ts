// Customers (tenants).
import type { Db } from '../../db/database.ts';

export class CustomerRepository {
  constructor(private readonly db: Db) {}

  findById(id: number) {
    return this.db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByCode(code: string) {
    return this.db.selectFrom('customers').selectAll().where('code', '=', code).executeTakeFirst();
  }

  list() {
    return this.db.selectFrom('customers').selectAll().orderBy('id').execute();
  }

  insert(code: string, name: string) {
    return this.db.insertInto('customers').values({ code, name }).returningAll().executeTakeFirstOrThrow();
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('customers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
