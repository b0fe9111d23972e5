// One ffmpeg process recording one camera: spawns it with the argument builders, feeds it frames when the
// agent makes them (simulator), and reports what comes out: each live still and thumbnail JPEG the moment
// its last byte arrives, with the time its frame was captured, and each segment (minute clip or 1 s live
// segment) once ffmpeg has finished and listed it, and the live fMP4 stream's init segment and fragments as
// ffmpeg writes them. stop() ends ffmpeg gracefully so the last segments are
// closed and listed too.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Logger } from '../logger.ts';
import {
  recorderArgs,
  recorderEnv,
  timelineOrigin,
  LIVE_FRAGMENTS_FD,
  LIVE_SEGMENT_LIST_FD,
  LIVE_SEGMENT_SECONDS,
  SEGMENT_LIST_FD,
  STILLS_FD,
  THUMBNAILS_FD,
  type FrameFormat,
} from '../ffmpeg/ffmpeg-args.ts';
import { JpegSplitter } from '../ffmpeg/jpeg-splitter.ts';
import { Fmp4Splitter, type Fmp4Piece } from '../live/fmp4-splitter.ts';
import { LineSplitter, parseSegmentLine, type FinishedSegment } from '../ffmpeg/segment-list.ts';
import { redactCredentials, type SourceSpec } from '../source/source-spec.ts';
import { rtspInputScript } from '../ffmpeg/rtsp-input.ts';
import type { FrameFeeder } from './frame-feeder.ts';

export interface RecorderOptions {
  source: SourceSpec;
  format: FrameFormat;
  segmentDir: string;
  /** Where the 1 s MPEG-TS live segments go (must exist). */
  liveSegmentDir: string;
  segmentSeconds: number;
  /**
   * A run planned to take over at a minute: its timeline origin, and it records from the origin itself
   * (ffmpeg-args' recordFromOrigin); otherwise the origin is the start's own minute.
   */
  recordFromMs?: number;
  thumbnailWidth: number;
  ffmpegPath: string;
  logger: Logger;
  /** The frame maker of a simulated camera; none for sources ffmpeg reads itself. */
  feeder?: FrameFeeder;
  onStill(jpeg: Buffer, capturedAt: number): void;
  onThumbnail(jpeg: Buffer, capturedAt: number): void;
  onSegment(segment: FinishedSegment): void;
  /** A live segment closed; the file is the receiver's to delete. */
  onLiveSegment(segment: ClosedLiveSegment): void;
  /** The live fMP4 stream's init segment or a one-frame fragment, as ffmpeg writes it. */
  onLiveFragment?(piece: Fmp4Piece): void;
}

export interface ClosedLiveSegment {
  filePath: string;
  /** Its length by the segment muxer's list (end - start). */
  durationMs: number;
}

export interface RecorderExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** True when stop() asked for it; false when ffmpeg ended by itself (source lost, crash). */
  wasStopped: boolean;
  /** The end of ffmpeg's error output, for the log. */
  stderrTail: string;
}

/** Frames written but not yet seen as JPEG; beyond this the pairing is lost and arrival time is used. */
const MAX_PENDING_FRAMES = 64;
const STOP_TIMEOUT_MS = 15_000;

export class Recorder {
  /** When the first frame was captured (written to ffmpeg, or seen coming out of it). */
  firstFrameAt: number | null = null;
  /** The wall-clock minute (ms since the epoch) the run's timestamps count from; set by start(). */
  timelineOriginMs = 0;
  readonly exited: Promise<RecorderExit>;
  private child: ChildProcess | null = null;
  private isStopping = false;
  private stderrTail = '';
  private readonly stillTimes: number[] = [];
  private readonly thumbnailTimes: number[] = [];
  private resolveExit!: (exit: RecorderExit) => void;

  constructor(private readonly options: RecorderOptions) {
    this.exited = new Promise((resolve) => (this.resolveExit = resolve));
  }

  start(): void {
    const { options } = this;
    const startedAtMs = Date.now();
    this.timelineOriginMs = options.recordFromMs ?? timelineOrigin(startedAtMs, options.segmentSeconds);
    const args = recorderArgs(options.source, {
      ...options,
      ...options.format,
      timelineOriginMs: this.timelineOriginMs,
      startedAtMs,
      recordFromOrigin: options.recordFromMs !== undefined,
    });
    const child = spawn(options.ffmpegPath, args, {
      stdio: ['pipe', 'pipe', 'pipe', 'pipe', 'pipe', 'pipe', 'pipe'],
      env: recorderEnv(process.env),
    });
    this.child = child;
    child.stdin?.on('error', () => {}); // ffmpeg gone: the exit handler reports it
    child.stderr?.setEncoding('utf8').on('data', (text: string) => {
      // Credentials hidden as they arrive (ffmpeg quotes its input's address in its errors); redacted after
      // joining, so an address split between two reads is still found whole.
      this.stderrTail = redactCredentials(this.stderrTail + text).slice(-2_000);
      // The tee muxer gave up its live output (onfail=ignore); the clips go on.
      if (text.includes('Slave muxer #1 failed'))
        options.logger.warn('ffmpeg lost its live segment output; no live stream until it restarts', {
          ffmpeg: redactCredentials(text.trim()).slice(-300),
        });
      if (text.includes('Slave muxer #2 failed'))
        options.logger.warn('ffmpeg lost its live fMP4 output; HLS only until it restarts', {
          ffmpeg: redactCredentials(text.trim()).slice(-300),
        });
    });
    // Seven pipes: Node's typings only know of five.
    const pipes: readonly unknown[] = child.stdio;
    this.readJpegs(pipes[STILLS_FD] as Readable, this.stillTimes, options.onStill);
    this.readJpegs(pipes[THUMBNAILS_FD] as Readable, this.thumbnailTimes, options.onThumbnail);
    this.readList(pipes[SEGMENT_LIST_FD] as Readable, options.onSegment);
    let isFirstLiveSegment = true;
    this.readList(pipes[LIVE_SEGMENT_LIST_FD] as Readable, (segment) => {
      // The muxer lists a run's first segment as starting at 0 of the timeline; it holds at most one
      // keyframe interval (the first keyframe on a whole second ends it).
      const startSec = isFirstLiveSegment
        ? Math.max(segment.startSec, segment.endSec - LIVE_SEGMENT_SECONDS)
        : segment.startSec;
      isFirstLiveSegment = false;
      options.onLiveSegment({
        filePath: path.join(options.liveSegmentDir, segment.fileName),
        durationMs: Math.round((segment.endSec - startSec) * 1000),
      });
    });
    this.readFragments(pipes[LIVE_FRAGMENTS_FD] as Readable);
    child.on('error', (error) => {
      this.stderrTail += `\n${error.message}`;
    });
    // 'close' comes after every pipe has ended: all JPEGs and list lines have been read by then.
    child.on('close', (code, signal) => {
      options.feeder?.stop();
      this.resolveExit({ code, signal, wasStopped: this.isStopping, stderrTail: this.stderrTail.trim() });
    });
    options.feeder?.start(options.format, (frame, capturedAt) => this.writeFrame(frame, capturedAt));
    // An RTSP camera's address, password included, goes to ffmpeg on stdin, not on its command line.
    if (options.source.kind === 'rtsp') child.stdin?.end(rtspInputScript(options.source));
  }

  /** Ends recording: the simulator stops and ffmpeg sees the end of its input; ffmpeg is told `q` (or SIGINT). */
  async stop(): Promise<RecorderExit> {
    const child = this.child;
    if (!child) return { code: null, signal: null, wasStopped: true, stderrTail: '' };
    this.isStopping = true;
    this.options.feeder?.stop();
    if (child.exitCode === null && child.signalCode === null) {
      if (this.options.feeder) child.stdin?.end();
      // An RTSP camera's ffmpeg reads its input script from stdin, so it takes no `q`: SIGINT closes its
      // outputs the same way.
      else if (this.options.source.kind === 'rtsp') child.kill('SIGINT');
      else child.stdin?.end('q');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      const exit = await this.exited;
      clearTimeout(timer);
      // After a SIGINT ffmpeg exits 255 even when it closed its outputs as asked.
      return this.options.source.kind === 'rtsp' && exit.code === 255 ? { ...exit, code: 0 } : exit;
    }
    return this.exited;
  }

  private writeFrame(frame: Buffer, capturedAt: number): boolean {
    const stdin = this.child?.stdin;
    // Still busy with the previous frame: drop this one rather than queue stale frames.
    if (!stdin || this.isStopping || !stdin.writable || stdin.writableNeedDrain) return false;
    stdin.write(frame);
    this.firstFrameAt ??= capturedAt;
    for (const times of [this.stillTimes, this.thumbnailTimes]) {
      times.push(capturedAt);
      if (times.length > MAX_PENDING_FRAMES) times.length = 0;
    }
    return true;
  }

  /** Reads the live fMP4 stream (always, or ffmpeg would block on a full pipe) and hands on its pieces. */
  private readFragments(stream: Readable): void {
    const splitter = new Fmp4Splitter();
    let broken = false;
    stream.on('data', (chunk: Buffer) => {
      if (broken) return;
      try {
        for (const piece of splitter.push(chunk)) this.options.onLiveFragment?.(piece);
      } catch (error) {
        broken = true;
        this.options.logger.warn('unreadable live fMP4 from ffmpeg; HLS only until it restarts', {
          reason: (error as Error).message,
        });
      }
    });
  }

  /** Reads a segment muxer's CSV list, one finished segment per line. */
  private readList(stream: Readable, deliver: (segment: FinishedSegment) => void): void {
    const list = new LineSplitter();
    const onLines = (lines: string[]) => {
      for (const line of lines) {
        const segment = parseSegmentLine(line);
        if (segment) deliver(segment);
        else this.options.logger.warn('unreadable segment list line from ffmpeg', { line });
      }
    };
    stream.setEncoding('utf8');
    stream.on('data', (text: string) => onLines(list.push(text)));
    stream.on('end', () => onLines(list.flush()));
  }

  private readJpegs(
    stream: Readable,
    times: number[],
    deliver: (jpeg: Buffer, capturedAt: number) => void,
  ): void {
    const splitter = new JpegSplitter();
    stream.on('data', (chunk: Buffer) => {
      for (const jpeg of splitter.push(chunk)) {
        const capturedAt = times.shift() ?? Date.now();
        this.firstFrameAt ??= capturedAt;
        deliver(jpeg, capturedAt);
      }
    });
  }
}
