// Versioned migrations, applied in order at start; each file in migrations/ is one version.
import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database.ts';
import * as m0001 from './migrations/0001-initial.ts';
import * as m0002 from './migrations/0002-password-reset-and-mail.ts';
import * as m0003n from './migrations/0003-notifications.ts';
import * as m0004 from './migrations/0004-camera-browsing-indexes.ts';
import * as m0005 from './migrations/0005-video-pipeline.ts';
import * as m0006 from './migrations/0006-web-push.ts';
import * as m0007 from './migrations/0007-motion-alerts-and-debug.ts';
import * as m0008 from './migrations/0008-weather.ts';
import * as m0009 from './migrations/0009-motion-boxes.ts';
import * as m0010 from './migrations/0010-browse-version.ts';
import * as m0011 from './migrations/0011-operation-analysis.ts';
import * as m0012 from './migrations/0012-enter-alerts.ts';
import * as m0013 from './migrations/0013-download-time-zone.ts';
import * as m0014 from './migrations/0014-audit-log.ts';
import * as m0015 from './migrations/0015-unknown-login-failures.ts';
import * as m0016 from './migrations/0016-ip-allow-version.ts';
import * as m0017 from './migrations/0017-clip-tracks.ts';
import * as m0019 from './migrations/0019-people-passes.ts';
import * as m0018 from './migrations/0018-people-counter-setting.ts';
import * as m0020 from './migrations/0020-people-identities.ts';
import * as m0021 from './migrations/0021-entry-person.ts';
import * as m0022 from './migrations/0022-heatmap.ts';
import * as m0023 from './migrations/0023-heatmap-downloads.ts';
import * as m0024 from './migrations/0024-analysis-jobs.ts';
import * as m0025 from './migrations/0025-camera-list-counts.ts';
import * as m0026 from './migrations/0026-camera-video-bitrate.ts';
import * as m0027 from './migrations/0027-share-links.ts';
import * as m0028 from './migrations/0028-camera-events.ts';
import * as m0029 from './migrations/0029-camera-health.ts';
import * as m0030 from './migrations/0030-coverage-index.ts';

const migrations: Record<string, Migration> = {
  '0001-initial': m0001,
  '0002-password-reset-and-mail': m0002,
  '0003-notifications': m0003n,
  '0004-camera-browsing-indexes': m0004,
  '0005-video-pipeline': m0005,
  '0006-web-push': m0006,
  '0007-motion-alerts-and-debug': m0007,
  '0008-weather': m0008,
  '0009-motion-boxes': m0009,
  '0010-browse-version': m0010,
  '0011-operation-analysis': m0011,
  '0012-enter-alerts': m0012,
  '0013-download-time-zone': m0013,
  '0014-audit-log': m0014,
  '0015-unknown-login-failures': m0015,
  '0016-ip-allow-version': m0016,
  '0017-clip-tracks': m0017,
  '0019-people-passes': m0019,
  '0018-people-counter-setting': m0018,
  '0020-people-identities': m0020,
  '0021-entry-person': m0021,
  '0022-heatmap': m0022,
  '0023-heatmap-downloads': m0023,
  '0024-analysis-jobs': m0024,
  '0025-camera-list-counts': m0025,
  '0026-camera-video-bitrate': m0026,
  '0027-share-links': m0027,
  '0028-camera-events': m0028,
  '0029-camera-health': m0029,
  '0030-coverage-index': m0030,
};

/** Every migration's name, in the order they apply. */
export const migrationNames = Object.keys(migrations).sort();

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider,
    migrationTableName: 'schema_migrations',
    migrationLockTableName: 'schema_migrations_lock',
    // Numbers are handed out to parallel work, so a lower one can land after a higher one was applied.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error)
    throw new Error(`database migration failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
