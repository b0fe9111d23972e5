// Wires repositories into services once per process; routes, the CLI and the seed share them.
import os from 'node:os';
import type { Config } from './config.ts';
import type { Logger } from 'pino';
import type { Db } from './db/database.ts';
import { MailRepository } from './mail/mail.repository.ts';
import { Mailer } from './mail/mailer.ts';
import { NotificationRepository } from './modules/notifications/notification.repository.ts';
import { NotificationService } from './modules/notifications/notification.service.ts';
import { PasswordResetRepository } from './modules/password-reset/password-reset.repository.ts';
import { PasswordResetService } from './modules/password-reset/password-reset.service.ts';
import { AppKeyRepository } from './modules/auth/app-key.repository.ts';
import { AppKeyService } from './modules/auth/app-key.service.ts';
import { AuthService } from './modules/auth/auth.service.ts';
import { IpAllowRepository } from './modules/auth/ip-allow.repository.ts';
import { IpAllowCache } from './modules/auth/ip-allow-cache.ts';
import { UnknownLoginRepository } from './modules/auth/unknown-login.repository.ts';
import { SessionRepository } from './modules/auth/session.repository.ts';
import { CustomerRepository } from './modules/customers/customer.repository.ts';
import { UserRepository } from './modules/users/user.repository.ts';
import { UserService } from './modules/users/user.service.ts';
import { FeedbackRepository } from './modules/feedback/feedback.repository.ts';
import { FeedbackService } from './modules/feedback/feedback.service.ts';
import { TagRepository } from './modules/tags/tag.repository.ts';
import { TagService } from './modules/tags/tag.service.ts';
import { CameraRepository } from './modules/cameras/camera.repository.ts';
import { CameraService } from './modules/cameras/camera.service.ts';
import { LocationRepository } from './modules/locations/location.repository.ts';
import { LocationService } from './modules/locations/location.service.ts';
import { WeatherRepository } from './modules/weather/weather.repository.ts';
import { WeatherService } from './modules/weather/weather.service.ts';
import { ChildUserRepository } from './modules/child-users/child-user.repository.ts';
import { ChildUserService } from './modules/child-users/child-user.service.ts';
import { ReleaseRepository } from './modules/releases/release.repository.ts';
import { ReleaseService } from './modules/releases/release.service.ts';
import { MotionAlertRepository } from './modules/motion-alerts/motion-alert.repository.ts';
import { MotionAlertService } from './modules/motion-alerts/motion-alert.service.ts';
import { OperationAnalysisRepository } from './modules/operation-analysis/operation-analysis.repository.ts';
import {
  OperationAnalysisService,
  operationAnalysisHandler,
} from './modules/operation-analysis/operation-analysis.service.ts';
import { CameraVideoSettingsRepository } from './modules/cameras/camera-video-settings.repository.ts';
import { CameraVideoSettingsService } from './modules/cameras/camera-video-settings.service.ts';
import { HealthReportRepository } from './modules/camera-health/health-report.repository.ts';
import { HealthReportService } from './modules/camera-health/health-report.service.ts';
import { PeopleCounterSettingRepository } from './modules/people-counter/people-counter-setting.repository.ts';
import { PeopleCounterSettingService } from './modules/people-counter/people-counter-setting.service.ts';
import { EnterAlertRepository } from './modules/entry-detection/entry-detection.repository.ts';
import { EnterAlertService } from './modules/entry-detection/entry-detection.service.ts';
import { HeatmapAnalysis } from './modules/heatmap/heatmap-analysis.ts';
import { HeatmapRepository } from './modules/heatmap/heatmap.repository.ts';
import { HeatmapService } from './modules/heatmap/heatmap.service.ts';
import { PeopleCountRepository } from './modules/people-counter/people-count.repository.ts';
import { PeopleCountService } from './modules/people-counter/people-count.service.ts';
import { DebugRepository } from './modules/debug/debug.repository.ts';
import { DebugService } from './modules/debug/debug.service.ts';
import { DeviceAuth } from './ingest/device-auth.ts';
import { DeviceTokenRepository } from './ingest/device-token.repository.ts';
import { ClipRepository } from './ingest/clip.repository.ts';
import { DeviceCameraRepository } from './ingest/device-camera.repository.ts';
import { IngestService } from './ingest/ingest.service.ts';
import { ThumbnailRepository } from './ingest/thumbnail.repository.ts';
import { ffprobeRunner } from './video/probe.ts';
import { MediaService } from './modules/media/media.service.ts';
import { createBlobStore } from './storage/create-blob-store.ts';
import { MediaSigner } from './storage/signed-url.ts';
import { AgentHub, LIVE_EXPIRY_EVERY_MS } from './realtime/agent-hub.ts';
import { CameraHealth } from './realtime/camera-health.ts';
import { CameraHealthRepository } from './realtime/camera-health.repository.ts';
import { LiveRepository } from './modules/live/live.repository.ts';
import { LiveService } from './modules/live/live.service.ts';
import { ensureSecret } from './storage/secrets.ts';
import { SettingsRepository } from './modules/settings/settings.repository.ts';
import { processTempDir } from './storage/temp-dir.ts';
import { JobRepository } from './jobs/job.repository.ts';
import { JobQueue } from './jobs/queue.ts';
import { JobRegistry, analysisJobKinds, visionJobKinds } from './jobs/registry.ts';
import { Scheduler } from './jobs/scheduler.ts';
import { registerJobHandlers, type JobServices } from './job-handlers.ts';
import { createRecordedMedia } from './modules/archives/recorded-media.ts';
import { createDownloads } from './modules/downloads/downloads.ts';
import { ShareLinkRepository } from './modules/share-links/share-link.repository.ts';
import { ShareLinkService } from './modules/share-links/share-link.service.ts';
import { createHeatmapDownloads } from './modules/heatmap-downloads/heatmap-downloads.ts';
import { createStreaming } from './modules/streaming/streaming.ts';
import { createPush } from './modules/push/push.ts';
import { loadVapidKeys, type VapidKeys } from './modules/push/vapid-keys.ts';
import { createAudit } from './modules/audit/audit.ts';
import { CameraEventRepository } from './modules/events/camera-event.repository.ts';
import { CameraEventService } from './modules/events/camera-event.service.ts';
import { VisionRepository } from './modules/vision/vision.repository.ts';
import { VisionService } from './modules/vision/vision.service.ts';
import { VisionProcess } from './vision/vision-process.ts';
import { PeopleCountAnalysis } from './modules/people-counter/people-count-analysis.service.ts';
import { EntryTracksConsumer } from './modules/entry-detection/entry-tracks-consumer.ts';
import { createAnalysisJobs } from './modules/analysis-jobs/analysis-jobs.ts';
import { AnalysisJobService } from './modules/analysis-jobs/analysis-job.service.ts';
import { PersonTrackingRepository } from './modules/person-tracking/person-tracking.repository.ts';
import {
  PersonTrackingService,
  personTrackingHandler,
} from './modules/person-tracking/person-tracking.service.ts';

export interface ServiceSecrets {
  /** Key of the signed media addresses (storage/secrets.ts keeps one in the database). */
  mediaSigningSecret: Buffer;
  /** The web push key pair (modules/push/vapid-keys.ts keeps one in the database). */
  vapidKeys: VapidKeys;
}

export function createServices(
  config: Pick<
    Config,
    | 'session'
    | 'login'
    | 'mail'
    | 'environmentMode'
    | 'blobs'
    | 'media'
    | 'health'
    | 'push'
    | 'experimentalFeatures'
    | 'cameraListCacheMs'
    | 'motionAlerts'
    | 'enterAlerts'
    | 'feedback'
    | 'database'
    | 'logLevel'
    | 'trustProxy'
    | 'publicOrigin'
    | 'dataDir'
    | 'audit'
    | 'vision'
    | 'jobs'
  >,
  db: Db,
  secrets: ServiceSecrets,
  logger?: Pick<Logger, 'info' | 'error'>,
) {
  const blobs = createBlobStore(config.blobs);
  const mediaSigner = new MediaSigner(secrets.mediaSigningSecret, config.media.urlTtlMs);
  // Everything periodic in this process (recurring jobs' ticks, live expiry, the health check in workers).
  const scheduler = new Scheduler(logger);
  const hub = new AgentHub();
  scheduler.every('live expiry', LIVE_EXPIRY_EVERY_MS, () => hub.expireUnrenewed());
  const live = new LiveService(new LiveRepository(db), hub, config.experimentalFeatures);
  const cameraHealth = new CameraHealthRepository(db);
  const userRepository = new UserRepository(db);
  const sessions = new SessionRepository(db);
  const appKeyRepository = new AppKeyRepository(db);
  const ipAllow = new IpAllowRepository(db);
  const customers = new CustomerRepository(db);
  const mailer = new Mailer(new MailRepository(db), config.mail, logger);
  const cameraRepository = new CameraRepository(db);
  const jobs = new JobQueue(new JobRepository(db), new JobRegistry(), {
    logger,
    scheduler,
    leaseMs: config.jobs.leaseMs,
  });
  const push = createPush({ db, config: config.push, vapidKeys: secrets.vapidKeys, logger, scheduler });
  const notifications = new NotificationService(new NotificationRepository(db));
  const motionAlerts = new MotionAlertService(
    new MotionAlertRepository(db),
    notifications,
    config.motionAlerts.cooldownMs,
  );
  const recorded = createRecordedMedia({
    db,
    blobs,
    mediaSigner,
    urlTtlMs: config.media.urlTtlMs,
    jobs,
    onMotion: (motion) => motionAlerts.motionFound(motion),
  });
  const enterAlerts = new EnterAlertService(new EnterAlertRepository(db), config.environmentMode, {
    blobs,
    jobs,
    notifications,
    cooldownMs: config.enterAlerts.cooldownMs,
    ffmpegPath: config.media.ffmpegPath,
  });
  const visionRunner = new VisionProcess({ background: config.vision.backgroundPriority });
  // Its own queue: one analysis at a time, never in the way of motion detection or downloads.
  const visionJobs = new JobQueue(new JobRepository(db), new JobRegistry(visionJobKinds), {
    logger,
    scheduler,
    leaseMs: config.jobs.leaseMs,
  });
  const vision = new VisionService(new VisionRepository(db), {
    blobs,
    jobs: visionJobs,
    runner: visionRunner,
    environmentMode: config.environmentMode,
    ffmpegPath: config.media.ffmpegPath,
    ffprobePath: config.media.ffprobePath,
  });
  // The analytics that read the engine's tracks of each clip.
  vision.onTracks(new PeopleCountAnalysis(db));
  vision.onTracks(new EntryTracksConsumer(enterAlerts));
  const heatmapRepository = new HeatmapRepository(db);
  vision.onTracks(new HeatmapAnalysis(heatmapRepository));
  const heatmaps = new HeatmapService(heatmapRepository, recorded.mediaUrls);
  // TLT analyses of a period (person tracking, operation analysis): their own queue, one analysis at a time,
  // through the same vision process as the per-clip jobs.
  const analysisQueue = new JobQueue(new JobRepository(db), new JobRegistry(analysisJobKinds), {
    logger,
    scheduler,
  });
  const analysisJobs = createAnalysisJobs({
    db,
    blobs,
    vision: visionRunner,
    // One more engine process per further core (at most one: the machine has 2), for operation analysis.
    extraVision: Array.from(
      { length: Math.min(2, os.availableParallelism()) - 1 },
      () => new VisionProcess({ background: config.vision.backgroundPriority }),
    ),
    queue: analysisQueue,
    environmentMode: config.environmentMode,
    ffmpegPath: config.media.ffmpegPath,
    ffprobePath: config.media.ffprobePath,
  });
  analysisJobs.runner.register(personTrackingHandler);
  analysisJobs.runner.register(operationAnalysisHandler);
  const analyses = new AnalysisJobService({ jobs: analysisJobs.repository, enqueue: analysisJobs.enqueue });
  const audit = createAudit({ db, retentionDays: config.audit.retentionDays, logger });
  const downloads = createDownloads({ db, blobs, mediaSigner, jobs, ffmpegPath: config.media.ffmpegPath });
  const heatmapDownloads = createHeatmapDownloads({
    db,
    blobs,
    mediaSigner,
    jobs,
    // The batch's images are drawn from the heat the heat map screen shows.
    heatmaps,
  });
  const streams = createStreaming({
    db,
    blobs,
    hub,
    mediaSigningSecret: secrets.mediaSigningSecret,
    ffmpegPath: config.media.ffmpegPath,
  });
  const jobServices: JobServices = {
    db,
    motion: recorded.motion,
    retention: recorded.retention,
    enterAlerts,
    vision,
    downloads,
    heatmapDownloads,
    analysisJobs,
    auditRetention: audit.retention,
    push,
    logger,
  };
  registerJobHandlers({ jobs, visionJobs, pushQueue: push.queue, analysisJobs: analysisQueue }, jobServices);
  return {
    auth: new AuthService({
      config,
      users: userRepository,
      sessions,
      appKeys: appKeyRepository,
      ipAllow,
      customers,
      unknownLogins: new UnknownLoginRepository(db),
      ipAllowCache: new IpAllowCache(ipAllow),
    }),
    appKeys: new AppKeyService(appKeyRepository, userRepository),
    users: new UserService(userRepository, sessions),
    ipAllow,
    tags: new TagService(new TagRepository(db)),
    cameras: new CameraService(
      cameraRepository,
      config.environmentMode,
      recorded.mediaUrls,
      config.cameraListCacheMs,
    ),
    locations: new LocationService(
      new LocationRepository(db),
      cameraRepository,
      config.environmentMode,
      recorded.mediaUrls,
    ),
    weather: new WeatherService(new WeatherRepository(db)),
    feedback: new FeedbackService(new FeedbackRepository(db), { mailer, to: config.feedback.mailTo }),
    passwordResets: new PasswordResetService({
      users: userRepository,
      sessions,
      tokens: new PasswordResetRepository(db),
      mailer,
    }),
    mailer,
    notifications,
    motionAlerts,
    enterAlerts,
    operationAnalysis: new OperationAnalysisService(
      new OperationAnalysisRepository(db),
      config.environmentMode,
      analyses,
    ),
    peopleCounterSetting: new PeopleCounterSettingService(new PeopleCounterSettingRepository(db)),
    cameraVideoSettings: new CameraVideoSettingsService(new CameraVideoSettingsRepository(db), hub),
    cameraHealthReport: new HealthReportService(new HealthReportRepository(db)),
    peopleCounts: new PeopleCountService(new PeopleCountRepository(db)),
    heatmaps,
    personTracking: new PersonTrackingService({
      repo: new PersonTrackingRepository(db),
      analyses,
      urls: recorded.mediaUrls,
      environmentMode: config.environmentMode,
    }),
    debug: new DebugService(new DebugRepository(db), config),
    childUsers: new ChildUserService(new ChildUserRepository(db), sessions, appKeyRepository),
    releases: new ReleaseService(new ReleaseRepository(db)),
    deviceAuth: new DeviceAuth(new DeviceTokenRepository(db)),
    ingest: new IngestService({
      clips: new ClipRepository(db),
      thumbnails: new ThumbnailRepository(db),
      cameras: new DeviceCameraRepository(db),
      blobs,
      probe: ffprobeRunner(config.media.ffprobePath),
      uploadDir: processTempDir(config.dataDir),
      isLiveWanted: (cameraId) => hub.answersWanted('live', cameraId),
      isStreamWanted: (cameraId) => hub.answersWanted('stream', cameraId),
      onStill: (cameraId, data, capturedAt) => live.putStill(cameraId, data, capturedAt),
      onLiveSegment: (cameraId, segment) =>
        streams.liveStreams.put(cameraId, {
          agentSequence: segment.sequence,
          durationMs: segment.durationMs,
          discontinuity: segment.discontinuity,
          data: segment.data,
        }),
      onClipStored: async (clip) => {
        await recorded.motion.enqueueFor(clip.id);
        // Entry detection runs on the vision job's person tracks (EntryTracksConsumer), no longer on its own.
        await vision.enqueueFor(clip.id);
      },
      logger,
    }),
    media: new MediaService(mediaSigner, blobs),
    hub,
    live,
    cameraHealthRepository: cameraHealth,
    cameraHealth: new CameraHealth(cameraHealth, new NotificationRepository(db), config.health.downAfterMs),
    blobs,
    mediaSigner,
    jobs,
    push: push.service,
    /** Web push delivery: its own queue, started by worker roles next to `jobs`. */
    pushQueue: push.queue,
    pushDelivery: push.delivery,
    ...recorded,
    downloads: downloads.service,
    /** Shareable clip links (issue 22); one that allows download asks for an archive download. */
    shareLinks: new ShareLinkService({
      links: new ShareLinkRepository(db),
      blobs,
      requestDownload: (auth, cameraCode, body) => downloads.service.request(auth, cameraCode, body),
    }),
    heatmapDownloads: heatmapDownloads.service,
    ...streams,
    /** Records audit events (other modules' routes, the CLI). */
    audit: audit.recorder,
    auditLog: audit.reader,
    /** The events page: camera events of the customer, reviewed marks. */
    cameraEvents: new CameraEventService(new CameraEventRepository(db), recorded.mediaUrls),
    auditRetention: audit.retention,
    /** The vision engine's jobs; `visionRunner` is its process, stopped with the app. */
    vision,
    visionRunner,
    /** The vision jobs' queue, started by worker roles next to `jobs`. */
    visionJobs,
    /** The analysis jobs' queue (person tracking, operation analysis), started by worker roles next to `jobs`. */
    analysisQueue,
    /** The shared base of analysis jobs: the runner each kind registers with, the repository, enqueue. */
    analysisJobs,
    /** Runs what this process does periodically; stopped with the app. */
    scheduler,
    /** What the job handlers call (job-handlers.ts). */
    jobServices,
  };
}

export type Services = ReturnType<typeof createServices>;

/** The secrets services need: from the configuration when set, else kept in the database. */
export async function loadServiceSecrets(
  config: Pick<Config, 'media' | 'push'>,
  db: Db,
): Promise<ServiceSecrets> {
  const settings = new SettingsRepository(db);
  return {
    mediaSigningSecret: config.media.signingSecret
      ? Buffer.from(config.media.signingSecret, 'utf8')
      : await ensureSecret(settings, 'media_signing_secret'),
    vapidKeys: await loadVapidKeys(config.push.vapidKeys, settings),
  };
}
