// Migrations apply once, in order, and a second run is a no-op.
import { describe, expect, it } from 'vitest';
import { testDb } from '../../test/helpers/test-database.ts';
import { migrateToLatest, migrationNames } from './migrate.ts';

describe('migrateToLatest', () => {
  it('applies nothing on an up-to-date database', async () => {
    const db = await testDb();
    expect(await migrateToLatest(db)).toEqual([]);
    const rows = await db
      .selectFrom('schema_migrations' as never)
      .selectAll()
      .execute();
    expect(rows.map((r) => (r as { name: string }).name)).toEqual(migrationNames);
    expect(migrationNames[0]).toBe('0001-initial');
  });
});
