// One database per test worker, migrated once: embedded PGlite in memory by default,
// a fresh database on the PostgreSQL server of TEST_DATABASE_URL when that is set.
import pg from 'pg';
import { openDatabase, type Db } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';

export const RUN_ID_ENV = 'CAMWATCH_TEST_RUN_ID';
export const testDatabasePrefix = (runId: string) => `cw_test_${runId}_`.toLowerCase();

export const isPostgresRun = (): boolean => Boolean(process.env.TEST_DATABASE_URL);

let shared: Promise<Db> | undefined;
let freshCount = 0;

/** A new, empty database on the server of adminUrl, named for this run (dropped at its end); answers its URL. */
export async function createPostgresDatabase(adminUrl: string, suffix: string): Promise<string> {
  const runId = process.env[RUN_ID_ENV] ?? `${process.pid}`;
  const name = `${testDatabasePrefix(runId)}w${process.env.VITEST_POOL_ID ?? process.pid}${suffix}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The worker's shared, migrated database. Tests keep apart by creating their own customers. */
export function testDb(): Promise<Db> {
  shared ??= (async () => {
    const adminUrl = process.env.TEST_DATABASE_URL;
    const db = adminUrl
      ? openDatabase({ kind: 'postgres', url: await createPostgresDatabase(adminUrl, ''), poolSize: 4 })
      : openDatabase({ kind: 'memory' });
    await migrateToLatest(db);
    return db;
  })();
  return shared;
}

/** A separate, empty database for the few tests that need one (e.g. first-start seeding). */
export async function freshDb(): Promise<{
  db: Db;
  kind: 'memory' | 'postgres';
  close: () => Promise<void>;
}> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const url = await createPostgresDatabase(adminUrl, `_f${(freshCount++).toString()}`);
    const db = openDatabase({ kind: 'postgres', url, poolSize: 2 });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  const db = openDatabase({ kind: 'memory' });
  return { db, kind: 'memory', close: () => db.destroy() };
}
