// Wires analysis jobs, the shared base of person tracking and operation analysis (docs/features/person-tracking.md):
// the repository of jobs and results, the runner each kind registers its handler with, and what the 'analysis'
// queue runs: 'analysis' (one job) and the 'analysis-sweep' every few minutes (a job whose worker stopped on its
// last attempt is failed and its user told). The analysis queue is a queue of its own (services.ts): a 3-hour
// analysis takes minutes of CPU and must hold back neither the main queue nor the per-clip vision jobs; its
// recordings go through the one vision process, whose requests interleave with the per-clip jobs', and, for a kind
// whose recordings are independent (operation analysis), through `extraVision` processes at the same time (one per
// further core, started on first use at the same background priority; stopped by `close`).
import type { EnvironmentMode } from '@camwatch/contract/environment';
import type { Db } from '../../db/database.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { JobContext } from '../../jobs/registry.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import type { VisionRunner } from '../../vision/vision-process.ts';
import { ANALYSIS_JOB, ANALYSIS_JOB_ATTEMPTS, AnalysisJobRunner } from './analysis-job-runner.ts';
import { AnalysisJobRepository } from './analysis-job.repository.ts';

export const ANALYSIS_SWEEP_EVERY_MS = 5 * 60_000;

export function createAnalysisJobs(deps: {
  db: Db;
  blobs: BlobStore;
  vision: VisionRunner;
  extraVision?: readonly VisionRunner[];
  queue: Pick<JobQueue, 'enqueue'>;
  environmentMode: EnvironmentMode;
  ffmpegPath?: string;
  ffprobePath?: string;
}) {
  const repository = new AnalysisJobRepository(deps.db);
  const runner = new AnalysisJobRunner({
    jobs: repository,
    blobs: deps.blobs,
    vision: deps.vision,
    extraVision: deps.extraVision,
    environmentMode: deps.environmentMode,
    ffmpegPath: deps.ffmpegPath,
    ffprobePath: deps.ffprobePath,
  });
  /** Queues the job of an analysis just asked for (one live queue job per analysis). */
  const enqueue = async (analysisId: number): Promise<void> => {
    await deps.queue.enqueue(
      ANALYSIS_JOB,
      { analysisId },
      { dedupeKey: `${ANALYSIS_JOB}:${analysisId}`, maxAttempts: ANALYSIS_JOB_ATTEMPTS },
    );
  };
  /** The 'analysis' job. */
  const run = async (payload: Record<string, unknown>, context: JobContext) => {
    const analysisId = Number(payload.analysisId);
    if (!Number.isSafeInteger(analysisId) || analysisId <= 0)
      throw new Error(`analysis job without an analysis id: ${JSON.stringify(payload)}`);
    await runner.run(analysisId, { attempt: context.attempt, maxAttempts: ANALYSIS_JOB_ATTEMPTS });
  };
  const sweep = () => runner.failStranded();
  const close = async () => {
    await Promise.all((deps.extraVision ?? []).map((vision) => vision.close()));
  };
  return { repository, runner, enqueue, run, sweep, close };
}

export type AnalysisJobs = ReturnType<typeof createAnalysisJobs>;
