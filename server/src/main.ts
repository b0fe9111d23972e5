// Entry point: `node server/src/main.ts [api|worker|all]` (default all, or SERVER_ROLE).
// api serves HTTP; worker runs the background jobs (job-handlers.ts) and the camera health check; all does
// both in one process.
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import closeWithGrace from 'close-with-grace';
import { createLogger } from './lib/logger.ts';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { openConfiguredDatabase } from './db/open-configured.ts';
import { seedDemoIfWanted } from './db/seed/demo-seed.ts';
import { FailureLog } from './lib/failure-log.ts';
import { demoCustomer } from './db/seed/demo-account.ts';
import { startEmbeddedAgents, wantsSimulatedCameras } from './sim/embedded-agents.ts';
import { closeLauncher } from './video/launcher.ts';
import { HEALTH_CHECK_EVERY_MS, HEALTH_CHECK_LEASE_MS } from './realtime/camera-health.ts';
import { clusterLease } from './jobs/cluster-lease.ts';
import { createObservability } from './observability/observability.ts';
import { startMetricsServer } from './observability/metrics-server.ts';
import { createServices, loadServiceSecrets } from './services.ts';
import { cleanTempLeftovers, processTempDir } from './storage/temp-dir.ts';

/** The web app built by `npm run build -w web` (WEB_DIST_DIR points elsewhere, e.g. one build per e2e run). */
const WEB_DIST_DIR = process.env.WEB_DIST_DIR
  ? path.resolve(process.env.WEB_DIST_DIR)
  : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

const roles = ['api', 'worker', 'all'] as const;
type Role = (typeof roles)[number];

function parseRole(): Role {
  const value =
    process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? process.env.SERVER_ROLE ?? 'all';
  if (!(roles as readonly string[]).includes(value)) {
    console.error(`Unknown role "${value}". Use one of: ${roles.join(', ')}.`);
    process.exit(2);
  }
  return value as Role;
}

async function main(): Promise<void> {
  const role = parseRole();
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const logger = createLogger({ level: config.logLevel, format: config.logFormat, role });
  const started = Date.now();

  // Pooled connections the database ends (restart, failover, pg_terminate_backend) are replaced by the pool;
  // requests meanwhile answer 503 database_unavailable. Logged once a minute at most.
  const lostConnections = new FailureLog(logger.child({ component: 'db' }), 'database connection');
  let database;
  try {
    database = await openConfiguredDatabase(config, {
      onConnectionLost: (err) => lostConnections.failed(err),
    });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      logger.fatal(error.message);
      process.exit(1);
    }
    throw error;
  }
  const { db } = database;
  if (database.appliedMigrations.length > 0)
    logger.info({ migrations: database.appliedMigrations }, 'database migrated');
  logger.info(
    { database: config.database.kind === 'embedded' ? config.database.dir : 'postgres' },
    'database ready',
  );
  await seedDemoIfWanted(db, config, logger);
  // Uploads a crash cut off, and other temporary files of earlier runs.
  const removedTemp = await cleanTempLeftovers(config.dataDir);
  if (removedTemp.length > 0)
    logger.info({ removed: removedTemp }, 'temporary files of earlier runs removed');
  // Every temporary file of this process (media jobs, HLS segments, downloads, ffmpeg's own) goes to its
  // folder under DATA_DIR/tmp through os.tmpdir(), so the next start finds what a crash left.
  process.env.TMPDIR = processTempDir(config.dataDir);
  await fs.mkdir(process.env.TMPDIR, { recursive: true });

  const web =
    role === 'worker'
      ? null
      : await buildApp({ config, db, logger: logger.child({ component: 'http' }), webDistDir: WEB_DIST_DIR });
  const workerServices =
    web?.services ?? createServices(config, db, await loadServiceSecrets(config, db), logger);
  const healthLogger = logger.child({ component: 'health' });
  const stopHealth =
    role === 'api'
      ? () => {}
      : workerServices.scheduler.every(
          'camera health check',
          HEALTH_CHECK_EVERY_MS,
          async () => {
            const flips = await workerServices.cameraHealth.check();
            if (flips.length > 0) healthLogger.info({ flips }, 'camera status changed');
          },
          // One worker of the cluster checks (docs/operations.md, "Several server processes").
          { lease: clusterLease(db, config.database.kind, 'camera-health', HEALTH_CHECK_LEASE_MS) },
        );
  // Background jobs (motion detection, retention, housekeeping): any number of worker processes may run them.
  const jobWorker = role === 'api' ? null : workerServices.jobs;
  jobWorker?.start();
  // Web push delivery has its own queue so a long media job never holds a push back.
  const pushWorker = role === 'api' ? null : workerServices.pushQueue;
  pushWorker?.start();
  // The vision engine's analyses too: a clip's seconds of CPU never hold motion detection or downloads back.
  const visionWorker = role === 'api' ? null : workerServices.visionJobs;
  visionWorker?.start();
  // Analyses of a period (person tracking, operation analysis): minutes each, on their own queue.
  const analysisWorker = role === 'api' ? null : workerServices.analysisQueue;
  analysisWorker?.start();
  if (web) {
    await web.app.listen({ port: config.port, host: config.host });
    logger.info({ ms: Date.now() - started }, `CamWatch ${role} ready at http://localhost:${config.port}`);
  }
  // METRICS_PORT: the metrics on an internal port (a worker has no other; docs/features/observability.md).
  const metricsServer = config.metrics.port
    ? await startMetricsServer(
        web?.metrics ??
          createObservability({ db, blobs: workerServices.blobs, hub: workerServices.hub }).metrics,
        config.metrics.port,
        config.metrics.host,
      )
    : null;
  if (metricsServer) logger.info(`metrics at http://${config.metrics.host}:${metricsServer.port}/metrics`);
  let stopSims: () => Promise<void> = async () => {};
  if (
    web &&
    role === 'all' &&
    wantsSimulatedCameras(config.simulatedCameras, config.database.kind, process.argv)
  ) {
    const address = web.app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    stopSims = await startEmbeddedAgents({
      db,
      deviceAuth: web.services.deviceAuth,
      serverUrl: `http://127.0.0.1:${port}`,
      dataDir: config.dataDir,
      customerCode: demoCustomer.code,
      logger,
    });
  }

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) logger.error({ err }, 'shutting down after an error');
    else logger.info({ signal }, 'shutting down');
    await stopSims();
    stopHealth();
    await metricsServer?.close();
    if (web) {
      await web.app.close();
      if (!(await web.inFlight.idle(8_000)))
        logger.warn({ running: web.inFlight.size }, 'handlers still running at shutdown');
    }
    await jobWorker?.stop();
    await pushWorker?.stop();
    await visionWorker?.stop();
    await analysisWorker?.stop();
    workerServices.scheduler.stop();
    await closeLauncher();
    await database.close();
  });
}

await main();
