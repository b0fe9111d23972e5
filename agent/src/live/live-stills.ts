// Live images: while a viewer wants live, the newest JPEG goes to the server at most once per
// live_interval_sec. Latest frame wins: a still is sent the moment it arrives if it is due and nothing is
// in flight; otherwise it is dropped, never queued (a queued still would only be stale).
// The newest frame is held even while nobody watches, so that when live is asked for the viewer gets the
// frame the camera has just made at once, rather than waiting for the next one (up to 500 ms at 2 fps).
import type { Logger } from '../logger.ts';
import { describeAnswer, type DeviceClient } from '../upload/device-client.ts';

export interface StillGate {
  isLive: boolean;
  isInFlight: boolean;
  intervalMs: number;
  /** Capture time of the last still sent; null sends the next one at once. */
  lastSentAt: number | null;
  /** Time between frames, so that jitter of a frame does not skip a whole interval. */
  frameIntervalMs: number;
}

/** A held frame at most this old (or one frame interval, if longer) is sent at once when live starts. */
export const FRESH_STILL_MS = 1_000;

/** Whether the held frame captured at `capturedAt` is recent enough to show as live at `now`. */
export function isFreshStill(
  gate: Pick<StillGate, 'frameIntervalMs'>,
  capturedAt: number,
  now: number,
): boolean {
  return now - capturedAt <= Math.max(FRESH_STILL_MS, gate.frameIntervalMs);
}

/** Whether the still captured at `capturedAt` should be sent now. */
export function isStillDue(gate: StillGate, capturedAt: number): boolean {
  if (!gate.isLive || gate.isInFlight) return false;
  if (gate.lastSentAt === null) return true;
  return capturedAt - gate.lastSentAt >= gate.intervalMs - gate.frameIntervalMs / 2;
}

export interface LiveStillsOptions {
  client: Pick<DeviceClient, 'postStill'>;
  cameraCode: () => string;
  logger: Logger;
}

export class LiveStills {
  private readonly gate: StillGate = {
    isLive: false,
    isInFlight: false,
    intervalMs: 1_000,
    lastSentAt: null,
    frameIntervalMs: 0,
  };
  private lastProblem = '';
  /** The newest frame from the camera, live or not. */
  private newest: { jpeg: Buffer; capturedAt: number } | null = null;

  constructor(
    private readonly options: LiveStillsOptions,
    private readonly now: () => number = Date.now,
  ) {}

  get isLive(): boolean {
    return this.gate.isLive;
  }

  setLive(isLive: boolean): void {
    const starts = isLive && !this.gate.isLive;
    if (starts) this.gate.lastSentAt = null;
    if (isLive !== this.gate.isLive) this.options.logger.info(isLive ? 'live on' : 'live off');
    this.gate.isLive = isLive;
    // The frame just made goes at once; the next ones follow at the live interval from it.
    const newest = this.newest;
    if (starts && newest && isFreshStill(this.gate, newest.capturedAt, this.now()))
      this.offer(newest.jpeg, newest.capturedAt);
  }

  setTiming(liveIntervalSec: number, fps: number): void {
    this.gate.intervalMs = liveIntervalSec * 1000;
    this.gate.frameIntervalMs = 1000 / fps;
  }

  /** A new JPEG from the camera. */
  offer(jpeg: Buffer, capturedAt: number): void {
    if (!this.newest || capturedAt >= this.newest.capturedAt) this.newest = { jpeg, capturedAt };
    if (!isStillDue(this.gate, capturedAt)) return;
    this.gate.isInFlight = true;
    this.gate.lastSentAt = capturedAt;
    void this.send(jpeg, capturedAt).finally(() => (this.gate.isInFlight = false));
  }

  private async send(jpeg: Buffer, capturedAt: number): Promise<void> {
    try {
      const answer = await this.options.client.postStill(this.options.cameraCode(), capturedAt, jpeg);
      if (answer.status === 200) {
        this.lastProblem = '';
        const live = (answer.body as { live?: unknown } | null)?.live;
        if (live === false) this.setLive(false);
      } else this.report(`still refused: ${describeAnswer(answer)}`);
    } catch (error) {
      this.report(`still upload failed: ${(error as Error).message}`);
    }
  }

  /** Logs a problem once, not at every frame. */
  private report(problem: string): void {
    if (problem !== this.lastProblem) this.options.logger.warn(problem);
    this.lastProblem = problem;
  }
}
