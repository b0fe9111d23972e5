import { describe, expect, it } from 'vitest';
import {
  CLIP_END_GRACE_SEC,
  MAX_NUDGE,
  WallClock,
  clipLength,
  clipPlace,
  clipTimeAt,
  minuteChange,
  minuteOf,
  nextSeekTime,
  seekDriftSec,
  seekLeadSec,
  shouldRefreshMinute,
  tileSyncAction,
  type TileSyncInput,
} from './sync-rules.ts';

const at = (overrides: Partial<TileSyncInput>): TileSyncInput => ({
  clipTimeSec: 10,
  videoTimeSec: 10,
  lengthSec: 60,
  isClockRunning: true,
  speed: 1,
  seekTimeSec: 0,
  ...overrides,
});

describe('issue 22 the wall clock runs in wall time at the play speed', () => {
  it('runs while playing, holds while paused, speeds up and seeks anywhere in wall time', () => {
    let now = 0;
    const start = Date.UTC(2026, 10, 26, 1, 15);
    const clock = new WallClock(start, () => now);
    expect(clock.position()).toBe(start);
    clock.play();
    now = 2000;
    expect(clock.position()).toBe(start + 2000);
    clock.setSpeed(4);
    expect(clock.speed).toBe(4);
    now = 3000;
    expect(clock.position()).toBe(start + 6000);
    clock.pause();
    expect(clock.isRunning).toBe(false);
    now = 10_000;
    expect(clock.position()).toBe(start + 6000);
    clock.seek(start + 70_000); // into the next minute: the clock itself has no minute
    expect(clock.position()).toBe(start + 70_000);
    clock.play();
    now = 10_500;
    expect(clock.position()).toBe(start + 72_000);
  });
  it('finds the minute of a moment and the clock’s place in a clip that begins mid-minute', () => {
    const minute = Date.UTC(2026, 10, 26, 1, 15);
    expect(minuteOf(minute + 59_999)).toBe(minute);
    expect(minuteOf(minute + 60_000)).toBe(minute + 60_000);
    expect(clipTimeAt(minute + 30_000, minute)).toBe(30);
    expect(clipTimeAt(minute + 30_000, minute + 12_000)).toBe(18);
    expect(clipTimeAt(minute + 5_000, minute + 12_000)).toBe(-7);
  });
});

describe('issue 22 a tile without the clock’s moment says so and joins when it has one', () => {
  it('is before a clip that begins later, inside it, and after it past a grace of 1 s', () => {
    expect(clipPlace(-0.1, 48)).toBe('before');
    expect(clipPlace(0, 48)).toBe('inside');
    expect(clipPlace(48 + CLIP_END_GRACE_SEC, 48)).toBe('inside');
    expect(clipPlace(48 + CLIP_END_GRACE_SEC + 0.01, 48)).toBe('after');
  });
  it('takes the rest of the minute as the length until the video knows its duration', () => {
    expect(clipLength(Number.NaN, 0)).toBe(60);
    expect(clipLength(Infinity, 12)).toBe(48);
    expect(clipLength(0, 12)).toBe(48);
    expect(clipLength(59.5, 0)).toBe(59.5);
  });
  it('waits paused at its start before its clip and at its end after it', () => {
    expect(tileSyncAction(at({ clipTimeSec: -5, videoTimeSec: 3 }))).toEqual({
      play: false,
      seekTo: 0,
      rate: 1,
    });
    expect(tileSyncAction(at({ clipTimeSec: -5, videoTimeSec: 0 }))).toEqual({
      play: false,
      seekTo: null,
      rate: 1,
    });
    expect(tileSyncAction(at({ clipTimeSec: 50, videoTimeSec: 45, lengthSec: 45 }))).toEqual({
      play: false,
      seekTo: null,
      rate: 1,
    });
    // Within the grace it holds its last picture.
    expect(tileSyncAction(at({ clipTimeSec: 45.5, videoTimeSec: 45, lengthSec: 45 })).play).toBe(false);
  });
  it('joins the moment the clock reaches its clip', () => {
    expect(tileSyncAction(at({ clipTimeSec: 0.02, videoTimeSec: 0 }))).toEqual({
      play: true,
      seekTo: null,
      rate: 1,
    });
  });
});

describe('issue 22 tiles follow the clock: nudge a small drift, seek a large one', () => {
  it('plays at the speed within 0.03 s', () => {
    expect(tileSyncAction(at({ videoTimeSec: 9.98 }))).toEqual({ play: true, seekTo: null, rate: 1 });
    expect(tileSyncAction(at({ videoTimeSec: 10.02, speed: 4 }))).toEqual({
      play: true,
      seekTo: null,
      rate: 4,
    });
  });
  it('nudges the rate to close a drift up to 0.3 s in about a second, at most ±25 %', () => {
    const behind = tileSyncAction(at({ videoTimeSec: 9.9 }));
    expect(behind.seekTo).toBeNull();
    expect(behind.rate).toBeCloseTo(1.1);
    expect(tileSyncAction(at({ videoTimeSec: 10.2 })).rate).toBeCloseTo(0.8);
    expect(tileSyncAction(at({ videoTimeSec: 9.75 })).rate).toBeCloseTo(1 + MAX_NUDGE);
  });
  it('seeks a tile more than 0.3 s off, ahead by its seek time × the speed', () => {
    expect(tileSyncAction(at({ videoTimeSec: 9.6 }))).toEqual({ play: true, seekTo: 10, rate: 1 });
    expect(tileSyncAction(at({ videoTimeSec: 11, seekTimeSec: 0.2 })).seekTo).toBeCloseTo(10.2);
    expect(tileSyncAction(at({ videoTimeSec: 2, seekTimeSec: 0.2, speed: 4 })).seekTo).toBeCloseTo(10.8);
    // Not past the clip's end.
    expect(tileSyncAction(at({ clipTimeSec: 59.9, videoTimeSec: 50, seekTimeSec: 1 })).seekTo).toBe(60);
  });
  it('allows a wider drift at high speeds (the loop runs every 100 ms)', () => {
    expect(seekDriftSec(1)).toBeCloseTo(0.3);
    expect(seekDriftSec(2)).toBeCloseTo(0.3);
    expect(seekDriftSec(12)).toBeCloseTo(1.8);
    expect(tileSyncAction(at({ videoTimeSec: 9, speed: 12 })).seekTo).toBeNull();
  });
  it('aims a seek at most 1 s of wall time ahead and smooths the measured seek time', () => {
    expect(seekLeadSec(0.25, 1)).toBe(0.25);
    expect(seekLeadSec(5, 2)).toBe(2);
    expect(seekLeadSec(-1, 2)).toBe(0);
    expect(nextSeekTime(0, 0.3)).toBeCloseTo(0.1);
    expect(nextSeekTime(0.3, 0.3)).toBeCloseTo(0.3);
  });
  it('paused: every tile is sought exactly onto the clock (they show the same moment)', () => {
    expect(tileSyncAction(at({ isClockRunning: false, videoTimeSec: 9.9 }))).toEqual({
      play: false,
      seekTo: 10,
      rate: 1,
    });
    expect(tileSyncAction(at({ isClockRunning: false, videoTimeSec: 9.97 })).seekTo).toBeNull();
  });
});

/**
 * Four simulated tiles whose decoders run off the nominal rate (-3 % … +4 %), one of which stalls for 0.8 s
 * every 15 s, followed by the loop every 100 ms for a minute at 1x and then at 4x; each seek takes 0.25 s
 * (the video reads its target and stands still meanwhile). The tiles stay within 0.5 s of each other.
 */
describe('issue 22 four tiles on one clock stay within 0.5 s (simulated decoders)', () => {
  function simulate(speed: number, seconds: number) {
    const skew = [0.97, 1.0, 1.02, 1.04];
    const tiles = skew.map(() => ({ time: 0, rate: speed, seekUntil: -1, seekTo: 0, seekTime: 0 }));
    let worst = 0;
    let seeks = 0;
    const step = 0.02;
    for (let t = 0; t <= seconds; t += step) {
      const clockSec = t * speed;
      const stalled = (index: number) => index === 3 && t % 15 < 0.8 && t > 1;
      tiles.forEach((tile, index) => {
        if (t < tile.seekUntil) {
          tile.time = tile.seekTo; // a seeking video reads its target and stands still
          return;
        }
        if (tile.seekUntil >= 0) {
          tile.seekUntil = -1;
          tile.seekTime = nextSeekTime(tile.seekTime, 0.25);
        }
        if (!stalled(index)) tile.time += step * tile.rate * skew[index]!;
      });
      if (Math.round(t / step) % 5 === 0) {
        for (const tile of tiles) {
          if (t < tile.seekUntil) continue;
          const action = tileSyncAction(
            at({
              clipTimeSec: clockSec,
              videoTimeSec: tile.time,
              lengthSec: 1e6,
              speed,
              seekTimeSec: tile.seekTime,
            }),
          );
          tile.rate = action.rate;
          if (action.seekTo !== null) {
            seeks++;
            tile.seekTo = action.seekTo;
            tile.seekUntil = t + 0.25;
          }
        }
      }
      if (t > 2) {
        const times = tiles.map((tile) => tile.time);
        worst = Math.max(worst, Math.max(...times) - Math.min(...times));
      }
    }
    return { worst, seeks };
  }
  it('at 1x for a minute', () => {
    const { worst, seeks } = simulate(1, 60);
    expect(worst).toBeLessThanOrEqual(0.5);
    expect(seeks).toBeLessThan(12); // the stalls; the skews are nudged
  });
  it('at 4x (drift counted in clip seconds: 0.5 s of the picture’s time)', () => {
    expect(simulate(4, 30).worst).toBeLessThanOrEqual(4 * 0.5);
  });
});

describe('issue 22 minutes: play on into a known next minute; ask recent ones again', () => {
  it('plays on only into a next minute known to have data while auto-plays remain', () => {
    expect(minuteChange(true, true, true)).toBe('playOn');
    expect(minuteChange(false, true, true)).toBe('stopAndLoad');
    expect(minuteChange(true, false, true)).toBe('stopAndLoad'); // the no-data retries run there
    expect(minuteChange(true, true, false)).toBe('stopAndLoad'); // 60 auto-plays: waits for a press
  });
  it('asks an ended minute again for 5 minutes after its end, not one still running', () => {
    const minute = Date.UTC(2026, 10, 26, 1, 15);
    expect(shouldRefreshMinute(minute, minute + 30_000)).toBe(false);
    expect(shouldRefreshMinute(minute, minute + 60_000)).toBe(true);
    expect(shouldRefreshMinute(minute, minute + 60_000 + 299_999)).toBe(true);
    expect(shouldRefreshMinute(minute, minute + 60_000 + 300_000)).toBe(false);
  });
});
