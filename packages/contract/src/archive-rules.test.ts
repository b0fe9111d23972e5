import { describe, expect, it } from 'vitest';
import {
  browserFromUserAgent,
  effectiveEventFilter,
  firstFutureArchive,
  hidesNoMotionArchives,
  isFutureArchive,
  isUpcomingArchive,
  multiVideoGrid,
  multiVideoRetryDelayMs,
  nextPlaySpeed,
  playSpeedsFor,
  visibleArchives,
} from './archive-rules.ts';
import { MULTI_VIDEO_DIVISIONS } from './constants.ts';

const now = Date.parse('2024-05-01T10:00:00Z');
const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();
const entry = (minutesAgo: number, has_data: boolean, motion_state = false) => ({
  start_time: at(minutesAgo),
  has_data,
  motion_state,
});

describe('future archives', () => {
  it('core.md §4: no data, within the last 30 minutes, no later archive with data', () => {
    const all = [entry(5, true), entry(3, false), entry(2, false)];
    expect(isFutureArchive(all[1]!, all, now)).toBe(true);
    expect(isFutureArchive(all[2]!, all, now)).toBe(true);
  });

  it('core.md §4: an archive with data is never future', () => {
    const all = [entry(3, true)];
    expect(isFutureArchive(all[0]!, all, now)).toBe(false);
  });

  it('core.md §4: older than 30 minutes is missing, not future', () => {
    const all = [entry(31, false)];
    expect(isFutureArchive(all[0]!, all, now)).toBe(false);
    const edge = [entry(30, false)];
    expect(isFutureArchive(edge[0]!, edge, now)).toBe(true);
  });

  it('core.md §4: a later archive with data makes a gap, not a future archive', () => {
    const all = [entry(10, false), entry(4, true), entry(2, false)];
    expect(isFutureArchive(all[0]!, all, now)).toBe(false);
    expect(isFutureArchive(all[2]!, all, now)).toBe(true);
  });

  it('core.md §4: a minute that has not begun is not within the last 30 minutes, so not future', () => {
    // 24H on today: every later minute of the day is in the list (issue 17 point 8).
    const all = [entry(5, true), entry(1, false), entry(0, false), entry(-1, false), entry(-600, false)];
    expect(isFutureArchive(all[1]!, all, now)).toBe(true);
    expect(isFutureArchive(all[2]!, all, now)).toBe(true); // the minute being recorded
    expect(isFutureArchive(all[3]!, all, now)).toBe(false);
    expect(isFutureArchive(all[4]!, all, now)).toBe(false);
    expect(all.map((a) => isUpcomingArchive(a, now))).toEqual([false, false, false, true, true]);
    expect(firstFutureArchive(all, now)).toBe(all[1]);
  });

  it('core.md §4: updating re-fetches from the first future archive', () => {
    const all = [entry(2, false), entry(10, false), entry(4, true), entry(3, false)];
    expect(firstFutureArchive(all, now)).toBe(all[3]);
    expect(firstFutureArchive([entry(1, true)], now)).toBeUndefined();
  });
});

describe('archive event filter', () => {
  const camera = { use_motion: true, use_people_counter: false, use_enter_alert: false };
  it('core.md §4: keeps the chosen filter when the camera has the feature', () => {
    expect(effectiveEventFilter('motionDetect', camera)).toBe('motionDetect');
    expect(effectiveEventFilter('all', camera)).toBe('all');
  });

  it('core.md §4: falls back to all when the camera lacks the matching feature', () => {
    expect(effectiveEventFilter('peopleCounter', camera)).toBe('all');
    expect(effectiveEventFilter('enterAlert', camera)).toBe('all');
    expect(effectiveEventFilter('motionDetect', { ...camera, use_motion: false })).toBe('all');
    expect(effectiveEventFilter('peopleCounter', { ...camera, use_people_counter: true })).toBe(
      'peopleCounter',
    );
  });
});

describe('archive hiding', () => {
  const archives = [entry(3, true, true), entry(2, true, false)];
  it('core.md §4: no_motion with a motion camera shows only archives with motion_state', () => {
    const camera = { archive_hide: ['no_motion'], use_motion: true };
    expect(hidesNoMotionArchives(camera)).toBe(true);
    expect(visibleArchives(archives, camera)).toEqual([archives[0]]);
  });

  it('core.md §4: without no_motion, or without motion, every archive shows', () => {
    expect(visibleArchives(archives, { archive_hide: [], use_motion: true })).toEqual(archives);
    expect(visibleArchives(archives, { archive_hide: ['no_motion'], use_motion: false })).toEqual(archives);
  });
});

describe('play speeds', () => {
  const ua = {
    chrome:
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
    edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36 Edg/124.0',
    safari:
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
    firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
  };

  it('core.md §9: play speeds 1, 2, 4, 8, 12', () => {
    expect(playSpeedsFor('other')).toEqual([1, 2, 4, 8, 12]);
  });

  it('core.md §4: Edge and Safari skip 2x', () => {
    expect(playSpeedsFor('edge')).toEqual([1, 4, 8, 12]);
    expect(playSpeedsFor('safari')).toEqual([1, 4, 8, 12]);
  });

  it('core.md §4: browsers are told apart by user agent', () => {
    expect(browserFromUserAgent(ua.chrome)).toBe('other');
    expect(browserFromUserAgent(ua.edge)).toBe('edge');
    expect(browserFromUserAgent(ua.safari)).toBe('safari');
    expect(browserFromUserAgent(ua.firefox)).toBe('other');
    // Headless Chrome (the e2e tests' browser) is Chrome, not Safari.
    expect(
      browserFromUserAgent(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36',
      ),
    ).toBe('other');
  });

  it('core.md §4: speed cycles through its options', () => {
    const speeds = playSpeedsFor('safari');
    expect(nextPlaySpeed(1, speeds)).toBe(4);
    expect(nextPlaySpeed(12, speeds)).toBe(1);
    expect(nextPlaySpeed(2, speeds)).toBe(1);
  });
});

describe('multi-video', () => {
  it('core.md §9: rows 1, 2, 2, 2, 3, 3, 4 for divisions 2, 4, 6, 8, 9, 12, 16', () => {
    expect(MULTI_VIDEO_DIVISIONS.map((d) => multiVideoGrid(d).rows)).toEqual([1, 2, 2, 2, 3, 3, 4]);
    expect(multiVideoGrid(12)).toEqual({ rows: 3, columns: 4 });
    expect(multiVideoGrid(2)).toEqual({ rows: 1, columns: 2 });
  });

  it('core.md §4: no-data retry waits 5 s doubling, at most 5 retries', () => {
    expect([0, 1, 2, 3, 4].map(multiVideoRetryDelayMs)).toEqual([5000, 10000, 20000, 40000, 80000]);
    expect(multiVideoRetryDelayMs(5)).toBeNull();
  });
});
