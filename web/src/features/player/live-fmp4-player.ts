// The low-latency live player: the server relays the agent's fragmented MP4 (one frame per fragment) over a
// WebSocket at the stream's signed address (…/live.fmp4), appended to Media Source Extensions as it comes.
// It plays about one frame's time plus JITTER_ROOM_SEC (at least TARGET_LAG_SEC) behind the newest frame received
// (the time between frames measured from the buffer's end): a little faster when it falls behind, a
// little slower when it nearly runs dry, and it jumps to the live edge when far behind (after a stall or
// a hidden tab). Each time it runs dry anyway (frames came late) it aims 0.1 s further behind, up to
// MAX_TARGET_LAG_SEC, and comes back 0.05 s closer after every 30 s without one: a jitter buffer. A new init segment (the agent's ffmpeg restarted) starts a fresh MediaSource; a closed
// socket reconnects with backoff; no picture within FIRST_FRAME_TIMEOUT_MS, or no data for
// DATA_TIMEOUT_MS after the retries, is a failure the caller answers (LiveHlsPlayer falls back to HLS).
// Loaded only when a streaming camera's live view opens (import()), never with the first screens.

/** How far behind the newest received frame playback aims to be, at least. */
const TARGET_LAG_SEC = 0.25;
/** Room for a frame that comes late, beyond one frame's time. */
const JITTER_ROOM_SEC = 0.12;
const MAX_TARGET_LAG_SEC = 0.8;
const CALM_MS = 30_000;
/** Beyond this lag playback jumps to the live edge rather than catching up by speed. */
const MAX_LAG_SEC = 1.5;
const FIRST_FRAME_TIMEOUT_MS = 6_000;
const DATA_TIMEOUT_MS = 5_000;
const RECONNECTS = 4;
/** Video kept behind the playhead (older is removed from the buffer). */
const KEEP_BEHIND_SEC = 10;

type Fmp4PlayerState = 'loading' | 'playing' | 'failed';

interface Fmp4PlayerStats {
  /** Buffered end − currentTime, seconds (how far playback is behind the newest frame received). */
  lagSec: number | null;
  /** The lag aimed at now (grows after stalls). */
  targetLagSec: number;
  stalls: number;
  reconnects: number;
  fragments: number;
  /** Date.now() when the first frame was presented, 0 before. */
  firstFrameAt: number;
}

/** Whether this browser can play the fMP4 stream (MSE with H.264). */
export function canPlayFmp4(): boolean {
  return (
    typeof MediaSource !== 'undefined' &&
    typeof WebSocket !== 'undefined' &&
    MediaSource.isTypeSupported('video/mp4; codecs="avc1.42E01E"')
  );
}

/** The WebSocket address of the fMP4 stream, from the stream's playlist address (same signed token). */
export function fmp4SocketUrl(playlistUrl: string, base: string): string {
  const url = new URL(playlistUrl, base);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.pathname = url.pathname.replace(/\/index\.m3u8$/, '/live.fmp4');
  return url.href;
}

const boxType = (bytes: Uint8Array, at = 0) => String.fromCharCode(...bytes.subarray(at + 4, at + 8));

/** The MSE type of an init segment: the avcC box's profile, compatibility and level bytes. */
export function mimeOfInit(init: Uint8Array): string | null {
  for (let i = 0; i + 8 <= init.length; i++) {
    if (init[i] === 0x61 && init[i + 1] === 0x76 && init[i + 2] === 0x63 && init[i + 3] === 0x43) {
      const hex = Array.from(init.subarray(i + 5, i + 8), (b) => b.toString(16).padStart(2, '0')).join('');
      return hex.length === 6 ? `video/mp4; codecs="avc1.${hex}"` : null;
    }
  }
  return null;
}

/**
 * The least lag to aim at for a stream of frames `frameSec` apart: a frame's time plus room for one that comes a
 * little late (the buffer's end moves by a whole frame at a time, so at 5 fps a 0.25 s aim left 50 ms of room).
 */
export function lagFloorSec(frameSec: number | null): number {
  return frameSec === null
    ? TARGET_LAG_SEC
    : Math.max(TARGET_LAG_SEC, Math.min(0.6, frameSec + JITTER_ROOM_SEC));
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((v, i) => v === b[i]);

export class LiveFmp4Player {
  private socket: WebSocket | null = null;
  private mediaSource: MediaSource | null = null;
  private sourceBuffer: SourceBuffer | null = null;
  private objectUrl = '';
  private init: Uint8Array | null = null;
  private queue: Uint8Array[] = [];
  private state: Fmp4PlayerState = 'loading';
  private destroyed = false;
  private failures = 0;
  private lastDataAt = 0;
  private startedAt = 0;
  private placed = false;
  private watchdog: ReturnType<typeof setInterval> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private prunedAt = 0;
  private calmSince = 0;
  /** The buffer's end after the last append, and the time between frames measured from it (smoothed). */
  private lastEnd = 0;
  private frameSec: number | null = null;
  readonly stats: Fmp4PlayerStats = {
    lagSec: null,
    targetLagSec: TARGET_LAG_SEC,
    stalls: 0,
    reconnects: 0,
    fragments: 0,
    firstFrameAt: 0,
  };

  constructor(
    private readonly video: HTMLVideoElement,
    private readonly url: string,
    private readonly onState: (state: Fmp4PlayerState, reason?: string) => void = () => {},
  ) {}

  start(): void {
    this.startedAt = Date.now();
    this.calmSince = this.startedAt;
    this.video.addEventListener('waiting', this.onWaiting);
    this.video.addEventListener('playing', this.onPlaying);
    this.watchdog = setInterval(() => this.check(), 500);
    this.connect();
  }

  destroy(): void {
    this.destroyed = true;
    if (this.watchdog) clearInterval(this.watchdog);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.video.removeEventListener('waiting', this.onWaiting);
    this.video.removeEventListener('playing', this.onPlaying);
    this.closeSocket();
    this.detachMedia();
  }

  private readonly onWaiting = () => {
    if (this.state !== 'playing' || this.video.seeking) return;
    this.stats.stalls++;
    this.stats.targetLagSec = Math.min(MAX_TARGET_LAG_SEC, this.stats.targetLagSec + 0.1);
    this.calmSince = Date.now();
  };

  private readonly onPlaying = () => {
    if (this.state !== 'loading') return;
    this.setState('playing');
    const mark = () => (this.stats.firstFrameAt ||= Date.now());
    if ('requestVideoFrameCallback' in this.video) this.video.requestVideoFrameCallback(mark);
    else mark();
  };

  private setState(state: Fmp4PlayerState, reason?: string): void {
    if (this.state === state || this.destroyed) return;
    this.state = state;
    this.onState(state, reason);
  }

  private fail(reason: string): void {
    this.setState('failed', reason);
    this.destroy();
  }

  private connect(): void {
    const socket = new WebSocket(this.url);
    socket.binaryType = 'arraybuffer';
    this.socket = socket;
    this.lastDataAt = Date.now();
    socket.onmessage = (event: MessageEvent) => {
      if (!(event.data instanceof ArrayBuffer)) return;
      this.lastDataAt = Date.now();
      this.failures = 0;
      this.receive(new Uint8Array(event.data));
    };
    socket.onclose = () => {
      if (this.socket !== socket || this.destroyed) return;
      this.socket = null;
      this.retry('the stream closed');
    };
  }

  private closeSocket(): void {
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.onmessage = null;
      socket.close();
    }
  }

  private retry(reason: string): void {
    if (this.destroyed) return;
    this.closeSocket();
    this.failures++;
    if (this.failures > RECONNECTS || (this.state === 'loading' && this.failures > 1))
      return this.fail(reason);
    this.stats.reconnects++;
    this.retryTimer = setTimeout(() => this.connect(), Math.min(4_000, 250 * 2 ** this.failures));
  }

  /** Every half second: no first frame or no data for too long, the live edge, the buffer's tail. */
  private check(): void {
    const now = Date.now();
    if (this.state === 'loading' && now - this.startedAt > FIRST_FRAME_TIMEOUT_MS)
      return this.fail('no picture');
    if (this.socket && now - this.lastDataAt > DATA_TIMEOUT_MS) {
      this.lastDataAt = now;
      this.retry('no data');
      return;
    }
    const floor = lagFloorSec(this.frameSec);
    if (now - this.calmSince > CALM_MS && this.stats.targetLagSec > floor) {
      this.stats.targetLagSec = Math.max(floor, this.stats.targetLagSec - 0.05);
      this.calmSince = now;
    }
    this.keepLive();
    const sb = this.sourceBuffer;
    if (sb && !sb.updating && now - this.prunedAt > 5_000 && this.video.currentTime > KEEP_BEHIND_SEC) {
      this.prunedAt = now;
      const start = this.video.buffered.length ? this.video.buffered.start(0) : 0;
      const until = this.video.currentTime - KEEP_BEHIND_SEC;
      if (until > start) sb.remove(start, until);
    }
  }

  private receive(bytes: Uint8Array): void {
    const type = boxType(bytes);
    if (type === 'ftyp') {
      if (this.init && sameBytes(this.init, bytes)) return;
      this.init = bytes;
      this.queue = [];
      this.attachMedia(bytes);
      return;
    }
    if (type !== 'moof' || !this.init) return;
    this.stats.fragments++;
    this.queue.push(bytes);
    this.pump();
  }

  /** A fresh MediaSource for a new init segment (the timeline may start anew). */
  private attachMedia(init: Uint8Array): void {
    this.detachMedia();
    const mime = mimeOfInit(init);
    if (!mime || !MediaSource.isTypeSupported(mime)) return this.fail(`cannot play ${mime ?? 'this stream'}`);
    const mediaSource = new MediaSource();
    this.mediaSource = mediaSource;
    this.placed = false;
    this.objectUrl = URL.createObjectURL(mediaSource);
    mediaSource.addEventListener(
      'sourceopen',
      () => {
        if (this.mediaSource !== mediaSource) return;
        const sb = mediaSource.addSourceBuffer(mime);
        sb.mode = 'segments';
        this.sourceBuffer = sb;
        sb.addEventListener('updateend', () => {
          this.keepLive();
          this.pump();
        });
        sb.addEventListener('error', () => this.retry('the picture could not be decoded'));
        this.queue.unshift(init);
        this.pump();
      },
      { once: true },
    );
    this.video.src = this.objectUrl;
  }

  private detachMedia(): void {
    this.sourceBuffer = null;
    this.mediaSource = null;
    if (this.objectUrl) {
      this.video.removeAttribute('src');
      this.video.load();
      URL.revokeObjectURL(this.objectUrl);
      this.objectUrl = '';
    }
  }

  private pump(): void {
    const sb = this.sourceBuffer;
    if (!sb || sb.updating || this.queue.length === 0) return;
    const next = this.queue.shift()!;
    try {
      sb.appendBuffer(next as Uint8Array<ArrayBuffer>);
    } catch (error) {
      if ((error as DOMException).name === 'QuotaExceededError') {
        // Full: drop what was played, then the same fragment again.
        this.queue.unshift(next);
        const t = this.video.currentTime;
        if (t > 1) sb.remove(0, t - 1);
      } else {
        this.retry('the picture could not be added');
      }
    }
  }

  /** Keeps playback TARGET_LAG_SEC behind the newest frame. */
  private keepLive(): void {
    const { video } = this;
    const ranges = video.buffered;
    // A joining viewer's first burst (init, keyframe, the frames since) is appended whole before placing.
    if (!this.sourceBuffer || ranges.length === 0 || (!this.placed && this.queue.length > 0)) return;
    const end = ranges.end(ranges.length - 1);
    const start = ranges.start(ranges.length - 1);
    const lag = end - video.currentTime;
    this.stats.lagSec = lag;
    const step = end - this.lastEnd;
    this.lastEnd = end;
    if (step > 0.01 && step < 1) {
      this.frameSec = this.frameSec === null ? step : this.frameSec * 0.9 + step * 0.1;
      this.stats.targetLagSec = Math.max(this.stats.targetLagSec, lagFloorSec(this.frameSec));
    }
    if (!this.placed || lag > MAX_LAG_SEC || video.currentTime < start) {
      // The start, or far behind: straight to the live edge (the decoder starts from the keyframe before).
      // A joining viewer's burst tells the time between frames before the first step does.
      if (this.frameSec === null && this.stats.fragments > 1 && end - start < 10)
        this.frameSec = (end - start) / this.stats.fragments;
      this.stats.targetLagSec = Math.max(this.stats.targetLagSec, lagFloorSec(this.frameSec));
      video.currentTime = Math.max(start, end - this.stats.targetLagSec);
      video.playbackRate = 1;
      if (!this.placed) {
        this.placed = true;
        void video.play().catch(() => {});
      }
      return;
    }
    const target = this.stats.targetLagSec;
    const rate = lag > target + 0.5 ? 1.25 : lag > target + 0.12 ? 1.1 : lag < target - 0.1 ? 0.9 : 1;
    if (video.playbackRate !== rate) video.playbackRate = rate;
  }
}
