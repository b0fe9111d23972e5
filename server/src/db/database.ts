// Opens the database: embedded PGlite in DATA_DIR/db by default, a real PostgreSQL server when DATABASE_URL is set.
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient } from 'kysely';
import pg from 'pg';
import { markDatabaseError } from './connection-loss.ts';
import { PGliteDialect } from './pglite-dialect.ts';
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

/** How long a request waits for a connection before it is answered 503 (a database that does not answer). */
const CONNECT_TIMEOUT_MS = 5_000;

/** A PostgreSQL connection pool's state now (the metrics' database gauges). */
export interface PoolState {
  /** Most connections the pool opens. */
  max: number;
  /** Connections open now, busy or idle. */
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

const poolStates = new WeakMap<Db, () => PoolState>();

/** The pool's state of a PostgreSQL database opened by openDatabase (null for PGlite: one connection, no pool). */
export function poolStateOf(db: Db): PoolState | null {
  return poolStates.get(db)?.() ?? null;
}

export interface OpenDatabaseOptions {
  /** Told when a pooled connection is lost (terminated, database restarted); the pool replaces it. */
  onConnectionLost?: (error: Error) => void;
}

const marked = <T>(promise: Promise<T>): Promise<T> =>
  promise.catch((error: unknown) => {
    markDatabaseError(error);
    throw error;
  });

/**
 * The pg pool as Kysely sees it, marking every error the driver raises (see connection-loss.ts), and with an
 * error listener on every connection: without one, a connection ended by the server (57P01) while idle or
 * between two queries is an unhandled 'error' event, which ends the process.
 */
function resilientPool(
  url: string,
  max: number,
  options: OpenDatabaseOptions,
): PostgresPool & { state: () => PoolState } {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
  });
  const lost = (error: Error) => options.onConnectionLost?.(error);
  pool.on('error', lost);
  // pg-pool listens on idle connections only; this one stays while a connection is checked out.
  pool.on('connect', (client) => client.on('error', () => {}));
  const clients = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  // One wrapper per pg client: Kysely keeps its connection objects by client.
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    const known = clients.get(client);
    if (known) return known;
    const query = (sql: string, parameters: readonly unknown[]) => marked(client.query(sql, [...parameters]));
    const wrapped = {
      get processID() {
        return (client as { processID?: number }).processID;
      },
      release: (destroy?: boolean) => client.release(destroy),
      query: query as unknown as PostgresPoolClient['query'],
    } as PostgresPoolClient;
    clients.set(client, wrapped);
    return wrapped;
  };
  return {
    connect: async () => wrap(await marked(pool.connect())),
    end: () => pool.end(),
    state: () => ({
      max,
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
  };
}

export function openDatabase(target: DatabaseTarget, options: OpenDatabaseOptions = {}): Db {
  if (target.kind === 'postgres') {
    const pool = resilientPool(target.url, target.poolSize ?? 10, options);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    poolStates.set(db, pool.state);
    return db;
  }
  if (target.kind === 'embedded') fs.mkdirSync(target.dir, { recursive: true });
  const dataDir = target.kind === 'embedded' ? target.dir : undefined;
  const pglite = new PGlite(dataDir, {
    parsers: { [INT8_OID]: (v: string) => Number(v), [NUMERIC_OID]: (v: string) => Number(v) },
  });
  return new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
}
