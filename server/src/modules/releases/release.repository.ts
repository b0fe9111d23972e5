// Release notes shown on the releases page, newest first.
import { sql } from 'kysely';
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

  /** Newest first, the date as YYYY-MM-DD text (a JS Date would shift with the server's time zone). */
  listForDisplay() {
    return this.db
      .selectFrom('releases')
      .select(['version', 'message'])
      .select(sql<string>`to_char(released_on, 'YYYY-MM-DD')`.as('date'))
      .orderBy('released_on', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }
}
