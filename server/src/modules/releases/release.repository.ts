// Release notes shown on the releases page, newest first.
import type { Db } from '../../db/database.ts';

export class ReleaseRepository {
  constructor(private readonly db: Db) {}

  insert(version: string, releasedOn: string, message: string) {
    return this.db
      .insertInto('releases')
      .values({ version, released_on: releasedOn, message })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  listNewestFirst() {
    return this.db
      .selectFrom('releases')
      .selectAll()
      .orderBy('released_on', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }
}
