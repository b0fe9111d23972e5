// Tags of a customer and their links to cameras.
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export class TagRepository {
  constructor(private readonly db: Db) {}

  insert(customerId: number, code: string, name: string) {
    return this.db
      .insertInto('tags')
      .values({ customer_id: customerId, code, name })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Links cameras to a tag; both must belong to the customer, links already present are kept. */
  async link(customerId: number, tagId: number, cameraIds: number[]): Promise<void> {
    if (cameraIds.length === 0) return;
    await this.db
      .insertInto('camera_tags')
      .columns(['camera_id', 'tag_id'])
      .expression((eb) =>
        eb
          .selectFrom('cameras as c')
          .innerJoin('tags as t', (join) => join.on('t.id', '=', tagId).on('t.customer_id', '=', customerId))
          .select(['c.id as camera_id', 't.id as tag_id'])
          .where('c.customer_id', '=', customerId)
          .where('c.id', 'in', cameraIds),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  /** The customer's tags by name, each with the codes of its cameras (by camera name). */
  listWithCameras(customerId: number) {
    return this.db
      .selectFrom('tags as t')
      .leftJoin('camera_tags as ct', 'ct.tag_id', 't.id')
      .leftJoin('cameras as c', (join) =>
        join.onRef('c.id', '=', 'ct.camera_id').on('c.customer_id', '=', customerId),
      )
      .select([
        't.code as tag_code',
        't.name as tag_name',
        sql<
          string[]
        >`coalesce(array_agg(c.code ORDER BY c.name, c.id) FILTER (WHERE c.code IS NOT NULL), '{}')`.as(
          'cameras',
        ),
      ])
      .where('t.customer_id', '=', customerId)
      .groupBy(['t.id', 't.code', 't.name'])
      .orderBy('t.name')
      .orderBy('t.id')
      .execute();
  }
}
