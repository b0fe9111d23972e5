// Cameras of a customer. The list and detail queries of the browsing screens come with their module.
import type { Db } from '../../db/database.ts';
import type { NewCamera } from '../../db/schema.ts';

export class CameraRepository {
  constructor(private readonly db: Db) {}

  insert(camera: NewCamera) {
    return this.db.insertInto('cameras').values(camera).returningAll().executeTakeFirstOrThrow();
  }

  listByCustomer(customerId: number) {
    return this.db
      .selectFrom('cameras as c')
      .leftJoin('locations as l', 'l.id', 'c.location_id')
      .select(['c.id', 'c.code', 'c.name', 'c.model_code', 'c.watch_status', 'l.name as location_name'])
      .where('c.customer_id', '=', customerId)
      .orderBy('c.name')
      .orderBy('c.id')
      .execute();
  }
}
