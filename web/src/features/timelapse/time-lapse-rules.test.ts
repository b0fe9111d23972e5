import { afterEach, describe, expect, it } from 'vitest';
import { readState, writeState, clearState } from '../../lib/browser-state.ts';
import { localDayStart } from '../../lib/local-time.ts';
import { dayWindows, nextFrame, sortFrames } from './time-lapse-rules.ts';

const at = (h: number, m = 0) => new Date(2026, 10, 21, h, m).getTime();

describe('core.md §7 a day of snapshots is asked in windows of at most 60 minutes', () => {
  it('covers a past day in 24 hour windows that do not overlap', () => {
    const day = localDayStart(at(15));
    const windows = dayWindows(day, at(15) + 2 * 86_400_000);
    expect(windows).toHaveLength(24);
    expect(windows[0]).toEqual({ startMs: day, endMs: day + 3_600_000 - 1 });
    for (const w of windows) expect(w.endMs - w.startMs).toBeLessThanOrEqual(60 * 60_000);
  });
  it('stops at now today', () => {
    const windows = dayWindows(localDayStart(at(10)), at(10, 30));
    expect(windows).toHaveLength(11);
    expect(windows.at(-1)).toEqual({ startMs: at(10), endMs: at(10, 30) });
  });
  it('a future day has none', () => {
    expect(dayWindows(localDayStart(at(10)) + 86_400_000, at(10))).toEqual([]);
  });
});

describe('core.md §3 time-lapse sort: ascending by default, kept in the browser', () => {
  afterEach(() => clearState('timeLapseSort'));
  const frames = [{ takenAt: 3 }, { takenAt: 1 }, { takenAt: 2 }];
  it('sorts oldest first (asc) or newest first (desc)', () => {
    expect(sortFrames(frames, 'asc').map((f) => f.takenAt)).toEqual([1, 2, 3]);
    expect(sortFrames(frames, 'desc').map((f) => f.takenAt)).toEqual([3, 2, 1]);
  });
  it('defaults to asc and keeps the choice in localStorage', () => {
    expect(readState('timeLapseSort')).toBe('asc');
    writeState('timeLapseSort', 'desc');
    expect(localStorage.getItem('camwatch.timeLapseSort')).toBe('"desc"');
    expect(readState('timeLapseSort')).toBe('desc');
  });
  it('a tampered stored value falls back to asc', () => {
    clearState('timeLapseSort');
    localStorage.setItem('camwatch.timeLapseSort', '"sideways"');
    expect(readState('timeLapseSort')).toBe('asc');
  });
});

describe('time-lapse playing steps frame by frame and stops at the last', () => {
  it('moves on and ends', () => {
    expect(nextFrame(0, 3)).toBe(1);
    expect(nextFrame(2, 3)).toBeNull();
    expect(nextFrame(0, 0)).toBeNull();
  });
});
