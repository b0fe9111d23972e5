import { describe, expect, it } from 'vitest';
import {
  archiveTileMessage,
  canAutoplay,
  initialWallMinute,
  isPlayableMinute,
  liveTickMs,
  liveTileMessage,
  nextLiveIndex,
  nextWallMinute,
  noDataRetryDelayMs,
  parseDivision,
  wallGrid,
  wallHourStart,
} from './wall-rules.ts';

describe('core.md §9 multi-video divisions and rows', () => {
  it('lays out 2, 4, 6, 8, 9, 12, 16 tiles in 1, 2, 2, 2, 3, 3, 4 rows', () => {
    const table = [2, 4, 6, 8, 9, 12, 16].map((d) => [d, wallGrid(parseDivision(String(d)))]);
    expect(table).toEqual([
      [2, { rows: 1, columns: 2 }],
      [4, { rows: 2, columns: 2 }],
      [6, { rows: 2, columns: 3 }],
      [8, { rows: 2, columns: 4 }],
      [9, { rows: 3, columns: 3 }],
      [12, { rows: 3, columns: 4 }],
      [16, { rows: 4, columns: 4 }],
    ]);
  });
  it('defaults to 4 for a missing or unknown division', () => {
    expect(parseDivision(null)).toBe(4);
    expect(parseDivision('5')).toBe(4);
    expect(parseDivision('abc')).toBe(4);
    expect(parseDivision('16')).toBe(16);
  });
});

describe('core.md §4/§9 auto-play counter (at most 60 auto-plays)', () => {
  it('autoplays until the counter reaches 60', () => {
    expect(canAutoplay(0)).toBe(true);
    expect(canAutoplay(59)).toBe(true);
    expect(canAutoplay(60)).toBe(false);
    expect(canAutoplay(61)).toBe(false);
  });
});

describe('core.md §4 the end of a one-minute clip advances to the next minute, minute 59 to the next hour', () => {
  it('moves to the next minute within the hour', () => {
    const at = new Date(2026, 10, 21, 10, 15).getTime();
    expect(nextWallMinute(at)).toEqual({
      minuteMs: new Date(2026, 10, 21, 10, 16).getTime(),
      isNextHour: false,
    });
  });
  it('moves from minute 59 into the next hour', () => {
    const at = new Date(2026, 10, 21, 10, 59).getTime();
    const next = nextWallMinute(at);
    expect(next).toEqual({ minuteMs: new Date(2026, 10, 21, 11, 0).getTime(), isNextHour: true });
    expect(wallHourStart(next.minuteMs)).toBe(new Date(2026, 10, 21, 11, 0).getTime());
  });
  it('crosses midnight', () => {
    const next = nextWallMinute(new Date(2026, 10, 21, 23, 59, 30).getTime());
    expect(next.minuteMs).toBe(new Date(2026, 10, 22, 0, 0).getTime());
    expect(next.isNextHour).toBe(true);
  });
  it('core.md §9 opens on the latest archive (2 minutes before now); §5 no future minute can be chosen', () => {
    const now = new Date(2026, 10, 21, 10, 15, 42).getTime();
    expect(initialWallMinute(now)).toBe(new Date(2026, 10, 21, 10, 13).getTime());
    expect(isPlayableMinute(new Date(2026, 10, 21, 10, 15).getTime(), now)).toBe(true);
    expect(isPlayableMinute(new Date(2026, 10, 21, 10, 16).getTime(), now)).toBe(false);
  });
});

describe('core.md §4/§9 no-data retry: 5 s doubling, at most 5 retries', () => {
  it('waits 5, 10, 20, 40, 80 s and then gives up', () => {
    expect([0, 1, 2, 3, 4, 5].map(noDataRetryDelayMs)).toEqual([5000, 10000, 20000, 40000, 80000, null]);
  });
});

describe('core.md §9 live update interval is 1000 ms divided by the live cameras', () => {
  it('ticks once per camera per second', () => {
    expect(liveTickMs(1)).toBe(1000);
    expect(liveTickMs(4)).toBe(250);
    expect(liveTickMs(16)).toBe(62.5);
    expect(liveTickMs(0)).toBe(1000);
  });
  it('asks the cameras in turn, skipping those not ready (one shared poller)', () => {
    expect(nextLiveIndex([true, true, true], -1)).toBe(0);
    expect(nextLiveIndex([true, true, true], 0)).toBe(1);
    expect(nextLiveIndex([true, true, true], 2)).toBe(0);
    expect(nextLiveIndex([true, false, true], 0)).toBe(2);
    expect(nextLiveIndex([false, false], 0)).toBeNull();
    expect(nextLiveIndex([], 0)).toBeNull();
  });
  it('over a second every ready camera is asked once', () => {
    const ready = Array.from({ length: 16 }, () => true);
    let cursor = -1;
    const asked: number[] = [];
    for (let tick = 0; tick < 1000 / liveTickMs(16); tick++) {
      cursor = nextLiveIndex(ready, cursor)!;
      asked.push(cursor);
    }
    expect([...asked].sort((a, b) => a - b)).toEqual(ready.map((_, i) => i));
  });
});

describe('core.md §4/§8 tile messages', () => {
  it('live: not supported, cannot live, or the picture', () => {
    expect(liveTileMessage(false, false)).toBe('notSupported');
    expect(liveTileMessage(true, true)).toBe('cannotLive');
    expect(liveTileMessage(true, false)).toBeNull();
  });
  it('archive: no data for a video that failed; no recording at this time for a minute without one', () => {
    expect(archiveTileMessage(false, false, null)).toBe('noRecording');
    expect(archiveTileMessage(true, true, 'inside')).toBe('noData');
    expect(archiveTileMessage(true, false, 'inside')).toBeNull();
    expect(archiveTileMessage(true, false, null)).toBeNull();
  });
  it('archive (issue 22): no recording at this time while the clock is before or after the tile’s clip', () => {
    expect(archiveTileMessage(true, false, 'before')).toBe('noRecording');
    expect(archiveTileMessage(true, false, 'after')).toBe('noRecording');
  });
});
