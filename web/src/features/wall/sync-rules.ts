// Pure rules of the wall's synced playback (issue 22; core.md §2, §4, §9): one wall clock in wall time (ms
// since the epoch) that runs at the play speed, and every archive tile's <video> slaved to it. A tile a
// little off the clock is nudged by its playback rate; further off (> 0.3 s at 1x) it is sought, aimed a
// little ahead by how long its seeks take. A tile whose clip does not hold the clock's moment says so and
// joins when the clock reaches a moment it has (later in the minute, or the next minute's clip, preloaded).
import { ARCHIVE_CLIP_SEC } from '@camwatch/contract/constants';

const MINUTE_MS = 60_000;

/** A playing tile further than this from the clock (clip seconds, at 1x) is sought instead of nudged. */
export const SEEK_DRIFT_SEC = 0.3;
/** Closer than this the tile plays at the wall's speed as it is (no nudge: its time reads jitter a little). */
export const RATE_DEADBAND_SEC = 0.03;
/** A nudge closes the drift in about this long (seconds of wall time). */
export const CORRECTION_WINDOW_SEC = 1;
/** A nudge changes the rate by at most this share of the speed. */
export const MAX_NUDGE = 0.25;
/** A paused tile further than this from the clock is sought onto it (paused tiles show the same moment). */
export const PAUSED_DRIFT_SEC = 0.05;
/** A clip a little shorter than its minute holds its last picture this long before the tile says so. */
export const CLIP_END_GRACE_SEC = 1;
/** A seek is aimed ahead by at most this much wall time (the measured seek time, times the speed). */
export const MAX_SEEK_LEAD_SEC = 1;
/** How long an ended minute is asked again for tiles without it (their clips may still be uploading). */
export const RECENT_MINUTE_MS = 5 * MINUTE_MS;

/** The start of the minute that holds `ms`. */
export const minuteOf = (ms: number): number => ms - (((ms % MINUTE_MS) + MINUTE_MS) % MINUTE_MS);

/** The wall's one clock: a moment in wall time (ms) that runs at the play speed while playing. */
export class WallClock {
  private baseMs: number;
  private startedAt: number | null = null;
  private rate = 1;

  constructor(
    startMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.baseMs = startMs;
  }

  get isRunning(): boolean {
    return this.startedAt !== null;
  }

  get speed(): number {
    return this.rate;
  }

  /** The wall-time moment the wall shows now (ms). */
  position(): number {
    if (this.startedAt === null) return this.baseMs;
    return this.baseMs + (this.now() - this.startedAt) * this.rate;
  }

  play(): void {
    if (this.startedAt === null) this.startedAt = this.now();
  }

  pause(): void {
    this.baseMs = this.position();
    this.startedAt = null;
  }

  seek(ms: number): void {
    this.baseMs = ms;
    if (this.startedAt !== null) this.startedAt = this.now();
  }

  setSpeed(speed: number): void {
    this.baseMs = this.position();
    if (this.startedAt !== null) this.startedAt = this.now();
    this.rate = speed;
  }
}

/** Where the clock stands in a tile's clip (seconds from the clip's first frame; negative before it). */
export const clipTimeAt = (clockMs: number, clipStartMs: number): number => (clockMs - clipStartMs) / 1000;

/** The clip's length, or the rest of its minute while the video has not said (NaN, Infinity, 0). */
export function clipLength(durationSec: number, offsetSec: number): number {
  return Number.isFinite(durationSec) && durationSec > 0 ? durationSec : ARCHIVE_CLIP_SEC - offsetSec;
}

/** Where the clock's moment lies against a tile's clip. */
export type ClipPlace = 'before' | 'inside' | 'after';

/**
 * Whether the clip holds the clock's moment: 'before' its first frame (a clip that begins mid-minute),
 * 'after' its end (past a short grace, in which the last picture stays), else 'inside'.
 */
export function clipPlace(clipTimeSec: number, lengthSec: number): ClipPlace {
  if (clipTimeSec < 0) return 'before';
  if (clipTimeSec > lengthSec + CLIP_END_GRACE_SEC) return 'after';
  return 'inside';
}

/** Beyond this drift (clip seconds) a playing tile is sought: 0.3 s at 1x, wider at high speeds. */
export const seekDriftSec = (speed: number): number => SEEK_DRIFT_SEC * Math.max(1, speed / 2);

/** How far ahead of the clock a playing tile is sought: its seeks' time × the speed, at most 1 s of wall time. */
export const seekLeadSec = (seekTimeSec: number, speed: number): number =>
  Math.min(Math.max(seekTimeSec, 0), MAX_SEEK_LEAD_SEC) * speed;

/** A smoothed seek time: the new measure weighs a third. */
export const nextSeekTime = (previousSec: number, measuredSec: number): number =>
  previousSec + (Math.min(measuredSec, MAX_SEEK_LEAD_SEC * 2) - previousSec) / 3;

export interface TileSyncInput {
  /** The clock's moment in the tile's clip (clipTimeAt). */
  clipTimeSec: number;
  /** The video's currentTime. */
  videoTimeSec: number;
  /** clipLength of the video. */
  lengthSec: number;
  isClockRunning: boolean;
  speed: number;
  /** The tile's smoothed seek time (seconds), for the lead of a seek while playing. */
  seekTimeSec: number;
}

export interface TileSyncAction {
  /** Whether the video should be playing. */
  play: boolean;
  /** Where to seek it, or null to leave it. */
  seekTo: number | null;
  /** Its playback rate. */
  rate: number;
}

/**
 * What a tile's video must do to show the clock's moment. Outside its clip it waits paused (at its start
 * before it; at its end after). Paused, it is sought exactly onto the clock. Playing: within 0.03 s it plays
 * at the speed; within the seek drift its rate is nudged to close the gap in about a second (at most ±25 %);
 * further, it is sought ahead of the clock by its seek time.
 */
export function tileSyncAction(input: TileSyncInput): TileSyncAction {
  const { clipTimeSec, videoTimeSec, lengthSec, isClockRunning, speed } = input;
  const place = clipPlace(clipTimeSec, lengthSec);
  if (place === 'before')
    return { play: false, seekTo: videoTimeSec > PAUSED_DRIFT_SEC ? 0 : null, rate: speed };
  if (place === 'after') return { play: false, seekTo: null, rate: speed };
  const target = Math.min(clipTimeSec, lengthSec);
  const drift = target - videoTimeSec; // > 0: the tile is behind the clock
  if (!isClockRunning)
    return { play: false, seekTo: Math.abs(drift) > PAUSED_DRIFT_SEC ? target : null, rate: speed };
  if (clipTimeSec >= lengthSec) return { play: false, seekTo: null, rate: speed }; // holds its last picture
  if (Math.abs(drift) > seekDriftSec(speed)) {
    const seekTo = Math.min(target + seekLeadSec(input.seekTimeSec, speed), lengthSec);
    return { play: true, seekTo, rate: speed };
  }
  if (Math.abs(drift) <= RATE_DEADBAND_SEC) return { play: true, seekTo: null, rate: speed };
  const nudge = Math.max(-MAX_NUDGE * speed, Math.min(MAX_NUDGE * speed, drift / CORRECTION_WINDOW_SEC));
  return { play: true, seekTo: null, rate: speed + nudge };
}

/**
 * Whether an ended minute is still asked again for tiles without it: its clips land seconds after it ends,
 * later when an agent's uploads lag, so for 5 minutes after its end. Not a minute that has not ended.
 */
export function shouldRefreshMinute(minuteMs: number, nowMs: number): boolean {
  const end = minuteMs + MINUTE_MS;
  return end <= nowMs && nowMs - end < RECENT_MINUTE_MS;
}

/**
 * What happens when the running clock enters the next minute: go on playing when that minute is known to
 * have data and the wall may still play by itself (the auto-play counter, core.md §4); else stop at its
 * start and load it as a chosen minute (waits, retries while no camera has data, or waits for a press).
 */
export function minuteChange(nextIsSettled: boolean, nextHasAnyData: boolean, canPlayOn: boolean) {
  return nextIsSettled && nextHasAnyData && canPlayOn ? 'playOn' : 'stopAndLoad';
}
