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
// feature turned off or the mode no longer TLT) ends the job as request_failed. With a second engine process
// (`extraVision`, one per core), a kind whose recordings are independent has them analysed two at once
// (runAtOnce), and a tracked kind has its two halves analysed at once, stitched where the trackers agree (runSplit).
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
import type { TrackerState, TrackerStateTrack } from '../../vision/tracker-state.ts';
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
/** A tracked kind's job of at least this many recordings is analysed in two halves at once (runSplit). */
const SPLIT_FROM_RECORDINGS = 2;

const isTrackerState = (value: unknown): value is TrackerState =>
  typeof value === 'object' && value !== null && Array.isArray((value as { tracks?: unknown }).tracks);

/** The tracker state an engine answer (or stored tracks) hands to the recording that continues it. */
const stateOf = (result: AnalysisResult | null): TrackerState | null =>
  result && isTrackerState(result.state) ? result.state : null;

/** Whether a recording continues the one before it (within CONTINUES_WITHIN_MS of its end). */
function continuesAt(
  recordings: readonly { clip: { duration_ms: number }; beginsAtMs: number }[],
  i: number,
) {
  if (i === 0) return false;
  const before = recordings[i - 1]!;
  return (
    Math.abs(recordings[i]!.beginsAtMs - (before.beginsAtMs + before.clip.duration_ms)) <= CONTINUES_WITHIN_MS
  );
}

/** One recording's answer: the engine's (or the stored tracks), null when unreadable; when its times start. */
interface Step {
  atMs: number;
  result: AnalysisResult | null;
}

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
      const step = async (vision: VisionRunner, index: number, state: TrackerState | null): Promise<Step> => {
        const { clip, beginsAtMs } = recordings[index]!;
        const stored = reusesStored ? await this.deps.jobs.storedTracks(clip.id) : undefined;
        if (!stored) return { atMs: beginsAtMs, result: await analyse(vision, index, state) };
        // Stored times are seconds of the clip's minute.
        const result = {
          tracks: decodeTracks(stored.tracks),
          state: stored.end_state,
        } as unknown as AnalysisResult;
        return { atMs: clip.start_time.getTime(), result };
      };
      if (pool.length > 1 && recordings.length >= SPLIT_FROM_RECORDINGS) {
        const minHits = options.tracker.minHits ?? DEFAULT_TRACKER_OPTIONS.minHits;
        await this.runSplit(jobId, recordings, [pool[0]!, pool[1]!], step, collector, minHits);
        await this.deps.jobs.complete(jobId, collector.finish(), tell('completed'));
        return;
      }
      let state: TrackerState | null = null;
      let skipped = 0;
      for (const [index, { clip }] of recordings.entries()) {
        const { atMs, result } = await step(
          this.deps.vision,
          index,
          continuesAt(recordings, index) ? state : null,
        );
        if (result)
          collector.add({ clipId: clip.id, beginsAtMs: atMs, durationMs: clip.duration_ms }, result);
        else skipped++;
        state = stateOf(result);
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

  /**
   * A tracked kind's recordings in two halves on two engine processes at once, with the result of one process
   * going through them in order (ids included). The first process goes through the recordings in order from the
   * first, carrying the tracker's state, as the sequential run does; the second starts at the middle recording with
   * no state and carries its own from there. Before each recording of the second half, the first process compares
   * the state it would hand to it with the one the second process handed to it: when they are the same apart from
   * the ids (every live track with the same motion model, times, running appearance and confirmation, as stored:
   * `sameTracking`), the engine answers the same from that recording on, apart from the ids; the first process
   * stops there and the second's answers are used, the ids of the people alive at that seam replaced by the first's.
   * Until then the first process goes on into the second half: someone in view at the middle costs it a recording
   * or two (measured: two on the factory line) until the second's new tracker has caught up with them. A recording
   * after a gap, nobody tracked, or stored tracks (the same for both) make a seam at once. If the states never
   * agree, the first process analyses every recording: the sequential run. Results reach the collector in order.
   */
  private async runSplit(
    jobId: number,
    recordings: readonly { clip: { id: number; duration_ms: number }; beginsAtMs: number }[],
    [first, second]: readonly [VisionRunner, VisionRunner],
    step: (vision: VisionRunner, index: number, state: TrackerState | null) => Promise<Step>,
    collector: AnalysisCollector,
    minHits: number,
  ): Promise<void> {
    const n = recordings.length;
    const middle = Math.ceil(n / 2);
    const continues = (i: number) => continuesAt(recordings, i);
    let done = 0;
    let writing: Promise<void> = Promise.resolve();
    const progressed = () => {
      done = Math.min(n, done + 1);
      const count = done;
      writing = writing.then(() => this.deps.jobs.progress(jobId, count, 0));
      return writing;
    };
    // The second half: each recording's answer, as a promise the first process can wait on.
    let stop = false;
    const answers = new Map<
      number,
      {
        promise: Promise<Step>;
        settle: (r: Step) => void;
        fail: (e: unknown) => void;
      }
    >();
    for (let i = middle; i < n; i++) {
      let settle: (r: Step) => void = () => {};
      let fail: (e: unknown) => void = () => {};
      const promise = new Promise<Step>((resolve, reject) => {
        settle = resolve;
        fail = reject;
      });
      // Not awaited when the first process needs no more of them.
      promise.catch(() => {});
      answers.set(i, { promise, settle, fail });
    }
    const secondResult = (i: number) => answers.get(i)!.promise;
    const secondRun = (async () => {
      let state: TrackerState | null = null;
      let i = middle;
      try {
        for (; i < n && !stop; i++) {
          const answer = await step(second, i, i > middle && continues(i) ? state : null);
          answers.get(i)!.settle(answer);
          state = stateOf(answer.result);
          await progressed();
        }
      } catch (error) {
        for (; i < n; i++) answers.get(i)!.fail(error);
        throw error;
      }
    })();
    secondRun.catch(() => {});
    const results: Step[] = [];
    let state: TrackerState | null = null;
    let seam = n;
    let ids = new Map<string, string>();
    try {
      for (let i = 0; i < n; i++) {
        const incoming = continues(i) ? state : null;
        if (i >= middle) {
          const theirs = i === middle || !continues(i) ? null : stateOf((await secondResult(i - 1)).result);
          const same = sameTracking(incoming, theirs, minHits);
          if (same) {
            seam = i;
            ids = same;
            break;
          }
        }
        const answer = await step(first, i, incoming);
        results.push(answer);
        state = stateOf(answer.result);
        if (i < middle) await progressed();
      }
    } finally {
      if (seam === n) stop = true;
    }
    if (seam < n) {
      await secondRun;
      for (let i = seam; i < n; i++) {
        const { atMs, result } = await secondResult(i);
        results.push({ atMs, result: renameTracks(result, ids) });
      }
    }
    await writing;
    let skipped = 0;
    for (const [i, { atMs, result }] of results.entries()) {
      const { clip } = recordings[i]!;
      if (result) collector.add({ clipId: clip.id, beginsAtMs: atMs, durationMs: clip.duration_ms }, result);
      else skipped++;
    }
    await this.deps.jobs.progress(jobId, n, skipped);
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

/**
 * Whether two tracker states carried into the same recording make the engine answer the same, apart from the ids:
 * each live track of one has a track in the other with the same motion model (position, velocity, covariance),
 * times, running appearance and confirmation (hits counted up to `minHits`, confirmed or not), all as stored
 * (rounded). Answers the ids of `theirs`' confirmed tracks mapped to `ours`' (empty when nobody is tracked), or null
 * when they differ. What they may differ in is only reported, never used by the tracker: the sum of the
 * descriptors (Track.descriptor), the highest score (Track.maxScore) and hits beyond `minHits`.
 */
export function sameTracking(
  ours: TrackerState | null,
  theirs: TrackerState | null,
  minHits: number,
): Map<string, string> | null {
  const a = ours?.tracks ?? [];
  const b = theirs?.tracks ?? [];
  if (a.length !== b.length) return null;
  const key = (t: TrackerStateTrack) =>
    JSON.stringify([
      t.id === null,
      Math.min(t.hits, minHits),
      t.filterT,
      t.lastHitT,
      t.firstMissT,
      t.filter,
      t.appearance,
    ]);
  const waiting = new Map<string, TrackerStateTrack[]>();
  for (const t of a) waiting.set(key(t), [...(waiting.get(key(t)) ?? []), t]);
  const ids = new Map<string, string>();
  for (const t of b) {
    const match = waiting.get(key(t))?.pop();
    if (!match) return null;
    if (t.id !== null && match.id !== null) ids.set(t.id, match.id);
  }
  return ids;
}

/** An engine answer with its tracks' ids renamed (those in the map). */
function renameTracks(
  result: AnalysisResult | null,
  ids: ReadonlyMap<string, string>,
): AnalysisResult | null {
  if (!result || ids.size === 0) return result;
  return { ...result, tracks: result.tracks.map((t) => ({ ...t, id: ids.get(t.id) ?? t.id })) };
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
