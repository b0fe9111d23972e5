// What the 'analysis' job runs for every kind of analysis (person tracking, operation analysis): the camera's
// recordings of the job's period, in time order, through the vision engine (its own process, VisionRunner),
// the tracker's state carried from a recording to the one that continues it (a person keeps one id across the
// minute boundary), with the engine options of the kind's settings; each recording's result handed to the kind's
// collector; progress written after each recording; the collector's results stored all at once at the end, with
// the completed state and a notification (the kind's event, which also pushes: migration 0006), in one
// transaction. A rerun (a killed worker's job taken up again) starts from the first recording and replaces
// nothing half-made: nothing was stored. A recording that is not a readable video (or was removed meanwhile) is
// left out and counted; an engine failure fails the attempt (the queue tries once more), and the last failed
// attempt marks the job failed and tells the user. Nothing to analyse (no recording in the period, the camera's
// feature turned off or the mode no longer TLT) ends the job as request_failed.
import type { AnalysisKind } from '@camwatch/contract/analysis-job-rules';
import { isTltMode, type EnvironmentMode } from '@camwatch/contract/environment';
import type { BlobStore } from '../../storage/blob-store.ts';
import { withBlobFile } from '../../storage/blob-file.ts';
import type { AnalysisOptions } from '../../vision/analysis-options.ts';
import type { AnalysisResult } from '../../vision/analyze.ts';
import { defaultDetectorOptions } from '../../vision/person-detector.ts';
import { defaultRegionOptions } from '../../vision/regions.ts';
import { decodeTracks } from '../../vision/track-codec.ts';
import { DEFAULT_TRACKER_OPTIONS } from '../../vision/tracker-options.ts';
import type { TrackerState } from '../../vision/tracker-state.ts';
import { VideoUnreadableError, type VisionRunner } from '../../vision/vision-process.ts';
import { visionAnalysisOptions } from '../../vision/vision-settings.ts';
import type { AnalysisJobRepository } from './analysis-job.repository.ts';

/** The queue job's kind and its attempts. */
export const ANALYSIS_JOB = 'analysis';
export const ANALYSIS_JOB_ATTEMPTS = 2;

/** Why a job ended without results, as the screens name it. */
export const ANALYSIS_ERRORS = {
  noRecordings: 'no_recordings',
  cameraUnavailable: 'camera_unavailable',
  analysisFailed: 'analysis_failed',
} as const;

/** One recording as the collector sees it: when its first picture was taken, ms since the epoch. */
export interface AnalysedRecording {
  clipId: number;
  beginsAtMs: number;
  durationMs: number;
}

/** Gathers one job's results from its recordings, in time order; answers them (JSON) at the end. */
export interface AnalysisCollector {
  add(recording: AnalysedRecording, result: AnalysisResult): void;
  finish(): unknown;
}

export interface AnalysisJobSpec {
  id: number;
  customerId: number;
  cameraId: number;
  periodStartMs: number;
  periodEndMs: number;
  settings: unknown;
}

/** What a kind of analysis brings to the shared runner (modules/person-tracking, modules/operation-analysis). */
export interface AnalysisKindHandler {
  kind: AnalysisKind;
  /** Whether the camera has the kind's function now. */
  hasFeature(camera: { use_person_tracking: boolean; use_operation_analysis: boolean }): boolean;
  /** The engine's options for the job's settings (over the service's own, vision-settings.ts). */
  engineOptions(settings: unknown): Partial<AnalysisOptions>;
  /** Whether its collector reads every analysed picture's people (AnalysisResult.pictures), not only the tracks. */
  wantsPictures?: boolean;
  /**
   * Whether each recording is analysed on its own (no tracker state carried from the previous one), so several may
   * be analysed at once on the runner's extra engine processes; the collector still gets them in time order.
   */
  independentRecordings?: boolean;
  collector(job: AnalysisJobSpec): AnalysisCollector;
  /** The notification of the end (event of the kind, kind completed or failed; Japanese text stored). */
  notification(
    job: AnalysisJobSpec,
    outcome: 'completed' | 'failed',
  ): {
    event: 'person_tracking' | 'operation_analysis';
    message: string;
    url: string;
  };
}

export interface AnalysisJobRunnerDeps {
  jobs: AnalysisJobRepository;
  blobs: BlobStore;
  vision: VisionRunner;
  /** More engine processes, used beside `vision` for a kind whose recordings are independent (one per core). */
  extraVision?: readonly VisionRunner[];
  environmentMode: EnvironmentMode;
  ffmpegPath?: string;
  ffprobePath?: string;
}

/** A recording continues the previous one when it begins within this of the previous one's end. */
const CONTINUES_WITHIN_MS = 2_000;

const isTrackerState = (value: unknown): value is TrackerState =>
  typeof value === 'object' && value !== null && Array.isArray((value as { tracks?: unknown }).tracks);

export class AnalysisJobRunner {
  private readonly handlers = new Map<AnalysisKind, AnalysisKindHandler>();

  constructor(private readonly deps: AnalysisJobRunnerDeps) {}

  /** Adds a kind of analysis; each kind has exactly one handler. */
  register(handler: AnalysisKindHandler): void {
    if (this.handlers.has(handler.kind)) throw new Error(`analysis kind ${handler.kind} has two handlers`);
    this.handlers.set(handler.kind, handler);
  }

  hasKind(kind: AnalysisKind): boolean {
    return this.handlers.has(kind);
  }

  async run(jobId: number, context: { attempt: number; maxAttempts: number }): Promise<void> {
    const row = await this.deps.jobs.findForJob(jobId);
    if (!row || row.state !== 'running') return;
    const handler = this.handlers.get(row.kind);
    if (!handler) throw new Error(`no handler for analysis kind ${row.kind}`);
    const job: AnalysisJobSpec = {
      id: row.id,
      customerId: row.customer_id,
      cameraId: row.camera_id,
      periodStartMs: row.period_start.getTime(),
      periodEndMs: row.period_end.getTime(),
      settings: row.settings,
    };
    const tell = (outcome: 'completed' | 'failed') => {
      const n = handler.notification(job, outcome);
      return {
        customerId: row.customer_id,
        userId: row.requested_by,
        notification: {
          event: n.event,
          kind: outcome,
          message: n.message,
          cameraId: row.camera_id,
          url: n.url,
        },
      };
    };
    if (!isTltMode(this.deps.environmentMode) || !handler.hasFeature(row)) {
      await this.deps.jobs.fail(
        jobId,
        {
          state: 'request_failed',
          error: ANALYSIS_ERRORS.cameraUnavailable,
          detail: 'the camera no longer has the function, or the mode is not TLT',
        },
        tell('failed'),
      );
      return;
    }
    const clips = await this.deps.jobs.clipsOf(row.camera_id, row.period_start, row.period_end);
    const recordings = clips
      .map((clip) => ({
        clip,
        beginsAtMs: clip.start_time.getTime() + clip.offset_ms,
      }))
      .filter((r) => r.beginsAtMs < job.periodEndMs && r.beginsAtMs + r.clip.duration_ms > job.periodStartMs);
    if (recordings.length === 0) {
      await this.deps.jobs.fail(
        jobId,
        {
          state: 'request_failed',
          error: ANALYSIS_ERRORS.noRecordings,
          detail: 'no recording in the period',
        },
        tell('failed'),
      );
      return;
    }
    try {
      await this.deps.jobs.begin(jobId, recordings.length);
      const collector = handler.collector(job);
      // The kind's options over the service's own, the nested ones merged (the service may tune a tracker value
      // the kind leaves alone).
      const base = visionAnalysisOptions();
      const own = handler.engineOptions(job.settings);
      const options = {
        ...base,
        ...own,
        detector: { ...base.detector, ...own.detector },
        tracker: { ...base.tracker, ...own.tracker },
        regions: { ...base.regions, ...own.regions },
      };
      const analyse = async (vision: VisionRunner, index: number, state: TrackerState | null) => {
        const { clip } = recordings[index]!;
        try {
          return await withBlobFile(this.deps.blobs, clip.blob_key, (file) =>
            vision.analyze({
              file,
              options,
              // Unique per recording of the camera, as the vision job's: a person first seen here keeps this id.
              idPrefix: `${Math.floor(clip.start_time.getTime() / 60_000).toString(36)}${clip.offset_ms > 0 ? `.${clip.offset_ms}` : ''}-`,
              state,
              ...(handler.wantsPictures ? { pictures: true } : {}),
              ffmpegPath: this.deps.ffmpegPath,
              ffprobePath: this.deps.ffprobePath,
            }),
          );
        } catch (error) {
          // An unreadable recording, or one removed meanwhile, is left out; anything else fails the attempt.
          if (!(error instanceof VideoUnreadableError || isMissingBlob(error))) throw error;
          return null;
        }
      };
      const pool = [this.deps.vision, ...(this.deps.extraVision ?? [])];
      if (handler.independentRecordings && pool.length > 1) {
        await this.runAtOnce(jobId, recordings, pool, analyse, collector);
        await this.deps.jobs.complete(jobId, collector.finish(), tell('completed'));
        return;
      }
      // With the service's own engine options the per-clip vision job has already tracked the recordings the
      // same way (the same engine, options and carried tracker state): its stored tracks are used, and the engine
      // runs only on the recordings it has not analysed (yet).
      const reusesStored = !handler.wantsPictures && isServiceEngine(own, base);
      let state: TrackerState | null = null;
      let previousEndMs = -Infinity;
      let skipped = 0;
      for (const [index, { clip, beginsAtMs }] of recordings.entries()) {
        const continues = Math.abs(beginsAtMs - previousEndMs) <= CONTINUES_WITHIN_MS;
        const stored = reusesStored ? await this.deps.jobs.storedTracks(clip.id) : undefined;
        if (stored) {
          // Stored times are seconds of the clip's minute.
          collector.add(
            { clipId: clip.id, beginsAtMs: clip.start_time.getTime(), durationMs: clip.duration_ms },
            { tracks: decodeTracks(stored.tracks) } as unknown as AnalysisResult,
          );
          state = isTrackerState(stored.end_state) ? stored.end_state : null;
          previousEndMs = beginsAtMs + clip.duration_ms;
          await this.deps.jobs.progress(jobId, index + 1, skipped);
          continue;
        }
        const result = await analyse(this.deps.vision, index, continues ? state : null);
        if (result) {
          collector.add({ clipId: clip.id, beginsAtMs, durationMs: clip.duration_ms }, result);
          state = isTrackerState(result.state) ? result.state : null;
        } else {
          skipped++;
          state = null;
        }
        previousEndMs = beginsAtMs + clip.duration_ms;
        await this.deps.jobs.progress(jobId, index + 1, skipped);
      }
      await this.deps.jobs.complete(jobId, collector.finish(), tell('completed'));
    } catch (error) {
      if (context.attempt >= context.maxAttempts)
        await this.deps.jobs.fail(
          jobId,
          {
            state: 'failed',
            error: ANALYSIS_ERRORS.analysisFailed,
            detail: error instanceof Error ? error.message : String(error),
          },
          tell('failed'),
        );
      throw error;
    }
  }

  /**
   * Analyses the recordings on every engine process of the pool at once (each takes the next recording when it is
   * free) and hands the results to the collector in time order as they become ready, writing progress; the first
   * failure stops the others taking more and fails the attempt.
   */
  private async runAtOnce(
    jobId: number,
    recordings: readonly { clip: { id: number; duration_ms: number }; beginsAtMs: number }[],
    pool: readonly VisionRunner[],
    analyse: (vision: VisionRunner, index: number, state: null) => Promise<AnalysisResult | null>,
    collector: AnalysisCollector,
  ): Promise<void> {
    const results = new Map<number, AnalysisResult | null>();
    let next = 0;
    let added = 0;
    let skipped = 0;
    let failed = false;
    let flushError: unknown = null;
    let flushing: Promise<void> = Promise.resolve();
    const flush = async () => {
      while (results.has(added)) {
        const result = results.get(added)!;
        results.delete(added);
        const { clip, beginsAtMs } = recordings[added]!;
        if (result) collector.add({ clipId: clip.id, beginsAtMs, durationMs: clip.duration_ms }, result);
        else skipped++;
        added++;
        await this.deps.jobs.progress(jobId, added, skipped);
      }
    };
    await Promise.all(
      pool.map(async (vision) => {
        while (!failed && next < recordings.length) {
          const index = next++;
          try {
            results.set(index, await analyse(vision, index, null));
          } catch (error) {
            failed = true;
            throw error;
          }
          flushing = flushing.then(flush).catch((error: unknown) => {
            failed = true;
            flushError ??= error;
          });
        }
      }),
    );
    await flushing;
    if (flushError) throw flushError;
  }

  /** Fails the running jobs whose worker stopped on their last attempt, telling their users. */
  async failStranded(now: Date = new Date()): Promise<number> {
    // A job just asked for may not be queued yet: a minute's grace.
    const stranded = await this.deps.jobs.stranded(new Date(now.getTime() - 60_000));
    for (const row of stranded) {
      const handler = this.handlers.get(row.kind);
      const job = { id: row.id, customerId: row.customer_id, cameraId: row.camera_id } as AnalysisJobSpec;
      const n = handler?.notification(job, 'failed');
      await this.deps.jobs.fail(
        row.id,
        { state: 'failed', error: ANALYSIS_ERRORS.analysisFailed, detail: 'the worker stopped' },
        {
          customerId: row.customer_id,
          userId: n ? row.requested_by : null,
          notification: n
            ? { event: n.event, kind: 'failed', message: n.message, cameraId: row.camera_id, url: n.url }
            : { event: 'person_tracking', message: '' },
        },
      );
    }
    return stranded.length;
  }
}

/** Whether a kind's engine options change nothing of the service's own (each value the one the engine would use). */
export function isServiceEngine(own: Partial<AnalysisOptions>, base: AnalysisOptions): boolean {
  const { detector = {}, tracker = {}, regions = {}, ...top } = own;
  const same = <T extends object>(mine: Partial<T>, theirs: Partial<T>, defaults: T) =>
    (Object.keys(mine) as (keyof T)[]).every(
      (key) => mine[key] === undefined || mine[key] === (theirs[key] ?? defaults[key]),
    );
  return (
    same(top as Partial<AnalysisOptions>, base, base) &&
    same(detector, base.detector, defaultDetectorOptions) &&
    same(tracker, base.tracker, DEFAULT_TRACKER_OPTIONS) &&
    same(regions, base.regions, defaultRegionOptions)
  );
}

const isMissingBlob = (error: unknown) =>
  error instanceof Error && /^blob .* is missing$/.test(error.message);
