// A camera's recording pipeline over time: runs one Recorder (one ffmpeg) at a time, switches to a new
// format at the next wall-clock minute when the server's configuration changes (see planSwitch), restarts
// it with backoff when ffmpeg ends by itself (camera unreachable), and turns each finished
// segment into a spooled clip with its sidecar (duration by ffprobe, checksum, minute and offset from
// where the segment lies on the run's timeline, not from when ffmpeg finished it). The
// 1 s live segments of each run go to onLiveSegment (deleted here when nobody takes them).
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../logger.ts';
import type { FrameFormat } from '../ffmpeg/ffmpeg-args.ts';
import { probeDurationMs, sha256OfFile } from '../ffmpeg/probe.ts';
import type { FinishedSegment } from '../ffmpeg/segment-list.ts';
import type { Fmp4Piece } from '../live/fmp4-splitter.ts';
import type { LiveSegmentFile } from '../live/live-stream.ts';
import type { Spool } from '../spool/spool.ts';
import { describeSourceFailure, type SourceFailure } from '../source/source-failure.ts';
import { describeSource, redactCredentials, type SourceSpec } from '../source/source-spec.ts';
import { backoffDelay, DEFAULT_BACKOFF, type BackoffPolicy } from '../upload/backoff.ts';
import { clipPlacement } from './clip-placement.ts';
import type { FrameFeeder } from './frame-feeder.ts';
import { Recorder } from './recorder.ts';

/** The server refuses clips shorter than this (clipUploadQuery.duration_ms). */
export const MIN_CLIP_MS = 1_000;

export interface PipelineOptions {
  source: SourceSpec;
  spool: Spool;
  logger: Logger;
  ffmpegPath: string;
  ffprobePath: string;
  segmentSeconds: number;
  thumbnailWidth: number;
  feeder?: FrameFeeder;
  /**
   * Finds the address to record before every start (an ONVIF camera names its RTSP stream); a failure
   * counts as a failed start, retried with backoff.
   */
  resolveSource?: () => Promise<SourceSpec>;
  backoff?: BackoffPolicy;
  /** How long before the minute a new format's run starts (SWITCH_LEAD_MS; tests with short segments less). */
  switchLeadMs?: number;
  onStill(jpeg: Buffer, capturedAt: number): void;
  onThumbnail(jpeg: Buffer, capturedAt: number): void;
  /** A live MPEG-TS segment closed; the receiver deletes the file. */
  onLiveSegment?(segment: LiveSegmentFile): void;
  /** The live fMP4 stream's init segment or a fragment, with the run it belongs to. */
  onLiveFragment?(piece: Fmp4Piece, run: number): void;
}

/**
 * How long before the minute the run in a new format starts, so that it records from the minute's first
 * frame: an RTSP camera's connection, its first keyframe and ffmpeg's probing take a second or two.
 */
const SWITCH_LEAD_MS = 10_000;
/** A replaced run is stopped once its last clip is cut at the minute, or this long after the minute. */
const RETIRE_TIMEOUT_MS = 15_000;
/** The same when the new run waits for it (a source read by one ffmpeg at a time). */
const RESTART_RETIRE_TIMEOUT_MS = 3_000;

/** A change of format waiting for the next minute (see planSwitch). */
interface PlannedSwitch {
  format: FrameFormat;
  /** The wall-clock minute (segment boundary) the new format records from. */
  atMs: number;
  timers: NodeJS.Timeout[];
  /** The new run, started before atMs and recording from atMs on. */
  recorder: Recorder | null;
  hasRecorderEnded: boolean;
}

/** A run replaced at a minute and finishing its last clip: what it lists from cutMs on is dropped. */
interface RetiringRun {
  cutMs: number;
  timer: NodeJS.Timeout;
  stopping?: Promise<void>;
}

const isSameFormat = (a: FrameFormat, b: FrameFormat) =>
  a.width === b.width &&
  a.height === b.height &&
  a.fps === b.fps &&
  (a.maxBitrateKbps ?? null) === (b.maxBitrateKbps ?? null);

/** Sources a second connection can read while the first records (a camera, not a pipe or a device). */
const canOpenTwice = (source: SourceSpec) =>
  source.kind === 'rtsp' || source.kind === 'onvif' || source.kind === 'http';

export class RecordingPipeline {
  private recorder: Recorder | null = null;
  private planned: PlannedSwitch | null = null;
  private readonly retiring = new Map<Recorder, RetiringRun>();
  private format: FrameFormat | null = null;
  private runNumber = 0;
  private failures = 0;
  private restartTimer: NodeJS.Timeout | null = null;
  private isStopped = false;
  /** Why the source last failed, until frames flow again. */
  lastFailure: SourceFailure | null = null;
  /** Segments are spooled one after another; stop() waits for the chain. */
  private spooling: Promise<void> = Promise.resolve();

  constructor(private readonly options: PipelineOptions) {}

  /**
   * Starts recording in `format` when nothing records; when it differs from the format recording now, the
   * switch is planned for the next minute (planSwitch) and this resolves at once.
   */
  async apply(format: FrameFormat): Promise<void> {
    const wanted = this.planned?.format ?? this.format;
    if (wanted && isSameFormat(wanted, format)) return;
    await this.cancelPlannedSwitch();
    if (this.format && isSameFormat(this.format, format)) return; // back to what records now
    if (!this.recorder || this.isStopped) {
      // Nothing records (the first start, or a failed source waiting to retry): start in the new format.
      this.format = format;
      if (!this.isStopped) await this.startRecorder();
      return;
    }
    this.planSwitch(format);
  }

  /** Ends recording; the last segment is closed and spooled before this resolves. */
  async stop(): Promise<void> {
    this.isStopped = true;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    await this.cancelPlannedSwitch();
    await Promise.all([...this.retiring.keys()].map((recorder) => this.endRetiring(recorder)));
    await this.stopRecorder();
    await this.spooling;
  }

  /**
   * A new format takes over at the next wall-clock minute, so every minute's clip is whole and in one
   * format: no clip lost, none cut in two. A camera that can be opened twice (RTSP, ONVIF, HTTP) gets a
   * second ffmpeg SWITCH_LEAD_MS before the minute, recording from the minute exactly; the old run is
   * stopped once its clip of the minute before is cut, and whatever it wrote after the minute is dropped.
   * Other sources (the simulator's pipe, a local device, a file) are stopped once their clip of the minute
   * before is cut and started again: their first clip in the new format misses the second or two the
   * restart takes.
   */
  private planSwitch(format: FrameFormat): void {
    const { options } = this;
    const period = options.segmentSeconds * 1000;
    const lead = Math.min(options.switchLeadMs ?? SWITCH_LEAD_MS, period * 0.8);
    const isOverlap = canOpenTwice(options.source);
    const now = Date.now();
    let atMs = Math.floor(now / period + 1) * period;
    if (isOverlap && atMs - now < lead) atMs += period;
    const planned: PlannedSwitch = { format, atMs, timers: [], recorder: null, hasRecorderEnded: false };
    this.planned = planned;
    options.logger.info('configuration changed: the recording switches at the next minute', {
      ...format,
      at: new Date(atMs).toISOString(),
    });
    if (isOverlap)
      planned.timers.push(
        setTimeout(
          () => {
            if (this.planned === planned && !this.isStopped) void this.startRecorder(planned);
          },
          atMs - lead - now,
        ),
      );
    planned.timers.push(setTimeout(() => void this.switchFormat(planned), atMs - now));
  }

  /** The planned minute has come: the new run takes over, or the old one stops and a new one starts. */
  private async switchFormat(planned: PlannedSwitch): Promise<void> {
    if (this.planned !== planned || this.isStopped) return;
    this.planned = null;
    const old = this.recorder;
    this.format = planned.format;
    if (planned.recorder && !planned.hasRecorderEnded) {
      this.recorder = planned.recorder;
      if (old) this.retire(old, planned.atMs);
      this.options.logger.info('recording in the new format', { ...planned.format });
      return;
    }
    this.recorder = null;
    if (old) {
      // Its clip of the minute before is cut when its first frame of the new minute is encoded.
      this.retire(old, planned.atMs, RESTART_RETIRE_TIMEOUT_MS);
      await old.exited;
      await this.spooling;
    }
    if (!this.isStopped && !this.recorder) await this.startRecorder();
  }

  private async cancelPlannedSwitch(): Promise<void> {
    const planned = this.planned;
    if (!planned) return;
    this.planned = null;
    for (const timer of planned.timers) clearTimeout(timer);
    await planned.recorder?.stop();
  }

  /** The old run goes on until its clip of the minute before cutMs is listed (or a timeout), then stops. */
  private retire(recorder: Recorder, cutMs: number, timeoutMs = RETIRE_TIMEOUT_MS): void {
    const timer = setTimeout(
      () => void this.endRetiring(recorder),
      Math.max(0, cutMs - Date.now()) + timeoutMs,
    );
    this.retiring.set(recorder, { cutMs, timer });
  }

  private endRetiring(recorder: Recorder): Promise<void> {
    const run = this.retiring.get(recorder);
    if (!run) return Promise.resolve();
    clearTimeout(run.timer);
    run.stopping ??= recorder.stop().then(async () => {
      await this.spooling;
      this.retiring.delete(recorder);
    });
    return run.stopping;
  }

  /** Starts a run: the current one, or with `planned` the run of a planned switch, recording from its minute. */
  private async startRecorder(planned?: PlannedSwitch): Promise<void> {
    const { options } = this;
    const isStillWanted = () =>
      !this.isStopped && (planned ? this.planned === planned && !planned.recorder : !this.recorder);
    let source = options.source;
    if (options.resolveSource) {
      try {
        source = await options.resolveSource();
      } catch (error) {
        const message = redactCredentials((error as Error).message);
        if (planned) {
          options.logger.warn('the new format could not start early; it starts at the minute', { message });
          return;
        }
        this.retry({ code: 'unknown', message }, {});
        return;
      }
      if (!isStillWanted()) return;
    }
    const format = planned?.format ?? this.format!;
    this.runNumber += 1;
    const segmentDir = path.join(options.spool.recordingDir, `run-${Date.now()}-${this.runNumber}`);
    const liveSegmentDir = path.join(segmentDir, 'live');
    await fs.mkdir(liveSegmentDir, { recursive: true });
    if (!isStillWanted()) {
      await fs.rm(segmentDir, { recursive: true, force: true });
      return;
    }
    const run = this.runNumber;
    // Only the current run's pictures count: a planned run's before its minute, a replaced run's after it, are dropped.
    const isCurrent = () => this.recorder === recorder;
    const recorder: Recorder = new Recorder({
      source,
      format,
      segmentDir,
      liveSegmentDir,
      segmentSeconds: options.segmentSeconds,
      recordFromMs: planned?.atMs,
      thumbnailWidth: options.thumbnailWidth,
      ffmpegPath: options.ffmpegPath,
      logger: options.logger,
      feeder: options.feeder,
      onStill: (jpeg, capturedAt) => {
        if (isCurrent()) options.onStill(jpeg, capturedAt);
      },
      onThumbnail: (jpeg, capturedAt) => {
        if (!isCurrent()) return;
        // Frames flow: the source works.
        if (this.failures > 0)
          options.logger.info('camera source recovered', { after_failures: this.failures });
        this.failures = 0;
        this.lastFailure = null;
        options.onThumbnail(jpeg, capturedAt);
      },
      onLiveSegment: (segment) => {
        if (options.onLiveSegment && isCurrent()) options.onLiveSegment({ ...segment, run });
        else void fs.rm(segment.filePath, { force: true });
      },
      onLiveFragment: (piece) => options.onLiveFragment?.(piece, run),
      onSegment: (segment) => {
        const origin = recorder.timelineOriginMs;
        const retiring = this.retiring.get(recorder);
        if (retiring) {
          // A replaced run: its clip up to the minute is the last one kept; once listed, the run stops.
          if (origin + segment.startSec * 1000 >= retiring.cutMs - 1) return;
          if (origin + segment.endSec * 1000 >= retiring.cutMs - 1) void this.endRetiring(recorder);
        }
        this.spooling = this.spooling.then(() =>
          this.spoolSegment(segmentDir, segment, origin).catch((error: Error) =>
            options.logger.error('could not spool a finished segment', {
              file: segment.fileName,
              reason: error.message,
            }),
          ),
        );
      },
    });
    if (planned) planned.recorder = recorder;
    else this.recorder = recorder;
    recorder.start();
    options.logger.info(planned ? 'recording in the new format from the next minute' : 'recording', {
      source_kind: options.source.kind,
      ...format,
    });
    void recorder.exited.then(async (exit) => {
      await this.spooling;
      // Whatever ffmpeg did not list is half-written (live segments included).
      await fs.rm(segmentDir, { recursive: true, force: true });
      if (planned && this.recorder !== recorder) {
        planned.hasRecorderEnded = true;
        if (!exit.wasStopped && !this.isStopped)
          options.logger.warn('the new format could not start early; it starts at the minute', {
            ffmpeg: exit.stderrTail.slice(-500),
          });
      }
      if (exit.wasStopped || this.isStopped || this.recorder !== recorder) return;
      this.recorder = null;
      this.retry(describeSourceFailure(exit.stderrTail, exit.code), {
        code: exit.code,
        signal: exit.signal,
        ffmpeg: exit.stderrTail.slice(-500),
      });
    });
  }

  /** Logs why the source failed and starts again after the next backoff delay. */
  private retry(failure: SourceFailure, details: Record<string, unknown>): void {
    const { options } = this;
    this.failures += 1;
    const delay = backoffDelay(this.failures, options.backoff ?? DEFAULT_BACKOFF);
    this.lastFailure = failure;
    options.logger.error(`camera source failed: ${failure.message}; retrying`, {
      reason: failure.code,
      source: describeSource(options.source),
      attempt: this.failures,
      retry_in_ms: delay,
      ...details,
    });
    if (this.restartTimer) clearTimeout(this.restartTimer);
    this.restartTimer = setTimeout(() => {
      if (!this.isStopped && !this.recorder) void this.startRecorder();
    }, delay);
  }

  private async stopRecorder(): Promise<void> {
    const recorder = this.recorder;
    this.recorder = null;
    if (!recorder) return;
    const exit = await recorder.stop();
    if (exit.code !== 0 && exit.stderrTail)
      this.options.logger.warn('ffmpeg reported errors while stopping', {
        code: exit.code,
        ffmpeg: exit.stderrTail.slice(-500),
      });
    await this.spooling;
  }

  private async spoolSegment(
    segmentDir: string,
    segment: FinishedSegment,
    timelineOriginMs: number,
  ): Promise<void> {
    const { logger, spool } = this.options;
    const filePath = path.join(segmentDir, segment.fileName);
    const durationMs = await probeDurationMs(filePath, this.options.ffprobePath);
    if (durationMs === null) {
      logger.error('ffmpeg finished an unreadable segment; dropped', { file: segment.fileName });
      await fs.rm(filePath, { force: true });
      return;
    }
    if (durationMs < MIN_CLIP_MS) {
      logger.info('segment too short to upload; dropped', {
        file: segment.fileName,
        duration_ms: durationMs,
      });
      await fs.rm(filePath, { force: true });
      return;
    }
    const placement = clipPlacement({ timelineOriginMs, endSec: segment.endSec, durationMs });
    const name = await spool.add(filePath, {
      ...placement,
      duration_ms: durationMs,
      sha256: await sha256OfFile(filePath),
    });
    logger.info('clip recorded', { clip: name, duration_ms: durationMs, offset_ms: placement.offset_ms });
  }
}
