// The live HLS stream: ffmpeg always writes 1 s MPEG-TS segments (see ffmpeg-args.ts); while the server
// wants a stream (`{type:'stream', on:true}`), each one is uploaded the moment it closes, in order, with a
// running sequence number; otherwise it is deleted at once. Sequence numbers restart at 0 with
// discontinuity=1 when the stream or ffmpeg (re)starts. No backlog: when uploads fall behind, the oldest
// waiting segments are dropped and the next one uploaded is marked discontinuity=1 (as after a failed
// upload). The server's `stream:false` answer or a `stream` off message ends uploading; a refusal (4xx)
// stops it until the next stream request.
import fs from 'node:fs/promises';
import { IMAGE_MAX_BYTES, LIVE_SEGMENT_MAX_MS } from '@camwatch/contract/device';
import type { Logger } from '../logger.ts';
import { describeAnswer, type DeviceClient } from '../upload/device-client.ts';

/** A closed live segment on disk, from the recorder run `run` (a new run restarts the numbering). */
export interface LiveSegmentFile {
  filePath: string;
  durationMs: number;
  run: number;
}

/** The largest segment body the server accepts (8 MiB, as for images). */
export const LIVE_SEGMENT_MAX_BYTES = IMAGE_MAX_BYTES;

export interface LiveStreamOptions {
  client: Pick<DeviceClient, 'putLiveSegment'>;
  cameraCode: () => string;
  logger: Logger;
  /** Segments that may wait behind the one being uploaded; older ones are dropped. Default 1. */
  maxWaiting?: number;
  /** Time allowed for one upload; default 5 s (a late segment is worthless to a live viewer). */
  timeoutMs?: number;
}

interface ReadySegment {
  data: Buffer;
  durationMs: number;
  run: number;
  /** When its list line arrived: the segment closed. */
  closedAt: number;
}

export class LiveStream {
  private wanted = false;
  /** Refused by the server (4xx): nothing is sent until the next stream request. */
  private refused = false;
  private stopped = false;
  private nextSequence = 0;
  private discontinuity = true;
  private run: number | null = null;
  /** Counts stream requests, so that an old upload's `stream:false` does not end a newer request. */
  private epoch = 0;
  private waiting: ReadySegment[] = [];
  private inFlight: Promise<void> | null = null;
  private abort: AbortController | null = null;
  /** Segment files are read (and deleted) one after another, in the order they closed. */
  private intake: Promise<void> = Promise.resolve();
  private lastProblem = '';
  private segmentsTaken = 0;
  private uploadsStarted = 0;

  constructor(private readonly options: LiveStreamOptions) {}

  /** Whether segments are being uploaded now. */
  get isStreaming(): boolean {
    return this.wanted && !this.refused && !this.stopped;
  }

  /**
   * Segments taken in (uploaded, waiting or deleted) and uploads started so far, so that a caller can tell
   * that segments came and went without an upload instead of waiting a while and hoping.
   */
  get counts(): { segmentsTaken: number; uploadsStarted: number } {
    return { segmentsTaken: this.segmentsTaken, uploadsStarted: this.uploadsStarted };
  }

  /** Resolves once every segment offered so far has been taken in: uploading, waiting, or deleted. */
  taken(): Promise<void> {
    return this.intake;
  }

  /** The server wants a stream (a viewer is watching) or not. */
  setStreaming(on: boolean): void {
    if (this.stopped) return;
    if (on) {
      if (!this.isStreaming) {
        this.epoch += 1;
        this.nextSequence = 0;
        this.discontinuity = true;
        this.lastProblem = '';
        this.options.logger.info('live stream on');
      }
      this.wanted = true;
      this.refused = false;
    } else {
      if (this.wanted) this.options.logger.info('live stream off');
      this.wanted = false;
      this.waiting = [];
    }
  }

  /** A live segment closed: uploaded when a stream is wanted; deleted in any case. */
  offer(segment: LiveSegmentFile): void {
    const closedAt = Date.now();
    this.intake = this.intake.then(() => this.take(segment, closedAt));
  }

  /** Drops what waits, ends the upload under way and deletes the segment files still coming in. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.waiting = [];
    this.abort?.abort();
    await this.inFlight;
    await this.intake;
  }

  private async take(segment: LiveSegmentFile, closedAt: number): Promise<void> {
    let data: Buffer | null = null;
    const usable = segment.durationMs >= 1 && segment.durationMs <= LIVE_SEGMENT_MAX_MS;
    if (this.isStreaming && usable) {
      data = await fs.readFile(segment.filePath).catch((error: Error) => {
        this.report(`could not read a live segment: ${error.message}`);
        return null;
      });
      if (data && data.length > LIVE_SEGMENT_MAX_BYTES) {
        this.report('live segment too large; dropped', { bytes: data.length });
        data = null;
      }
    }
    await fs.rm(segment.filePath, { force: true }).catch(() => {});
    this.segmentsTaken += 1;
    if (!this.isStreaming) return;
    if (!data) {
      if (!usable)
        this.report('live segment of unusable length; dropped', { duration_ms: segment.durationMs });
      this.discontinuity = true; // a gap in the stream
      return;
    }
    this.waiting.push({ data, durationMs: segment.durationMs, run: segment.run, closedAt });
    const maxWaiting = this.options.maxWaiting ?? 1;
    if (this.waiting.length > maxWaiting) {
      const dropped = this.waiting.splice(0, this.waiting.length - maxWaiting);
      this.discontinuity = true;
      this.options.logger.debug?.('live uploads fell behind; dropped the oldest segments', {
        dropped: dropped.length,
      });
    }
    this.pump();
  }

  /** Starts the next upload when none is under way. */
  private pump(): void {
    if (this.inFlight || !this.isStreaming) return;
    const next = this.waiting.shift();
    if (!next) return;
    this.inFlight = this.upload(next).finally(() => {
      this.inFlight = null;
      this.pump();
    });
  }

  private async upload(segment: ReadySegment): Promise<void> {
    const { logger } = this.options;
    if (segment.run !== this.run) {
      // ffmpeg (re)started: its timestamps and numbering begin again.
      this.run = segment.run;
      this.nextSequence = 0;
      this.discontinuity = true;
    }
    const sequence = this.nextSequence++;
    this.uploadsStarted += 1;
    const discontinuity = this.discontinuity;
    this.discontinuity = false;
    const epoch = this.epoch;
    const abort = new AbortController();
    this.abort = abort;
    try {
      const answer = await this.options.client.putLiveSegment(
        this.options.cameraCode(),
        sequence,
        { duration_ms: segment.durationMs, discontinuity: discontinuity ? 1 : 0 },
        segment.data,
        { signal: abort.signal, timeoutMs: this.options.timeoutMs ?? 5_000 },
      );
      if (answer.status === 200) {
        this.lastProblem = '';
        logger.debug?.('live segment uploaded', {
          sequence,
          discontinuity,
          duration_ms: segment.durationMs,
          bytes: segment.data.length,
          latency_ms: Date.now() - segment.closedAt,
        });
        const stream = (answer.body as { stream?: unknown } | null)?.stream;
        if (stream === false && epoch === this.epoch && this.wanted) {
          logger.info('the server wants no live stream now');
          this.setStreaming(false);
        }
      } else if (answer.status >= 400 && answer.status < 500) {
        if (epoch === this.epoch && !this.refused) {
          logger.warn('live segment refused; no live stream until the server asks again', {
            sequence,
            answer: describeAnswer(answer),
          });
          this.refused = true;
          this.waiting = [];
        }
      } else {
        this.discontinuity = true;
        this.report(`live segment upload failed: ${describeAnswer(answer)}`);
      }
    } catch (error) {
      this.discontinuity = true;
      if (!this.stopped) this.report(`live segment upload failed: ${(error as Error).message}`);
    } finally {
      if (this.abort === abort) this.abort = null;
    }
  }

  /** Logs a problem once, not at every segment. */
  private report(problem: string, fields?: Record<string, unknown>): void {
    if (problem !== this.lastProblem) this.options.logger.warn(problem, fields);
    this.lastProblem = problem;
  }
}
