// Every background job in one place: which queue carries it, what runs it, and how often the recurring ones
// come (a recurring job is enqueued once per period under a dedupe key, so several workers never run one
// period twice; queue.ts). The kinds are declared in jobs/registry.ts, and a queue refuses to start while
// one of its kinds has no handler here, or has two.
//
// Four queues on the one jobs table: the main one (media and housekeeping), the vision engine's (a clip's
// analysis takes seconds of CPU, so it never holds motion detection or downloads back), the analysis jobs' (a
// person tracking or operation analysis of up to 3 hours never holds the per-clip vision jobs back), and web
// push's (a push is never held back behind a long ffmpeg job).
import { PUSH_SUBSCRIPTION_UPDATE_MS } from '@camwatch/contract/constants';
import type { Logger } from 'pino';
import type { Db } from './db/database.ts';
import { MAINTENANCE_EVERY_MS, runMaintenance } from './jobs/maintenance.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { analysisJobKinds, JobKind, pushJobKinds, visionJobKinds } from './jobs/registry.ts';
import type { AnalysisJobs } from './modules/analysis-jobs/analysis-jobs.ts';
import { ANALYSIS_SWEEP_EVERY_MS } from './modules/analysis-jobs/analysis-jobs.ts';
import type { RetentionService } from './modules/archives/retention.service.ts';
import { RETENTION_EVERY_MS } from './modules/archives/retention.service.ts';
import { MOTION_GIVE_UP_AFTER_MS, type MotionService } from './modules/archives/motion.service.ts';
import type { AuditRetentionService } from './modules/audit/audit-retention.service.ts';
import { AUDIT_RETENTION_EVERY_MS } from './modules/audit/audit-retention.service.ts';
import type { createDownloads } from './modules/downloads/downloads.ts';
import { DOWNLOAD_EXPIRY_EVERY_MS } from './modules/downloads/downloads.ts';
import type { createHeatmapDownloads } from './modules/heatmap-downloads/heatmap-downloads.ts';
import type { createPush } from './modules/push/push.ts';
import { parsePushJobPayload } from './modules/push/push-delivery.ts';
import type { VisionService } from './modules/vision/vision.service.ts';

type Queue<Kind extends string> = Pick<JobQueue, 'every' | 'expireAfter'> & {
  handle(kind: Kind, handler: Parameters<JobQueue['handle']>[1]): void;
};

export interface JobQueues {
  jobs: Queue<JobKind>;
  visionJobs: Queue<(typeof visionJobKinds)[number]>;
  pushQueue: Queue<(typeof pushJobKinds)[number]>;
  analysisJobs: Queue<(typeof analysisJobKinds)[number]>;
}

export interface JobServices {
  db: Db;
  motion: MotionService;
  retention: RetentionService;
  /** Entry detection (modules/entry-detection). */
  enterAlerts: { analyse(clipId: number): Promise<void> };
  vision: VisionService;
  downloads: ReturnType<typeof createDownloads>;
  heatmapDownloads: ReturnType<typeof createHeatmapDownloads>;
  analysisJobs: AnalysisJobs;
  auditRetention: AuditRetentionService;
  push: ReturnType<typeof createPush>;
  logger?: Pick<Logger, 'info' | 'error'>;
}

/** The clip of a clip job's payload, checked before use (the row may have been written by an older version). */
export function clipIdOf(kind: string, payload: Record<string, unknown>): number {
  const clipId = payload.clipId;
  if (typeof clipId !== 'number' || !Number.isSafeInteger(clipId) || clipId <= 0)
    throw new Error(`${kind} job without a valid clipId: ${JSON.stringify(payload)}`);
  return clipId;
}

export function registerJobHandlers(
  { jobs, visionJobs, pushQueue, analysisJobs }: JobQueues,
  s: JobServices,
): void {
  // Main queue: what every new clip brings.
  // How long the job waited picks the motion pass (motion.service.ts: whole, keyframes only, or none when far
  // behind); the passes given are logged once a minute while the queue is behind. Jobs that waited past the
  // bound are closed unrun in bulk, so the backlog stays bounded even when the worker cannot take them one by one.
  jobs.expireAfter('motion', MOTION_GIVE_UP_AFTER_MS);
  let shedLoggedAt = 0;
  jobs.handle('motion', async (payload, context) => {
    const waitedMs = context.dueAt ? Math.max(0, Date.now() - context.dueAt.getTime()) : 0;
    const pass = await s.motion.analyse(clipIdOf('motion', payload), { waitedMs });
    if (pass !== 'full' && Date.now() - shedLoggedAt > 60_000) {
      shedLoggedAt = Date.now();
      s.logger?.info(
        { waitedMs, passes: s.motion.passes },
        'motion queue behind: clips analysed at keyframes or not at all',
      );
    }
  });
  jobs.handle('entry', (payload) => s.enterAlerts.analyse(clipIdOf('entry', payload)));
  jobs.handle('download', (payload, context) => s.downloads.run(payload, context));
  jobs.handle('heatmap-download', (payload, context) => s.heatmapDownloads.run(payload, context));

  // Main queue: housekeeping, hourly.
  jobs.handle('retention', async () => {
    await s.retention.run();
  });
  jobs.every('retention', RETENTION_EVERY_MS);
  // Archive and heat map downloads expire by the same rule (DOWNLOAD_KEEP_DAYS), so one job does both; it also fails
  // the archive downloads whose job ended without them (a worker that died on the last attempt).
  jobs.handle('download-expiry', async () => {
    await s.downloads.expire();
    await s.downloads.failStranded();
    await s.heatmapDownloads.expire();
    await s.heatmapDownloads.failStranded();
  });
  jobs.every('download-expiry', DOWNLOAD_EXPIRY_EVERY_MS);
  jobs.handle('audit-retention', async () => {
    await s.auditRetention.run();
  });
  jobs.every('audit-retention', AUDIT_RETENTION_EVERY_MS);
  jobs.handle('maintenance', async () => {
    const deleted = await runMaintenance(s.db);
    if (deleted.sessions > 0 || deleted.jobs > 0)
      s.logger?.info({ deleted }, 'old sessions and jobs deleted');
  });
  jobs.every('maintenance', MAINTENANCE_EVERY_MS);

  // The vision engine's queue: one analysis at a time.
  visionJobs.handle('vision', (payload) => s.vision.analyse(clipIdOf('vision', payload)));

  // The analysis jobs' queue (person tracking, operation analysis): one analysis at a time, and the sweep that
  // fails the analyses whose worker stopped on their last attempt.
  analysisJobs.handle('analysis', (payload, context) => s.analysisJobs.run(payload, context));
  analysisJobs.handle('analysis-sweep', async () => {
    const failed = await s.analysisJobs.sweep();
    if (failed > 0) s.logger?.info({ failed }, 'analyses failed after their worker stopped');
  });
  analysisJobs.every('analysis-sweep', ANALYSIS_SWEEP_EVERY_MS);

  // Web push's queue.
  pushQueue.handle('push-send', async (payload) => {
    await s.push.delivery.run(parsePushJobPayload(payload));
  });
  pushQueue.handle('push-cleanup', async () => {
    await s.push.repository.deleteExpired(new Date());
  });
  pushQueue.every('push-cleanup', PUSH_SUBSCRIPTION_UPDATE_MS);
}
