// Drops the per-worker PostgreSQL databases this run created (PGlite runs in memory and needs nothing).
import pg from 'pg';
import { RUN_ID_ENV, testDatabasePrefix } from './test-database.ts';

export default function setup() {
  const runId = `${process.pid}_${Date.now().toString(36)}`;
  process.env[RUN_ID_ENV] = runId;
  return async () => {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) return;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ datname: string }>(
        'SELECT datname FROM pg_database WHERE datname LIKE $1',
        [`${testDatabasePrefix(runId)}%`],
      );
      for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    } finally {
      await client.end();
    }
  };
}
