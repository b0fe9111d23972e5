// Opens the database: embedded PGlite in DATA_DIR/db by default, a real PostgreSQL server when DATABASE_URL is set.
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

export type DatabaseTarget =
  | { kind: 'embedded'; dir: string }
  | { kind: 'memory' }
  | { kind: 'postgres'; url: string; poolSize?: number };

export type Db = Kysely<Database>;

const INT8_OID = 20;
const NUMERIC_OID = 1700;

// Ids and counts are bigint in SQL; every one we store stays far below 2^53, so read them as numbers.
pg.types.setTypeParser(INT8_OID, (v) => Number(v));

export function openDatabase(target: DatabaseTarget): Db {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize ?? 10 });
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  if (target.kind === 'embedded') fs.mkdirSync(target.dir, { recursive: true });
  const dataDir = target.kind === 'embedded' ? target.dir : undefined;
  const pglite = new PGlite(dataDir, {
    parsers: { [INT8_OID]: (v: string) => Number(v), [NUMERIC_OID]: (v: string) => Number(v) },
  });
  return new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
}
