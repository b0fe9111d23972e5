// Tags of a customer and their links to cameras. Every query is scoped by the customer, links included:
// a camera or tag of another customer is never linked, unlinked or listed.
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** PostgreSQL's unique-violation code, raised by tags_customer_name_key for a name already in use. */
const UNIQUE_VIOLATION = '23505';
const isNameTaken = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  (error as { code?: unknown }).code === UNIQUE_VIOLATION &&
  String(
    (error as { constraint?: unknown; message?: unknown }).constraint ?? (error as Error).message,
  ).includes('tags_customer_name_key');

export class TagRepository {
  constructor(private readonly db: Db) {}

  /** Runs `work` in one transaction; an error thrown inside undoes everything it wrote. */
  transaction<T>(work: (tags: TagRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new TagRepository(trx)));
  }

  insert(customerId: number, code: string, name: string) {
    return this.db
      .insertInto('tags')
      .values({ customer_id: customerId, code, name })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Like insert; null when the customer already has a tag of that name (ignoring case). */
  async insertUnlessNameTaken(customerId: number, code: string, name: string) {
    try {
      return await this.insert(customerId, code, name);
    } catch (error) {
      if (isNameTaken(error)) return null;
      throw error;
    }
  }

  /** Renames a tag: 'renamed', 'not_found' (unknown or another customer's) or 'name_taken'. */
  async rename(
    customerId: number,
    code: string,
    name: string,
  ): Promise<'renamed' | 'not_found' | 'name_taken'> {
    try {
      const row = await this.db
        .updateTable('tags')
        .set({ name })
        .where('customer_id', '=', customerId)
        .where('code', '=', code)
        .returning('id')
        .executeTakeFirst();
      return row ? 'renamed' : 'not_found';
    } catch (error) {
      if (isNameTaken(error)) return 'name_taken';
      throw error;
    }
  }

  /** Deletes a tag and (by cascade) its links; false when unknown or another customer's. */
  async delete(customerId: number, code: string): Promise<boolean> {
    const row = await this.db
      .deleteFrom('tags')
      .where('customer_id', '=', customerId)
      .where('code', '=', code)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Ids of the customer's cameras among these codes (unknown and foreign codes are simply absent). */
  async cameraIdsByCodes(customerId: number, codes: string[]): Promise<number[]> {
    if (codes.length === 0) return [];
    const rows = await this.db
      .selectFrom('cameras')
      .select('id')
      .where('customer_id', '=', customerId)
      .where('code', 'in', codes)
      .execute();
    return rows.map((r) => r.id);
  }

  /** Ids of the customer's tags among these codes (unknown and foreign codes are simply absent). */
  async tagIdsByCodes(customerId: number, codes: string[]): Promise<number[]> {
    if (codes.length === 0) return [];
    const rows = await this.db
      .selectFrom('tags')
      .select('id')
      .where('customer_id', '=', customerId)
      .where('code', 'in', codes)
      .execute();
    return rows.map((r) => r.id);
  }

  /** Links cameras to a tag; both must belong to the customer, links already present are kept. */
  link(customerId: number, tagId: number, cameraIds: number[]): Promise<void> {
    return this.linkMany(customerId, [tagId], cameraIds);
  }

  /** Links every camera to every tag; only the customer's own cameras and tags; existing links are kept. */
  async linkMany(customerId: number, tagIds: number[], cameraIds: number[]): Promise<void> {
    if (tagIds.length === 0 || cameraIds.length === 0) return;
    await this.db
      .insertInto('camera_tags')
      .columns(['camera_id', 'tag_id'])
      .expression((eb) =>
        eb
          .selectFrom('cameras as c')
          .innerJoin('tags as t', (join) =>
            join.on('t.id', 'in', tagIds).on('t.customer_id', '=', customerId),
          )
          .select(['c.id as camera_id', 't.id as tag_id'])
          .where('c.customer_id', '=', customerId)
          .where('c.id', 'in', cameraIds),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  /** Removes the links between these cameras and these tags, for the customer's own tags only. */
  async unlinkMany(customerId: number, tagIds: number[], cameraIds: number[]): Promise<void> {
    if (tagIds.length === 0 || cameraIds.length === 0) return;
    await this.db
      .deleteFrom('camera_tags')
      .where('camera_id', 'in', cameraIds)
      .where('tag_id', 'in', (eb) =>
        eb.selectFrom('tags').select('id').where('customer_id', '=', customerId).where('id', 'in', tagIds),
      )
      .execute();
  }

  /** The customer's tags by name, each with the codes of its cameras (by camera name). */
  private withCameras(customerId: number) {
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
      .orderBy('t.id');
  }

  listWithCameras(customerId: number) {
    return this.withCameras(customerId).execute();
  }

  findWithCameras(customerId: number, code: string) {
    return this.withCameras(customerId).where('t.code', '=', code).executeTakeFirst();
  }
}
