// Builds the Fastify app from the modules. The only file that registers routes.
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { errorShapeOptions, registerErrorHandling } from './http/errors.ts';
import { registerOriginCheck } from './http/origin-check.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerRequestLog } from './http/request-log.ts';
import { registerWebApp } from './http/web-app.ts';
import { InFlight } from './http/in-flight.ts';
import { proxyTrustOf } from './http/proxy-trust.ts';
import type { ServeContext } from './http/serve.ts';
import { sessionTokenOf } from './http/session-cookie.ts';
import { registerAuthRoutes } from './modules/auth/auth.routes.ts';
import { registerSettingsRoutes } from './modules/settings/settings.routes.ts';
import { registerFeedbackRoutes } from './modules/feedback/feedback.routes.ts';
import { registerMotionAlertRoutes } from './modules/motion-alerts/motion-alert.routes.ts';
import { registerOperationAnalysisRoutes } from './modules/operation-analysis/operation-analysis.routes.ts';
import { registerPeopleCounterSettingRoutes } from './modules/people-counter/people-counter-setting.routes.ts';
import { registerEnterAlertRoutes } from './modules/entry-detection/entry-detection.routes.ts';
import { registerHeatmapRoutes } from './modules/heatmap/heatmap.routes.ts';
import { registerPeopleCountRoutes } from './modules/people-counter/people-count.routes.ts';
import { registerDebugRoutes } from './modules/debug/debug.routes.ts';
import { registerTagRoutes } from './modules/tags/tag.routes.ts';
import { registerCameraRoutes } from './modules/cameras/camera.routes.ts';
import { registerCameraVideoSettingsRoutes } from './modules/cameras/camera-video-settings.routes.ts';
import { registerCameraHealthRoutes } from './modules/camera-health/health-report.routes.ts';
import { registerLocationRoutes } from './modules/locations/location.routes.ts';
import { registerWeatherRoutes } from './modules/weather/weather.routes.ts';
import { registerNotificationRoutes } from './modules/notifications/notification.routes.ts';
import { registerPushRoutes } from './modules/push/push.routes.ts';
import { registerChildUserRoutes } from './modules/child-users/child-user.routes.ts';
import { registerReleaseRoutes } from './modules/releases/release.routes.ts';
import { registerLiveRoutes } from './modules/live/live.routes.ts';
import { registerDownloadRoutes } from './modules/downloads/download.routes.ts';
import { registerShareLinkRoutes } from './modules/share-links/share-link.routes.ts';
import { registerHeatmapDownloadRoutes } from './modules/heatmap-downloads/heatmap-download.routes.ts';
import { registerPersonTrackingRoutes } from './modules/person-tracking/person-tracking.routes.ts';
import { registerAuditRoutes } from './modules/audit/audit.routes.ts';
import { registerCameraEventRoutes } from './modules/events/camera-event.routes.ts';
import { registerControlChannel } from './realtime/control.routes.ts';
import { registerPasswordResetRoutes } from './modules/password-reset/password-reset.routes.ts';
import { resetLinkOrigins } from './modules/password-reset/reset-link-origins.ts';
import { registerIngestRoutes } from './ingest/ingest.routes.ts';
import { registerMediaRoutes } from './modules/media/media.routes.ts';
import { registerArchiveRoutes } from './modules/archives/archive.routes.ts';
import { registerLiveFmp4Route, registerStreamingRoutes } from './modules/streaming/streaming.routes.ts';
import { createObservability } from './observability/observability.ts';
import { connectCluster } from './realtime/cluster.ts';
import type { Metrics } from './observability/metrics.ts';
import { registerObservabilityRoutes } from './observability/observability.routes.ts';
import { createServices, loadServiceSecrets, type Services } from './services.ts';
import { APP_VERSION } from '@camwatch/contract/constants';

export interface BuildAppOptions {
  config: Config;
  db: Db;
  /** A pino logger; none means silent (tests). */
  logger?: FastifyBaseLogger;
  /** The built web app to serve; none in API-only tests. */
  webDistDir?: string;
}

export interface App {
  app: FastifyInstance;
  services: Services;
  /** Every route registered, as `METHOD /path`; what the OpenAPI test checks against the contract. */
  routes: string[];
  /** Handlers still running; shutdown waits for them before closing the database. */
  inFlight: InFlight;
  /** This node's metrics (GET /metrics; main.ts serves them on METRICS_PORT too). */
  metrics: Metrics;
}

export async function buildApp({ config, db, logger, webDistDir }: BuildAppOptions): Promise<App> {
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    // request-log.ts writes the lines worth reading instead of Fastify's two per request.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: proxyTrustOf(config.trustProxy),
    bodyLimit: config.bodyLimitBytes,
    // Signed media tokens (api/media/:token) run to a few hundred characters; the default limit is 100.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 1024 },
    ...errorShapeOptions,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('auth', null);
  const routes: string[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push(`${method} ${route.url}`);
  });
  // The API speaks JSON; anything else is refused with 415 rather than read as a string.
  app.removeContentTypeParser('text/plain');

  registerErrorHandling(app);
  registerRequestLog(app, config.slowRequestMs);
  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  await app.register(fastifyCookie);
  await registerSecurityHeaders(app, config);
  await app.register(fastifyRateLimit, { global: false });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'CamWatch API',
        description:
          'The calls of the CamWatch web client. Errors: 400 `{ errors: { field: [message] }, codes: { field: [reason] } }` (a machine-readable reason per message); others `{ error: { code, message, reason? } }`.',
        version: APP_VERSION,
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'cw_session' },
          device: { type: 'http', scheme: 'bearer', description: 'device token of a camera agent' },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  registerOriginCheck(app, config.publicOrigin);

  const services = createServices(config, db, await loadServiceSecrets(config, db), logger);
  const inFlight = new InFlight();
  const ctx: ServeContext = {
    app,
    inFlight,
    resolveSession: (request) => services.auth.resolveSession(sessionTokenOf(request), request.ip),
    resolveDevice: (authorization) => services.deviceAuth.resolve(authorization),
    audit: services.audit,
  };
  registerAuthRoutes(ctx, { auth: services.auth, appKeys: services.appKeys, config });
  registerSettingsRoutes(ctx, config);
  registerTagRoutes(ctx, services.tags);
  registerCameraRoutes(ctx, services.cameras);
  registerCameraVideoSettingsRoutes(ctx, services.cameraVideoSettings);
  registerCameraHealthRoutes(ctx, services.cameraHealthReport);
  registerLocationRoutes(ctx, services.locations);
  registerWeatherRoutes(ctx, services.weather);
  registerFeedbackRoutes(ctx, services.feedback);
  registerMotionAlertRoutes(ctx, services.motionAlerts);
  registerOperationAnalysisRoutes(ctx, services.operationAnalysis);
  registerPeopleCounterSettingRoutes(ctx, services.peopleCounterSetting);
  registerEnterAlertRoutes(ctx, services.enterAlerts);
  registerPeopleCountRoutes(ctx, services.peopleCounts);
  registerHeatmapRoutes(ctx, services.heatmaps);
  registerDebugRoutes(ctx, services.debug);
  registerNotificationRoutes(ctx, services.notifications);
  registerPushRoutes(ctx, services.push);
  registerChildUserRoutes(ctx, services.childUsers);
  registerReleaseRoutes(ctx, services.releases);
  registerIngestRoutes(ctx, services.ingest);
  registerMediaRoutes(ctx, services.media);
  registerArchiveRoutes(ctx, services.archives, services.snapshots);
  registerLiveRoutes(ctx, services.live);
  registerStreamingRoutes(ctx, services.streaming);
  registerDownloadRoutes(ctx, services.downloads);
  registerShareLinkRoutes(ctx, services.shareLinks, { perMinute: config.shareLinks.rateLimitPerMinute });
  registerHeatmapDownloadRoutes(ctx, services.heatmapDownloads);
  registerPersonTrackingRoutes(ctx, services.personTracking);
  registerAuditRoutes(ctx, services.auditLog);
  registerCameraEventRoutes(ctx, services.cameraEvents);
  await registerControlChannel(ctx, {
    hub: services.hub,
    ingest: services.ingest,
    onFmp4: (cameraId, message) => {
      services.liveFmp4.put(cameraId, message);
      services.hub.relayFor('stream', cameraId)?.publishFmp4(cameraId, message);
    },
  });
  await registerLiveFmp4Route(ctx, services.streaming, services.liveFmp4);
  registerPasswordResetRoutes(ctx, services.passwordResets, {
    linkOrigins: resetLinkOrigins(config),
    perMinute: config.login.resetRateLimitPerMinute,
  });
  // REDIS_URL: commands for agents connected to other api nodes, and live media for viewers on other nodes,
  // travel through Redis (realtime/cluster.ts).
  const cluster = connectCluster(config, services, logger);
  const bus = cluster?.bus ?? null;
  if (cluster) app.addHook('onClose', async () => cluster.close());
  // /healthz, /readyz, /metrics, and the request counts of every route above.
  const observability = createObservability({ db, blobs: services.blobs, hub: services.hub, bus });
  registerObservabilityRoutes(app, { ...observability, metricsToken: config.metrics.token });
  app.addHook('onClose', (_instance, done) => {
    services.scheduler.stop();
    done();
  });
  app.addHook('onClose', async () => services.hub.close());
  app.addHook('onClose', async () => {
    await services.visionRunner.close();
    await services.analysisJobs.close();
  });
  if (webDistDir) await registerWebApp(app, webDistDir);

  await app.ready();
  return { app, services, routes, inFlight, metrics: observability.metrics };
}
