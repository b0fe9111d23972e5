// Opens the configured database (locking the embedded data directory) and brings its schema up to date.
import type { Config } from '../config.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { openDatabase, type Db, type OpenDatabaseOptions } from './database.ts';
import { migrateToLatest } from './migrate.ts';

export interface OpenedDatabase {
  db: Db;
  appliedMigrations: string[];
  close: () => Promise<void>;
}

export async function openConfiguredDatabase(
  config: Config,
  options: OpenDatabaseOptions = {},
): Promise<OpenedDatabase> {
  const release = config.database.kind === 'embedded' ? lockDataDir(config.database.dir) : () => {};
  try {
    const db = openDatabase(config.database, options);
    const appliedMigrations = await migrateToLatest(db);
    return {
      db,
      appliedMigrations,
      close: async () => {
        await db.destroy();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
