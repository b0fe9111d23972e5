// Kysely on embedded PGlite. Kysely 0.29 ships such a dialect but needs Node 22, and we run on Node 20.19:
// this is the same behaviour for Kysely 0.28. PGlite is one connection in this process, so every query uses
// it; a transaction is PGlite's own exclusive transaction, which also holds back queries from elsewhere.
import type { PGlite, Transaction } from '@electric-sql/pglite';
import {
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
} from 'kysely';

class PGliteConnection implements DatabaseConnection {
  private transaction: Transaction | null = null;
  private endTransaction: ((commit: boolean) => void) | null = null;
  private transactionDone: Promise<unknown> | null = null;

  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const { affectedRows, rows } = await (this.transaction ?? this.pglite).query<R>(
      compiled.sql,
      [...compiled.parameters],
      { rowMode: 'object' },
    );
    return {
      rows: rows ?? [],
      ...(affectedRows != null ? { numAffectedRows: BigInt(affectedRows) } : {}),
    };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite does not stream query results');
  }

  async begin(): Promise<void> {
    let begun!: () => void;
    const hasBegun = new Promise<void>((resolve) => (begun = resolve));
    const decided = new Promise<boolean>((resolve) => (this.endTransaction = resolve));
    this.transactionDone = this.pglite.transaction(async (tx) => {
      this.transaction = tx;
      begun();
      // A rollback is a throw out of PGlite's transaction callback.
      if (!(await decided)) throw new RolledBack();
    });
    // A transaction that could not start fails the begin, not a later commit.
    await Promise.race([hasBegun, this.transactionDone]);
  }

  async end(commit: boolean): Promise<void> {
    this.endTransaction?.(commit);
    try {
      await this.transactionDone;
    } catch (error) {
      if (!(error instanceof RolledBack)) throw error;
    } finally {
      this.transaction = null;
      this.endTransaction = null;
      this.transactionDone = null;
    }
  }
}

class RolledBack extends Error {}

/**
 * One user of the connection at a time, as Kysely 0.29's dialect does: Kysely holds a connection for a query
 * or for a whole transaction, and the connection's transaction state belongs to that holder. Without it, a
 * second transaction begun while one is open took over the first's state (the first never committed, both
 * waited for ever), and a query from elsewhere ran inside someone else's transaction.
 */
class ConnectionMutex {
  private held: Promise<void> | null = null;
  private release: (() => void) | null = null;

  async lock(): Promise<void> {
    while (this.held) await this.held;
    this.held = new Promise<void>((resolve) => (this.release = resolve));
  }

  unlock(): void {
    const release = this.release;
    this.held = null;
    this.release = null;
    release?.();
  }
}

class PGliteDriver implements Driver {
  private readonly connection: PGliteConnection;
  private readonly mutex = new ConnectionMutex();

  constructor(private readonly pglite: PGlite) {
    this.connection = new PGliteConnection(pglite);
  }

  async init(): Promise<void> {
    await this.pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.mutex.lock();
    return this.connection;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PGliteConnection).begin();
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PGliteConnection).end(true);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PGliteConnection).end(false);
  }

  async releaseConnection(): Promise<void> {
    // The one connection stays; the next holder may have it.
    this.mutex.unlock();
  }

  async destroy(): Promise<void> {
    if (!this.pglite.closed) await this.pglite.close();
  }
}

/** PostgreSQL's, but the one connection is already exclusive to the migrator while it runs. */
class PGliteAdapter extends PostgresAdapter {
  override async acquireMigrationLock(): Promise<void> {}
  override async releaseMigrationLock(): Promise<void> {}
}

export class PGliteDialect implements Dialect {
  constructor(private readonly config: { pglite: PGlite }) {}

  createAdapter(): DialectAdapter {
    return new PGliteAdapter();
  }

  createDriver(): Driver {
    return new PGliteDriver(this.config.pglite);
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }
}
