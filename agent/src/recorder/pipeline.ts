// A camera's recording pipeline over time: runs one Recorder (one ffmpeg) at a time, restarts it with a
// new format when the server's configuration changes (the partial clip of the old run is still spooled),
// restarts it with backoff when ffmpeg ends by itself (camera unreachable), and turns each finished
// segment into a spooled clip with its sidecar (duration by ffprobe, checksum, minute and offset from
// where the segment lies on the run's timeline, not from when ffmpeg finished it). The
// 1 s live segments of each run go to onLiveSegment (deleted here when nobody takes them).
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../logger.ts';
import type { FrameFormat } from '../ffmpeg/ffmpeg-args.ts';
import { probeDurationMs, sha256OfFile } from '../ffmpeg/probe.ts';
import type { FinishedSegment } from '../ffmpeg/segment-list.ts';
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
  onStill(jpeg: Buffer, capturedAt: number): void;
  onThumbnail(jpeg: Buffer, capturedAt: number): void;
  /** A live MPEG-TS segment closed; the receiver deletes the file. */
  onLiveSegment?(segment: LiveSegmentFile): void;
}

export class RecordingPipeline {
  private recorder: Recorder | null = null;
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

  /** Starts recording in `format`, or restarts when it differs from the current one. */
  async apply(format: FrameFormat): Promise<void> {
    const current = this.format;
    if (
      current &&
      current.width === format.width &&
      current.height === format.height &&
      current.fps === format.fps
    )
      return;
    this.format = format;
    if (this.recorder) {
      this.options.logger.info('configuration changed: restarting the recorder', { ...format });
      await this.stopRecorder();
    }
    if (!this.isStopped) await this.startRecorder();
  }

  /** Ends recording; the last segment is closed and spooled before this resolves. */
  async stop(): Promise<void> {
    this.isStopped = true;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    await this.stopRecorder();
    await this.spooling;
  }

  private async startRecorder(): Promise<void> {
    const { options } = this;
    let source = options.source;
    if (options.resolveSource) {
      try {
        source = await options.resolveSource();
      } catch (error) {
        const message = redactCredentials((error as Error).message);
        this.retry({ code: 'unknown', message }, {});
        return;
      }
      if (this.isStopped || this.recorder) return;
    }
    const format = this.format!;
    this.runNumber += 1;
    const segmentDir = path.join(options.spool.recordingDir, `run-${Date.now()}-${this.runNumber}`);
    const liveSegmentDir = path.join(segmentDir, 'live');
    await fs.mkdir(liveSegmentDir, { recursive: true });
    const run = this.runNumber;
    const recorder: Recorder = new Recorder({
      source,
      format,
      segmentDir,
      liveSegmentDir,
      segmentSeconds: options.segmentSeconds,
      thumbnailWidth: options.thumbnailWidth,
      ffmpegPath: options.ffmpegPath,
      logger: options.logger,
      feeder: options.feeder,
      onStill: options.onStill,
      onThumbnail: (jpeg, capturedAt) => {
        // Frames flow: the source works.
        if (this.failures > 0)
          options.logger.info('camera source recovered', { after_failures: this.failures });
        this.failures = 0;
        this.lastFailure = null;
        options.onThumbnail(jpeg, capturedAt);
      },
      onLiveSegment: (segment) => {
        if (options.onLiveSegment) options.onLiveSegment({ ...segment, run });
        else void fs.rm(segment.filePath, { force: true });
      },
      onSegment: (segment) => {
        const origin = recorder.timelineOriginMs;
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
    this.recorder = recorder;
    recorder.start();
    options.logger.info('recording', { source_kind: options.source.kind, ...format });
    void recorder.exited.then(async (exit) => {
      await this.spooling;
      // Whatever ffmpeg did not list is half-written (live segments included).
      await fs.rm(segmentDir, { recursive: true, force: true });
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
