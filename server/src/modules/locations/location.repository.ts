// Camera locations (sites) of a customer.
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { LocationsTable } from '../../db/schema.ts';

export class LocationRepository {
  constructor(private readonly db: Db) {}

  insert(location: Insertable<LocationsTable>) {
    return this.db.insertInto('locations').values(location).returningAll().executeTakeFirstOrThrow();
  }

  findByCode(customerId: number, code: string) {
    return this.db
      .selectFrom('locations')
      .selectAll()
      .where('customer_id', '=', customerId)
      .where('code', '=', code)
      .executeTakeFirst();
  }

  listByCustomer(customerId: number) {
    return this.db
      .selectFrom('locations')
      .selectAll()
      .where('customer_id', '=', customerId)
      .orderBy('id')
      .execute();
  }
}
