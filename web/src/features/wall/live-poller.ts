// The wall's one live poller (core.md §4, §7, §9): every camera's live is started (and renewed every 60 s),
// then a single timer ticking every 1000 ms ÷ live cameras asks the next camera in turn for a newer still,
// never two requests for one camera at once. N tiles cost one timer, not N loops, and each camera is asked
// about once a second. A refused start marks the tile 'cannot live'; failed images wait a growing delay. A
// tile never spins for ever: starts that keep failing, or no picture for the stale age (60 s), say 'cannot
// live' too, while the poller keeps trying and the tile plays again once pictures come.
import { LIVE_IMAGE_RETRY, LIVE_RENEWAL_INTERVAL_MS } from '@camwatch/contract/constants';
import { hasStartKeptFailing, isLiveQuietTooLong } from '../../lib/live-failure.ts';
import { liveTickMs, nextLiveIndex } from './wall-rules.ts';

export type LiveTileState = 'loading' | 'playing' | 'retrying' | 'cannotLive';

export interface LiveSource {
  url: string;
  isApi: boolean;
}

export type LiveFrame = { kind: 'frame'; blob: Blob; frameTime: number } | { kind: 'none' };

export interface LivePollerDeps {
  startLive: (code: string, signal: AbortSignal) => Promise<LiveSource>;
  fetchImage: (url: string, after: number, isApi: boolean, signal: AbortSignal) => Promise<LiveFrame>;
  /** Whether a start failure is final (4xx: no right, no live, camera offline). */
  isRefusal: (error: unknown) => boolean;
  /** Draws a frame; answers false when it could not be decoded. */
  onFrame: (code: string, blob: Blob) => Promise<boolean>;
  onState: (code: string, state: LiveTileState) => void;
  now?: () => number;
}

interface Camera {
  code: string;
  source: LiveSource | null;
  isStarting: boolean;
  isRefused: boolean;
  inFlight: boolean;
  after: number;
  failures: number;
  startFailures: number;
  retryAt: number;
  /** Since when the tile has had no fresh picture: the first start asked, then each picture drawn. */
  quietSince: number;
  state: LiveTileState;
}

/** Delay after the n-th consecutive failure: 1 s, ×1.5 each time, at most 60 s (core.md §8). */
const retryDelayMs = (failures: number) =>
  Math.min(
    LIVE_IMAGE_RETRY.initialMs * LIVE_IMAGE_RETRY.factor ** Math.max(0, failures - 1),
    LIVE_IMAGE_RETRY.maxMs,
  );

export class LivePoller {
  private readonly cameras: Camera[];
  private readonly abort = new AbortController();
  private readonly now: () => number;
  private tick: ReturnType<typeof setInterval> | null = null;
  private renewal: ReturnType<typeof setInterval> | null = null;
  private cursor = -1;
  /** Requests sent and frames drawn since start (the benchmark reads these). */
  readonly stats = { requests: 0, frames: 0, ticks: 0 };

  constructor(
    codes: readonly string[],
    private readonly deps: LivePollerDeps,
  ) {
    this.now = deps.now ?? (() => Date.now());
    this.cameras = codes.map((code) => ({
      code,
      source: null,
      isStarting: false,
      isRefused: false,
      inFlight: false,
      after: 0,
      failures: 0,
      startFailures: 0,
      retryAt: 0,
      quietSince: this.now(),
      state: 'loading',
    }));
  }

  get intervalMs(): number {
    return liveTickMs(this.cameras.length);
  }

  start(): void {
    if (this.tick !== null || this.cameras.length === 0) return;
    for (const camera of this.cameras) void this.startCamera(camera);
    this.tick = setInterval(() => this.onTick(), this.intervalMs);
    this.renewal = setInterval(() => {
      for (const camera of this.cameras) if (camera.source) void this.startCamera(camera);
    }, LIVE_RENEWAL_INTERVAL_MS);
  }

  /** Stops asking for images (pause); live stays started until stop(). */
  pause(): void {
    if (this.tick !== null) clearInterval(this.tick);
    this.tick = null;
  }

  resume(): void {
    if (this.tick === null && !this.abort.signal.aborted && this.cameras.length > 0)
      this.tick = setInterval(() => this.onTick(), this.intervalMs);
  }

  stop(): void {
    this.pause();
    if (this.renewal !== null) clearInterval(this.renewal);
    this.renewal = null;
    this.abort.abort();
  }

  private setState(camera: Camera, state: LiveTileState) {
    if (camera.state === state) return;
    camera.state = state;
    this.deps.onState(camera.code, state);
  }

  private fail(camera: Camera) {
    camera.failures++;
    camera.retryAt = this.now() + retryDelayMs(camera.failures);
    if (this.isQuietTooLong(camera) || hasStartKeptFailing(camera.startFailures))
      this.setState(camera, 'cannotLive');
    else if (camera.state !== 'loading') this.setState(camera, 'retrying');
  }

  private isQuietTooLong = (camera: Camera) => isLiveQuietTooLong(camera.quietSince, this.now());

  private async startCamera(camera: Camera): Promise<void> {
    if (camera.isStarting || camera.isRefused) return;
    camera.isStarting = true;
    try {
      camera.source = await this.deps.startLive(camera.code, this.abort.signal);
      camera.startFailures = 0;
    } catch (error) {
      if (this.abort.signal.aborted) return;
      if (this.deps.isRefusal(error)) {
        camera.isRefused = true;
        camera.source = null;
        this.setState(camera, 'cannotLive');
      } else if (!camera.source) {
        camera.startFailures++;
        this.fail(camera);
      }
    } finally {
      camera.isStarting = false;
    }
  }

  private isReady = (camera: Camera, now: number) =>
    !camera.inFlight &&
    !camera.isRefused &&
    now >= camera.retryAt &&
    (camera.source !== null || !camera.isStarting);

  private onTick(): void {
    const now = this.now();
    this.stats.ticks++;
    const index = nextLiveIndex(
      this.cameras.map((camera) => this.isReady(camera, now)),
      this.cursor,
    );
    if (index === null) return;
    this.cursor = index;
    const camera = this.cameras[index]!;
    if (!camera.source) {
      void this.startCamera(camera); // a start that failed for a passing reason is tried again in turn
      return;
    }
    void this.ask(camera, camera.source);
  }

  private async ask(camera: Camera, source: LiveSource): Promise<void> {
    camera.inFlight = true;
    this.stats.requests++;
    try {
      const answer = await this.deps.fetchImage(source.url, camera.after, source.isApi, this.abort.signal);
      if (this.abort.signal.aborted) return;
      if (answer.kind === 'none') {
        if (this.isQuietTooLong(camera)) this.fail(camera);
        return;
      }
      camera.after = answer.frameTime;
      if (!(await this.deps.onFrame(camera.code, answer.blob))) {
        this.fail(camera);
        return;
      }
      this.stats.frames++;
      camera.failures = 0;
      camera.quietSince = this.now();
      this.setState(camera, 'playing');
    } catch {
      if (!this.abort.signal.aborted) this.fail(camera);
    } finally {
      camera.inFlight = false;
    }
  }
}
