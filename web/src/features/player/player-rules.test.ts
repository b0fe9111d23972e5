import { describe, expect, it } from 'vitest';
import {
  firstMinuteWithData,
  hourStartOf,
  isLiveImageStale,
  latestArchiveStart,
  liveRetryDelayMs,
  markerPercent,
  nextHourStart,
  nextMinuteWithData,
  openingMinute,
  parseDateQuery,
  selectableHours,
  stepVolume,
} from './player-rules.ts';
import { analysisSettingLinks, areaLabelAt, videoInfoOptions } from './video-info-rules.ts';
import { dateTimeInputValue, toOffsetIso } from '../../lib/local-time.ts';

const minutes = (pattern: string) => [...pattern].map((c) => ({ has_data: c === 'x' }));

describe('next minute to play (core.md §4: a clip’s end advances to the next minute)', () => {
  it('skips minutes without data', () => {
    expect(nextMinuteWithData(minutes('x..x.x'), 0)).toBe(3);
    expect(nextMinuteWithData(minutes('x..x.x'), 3)).toBe(5);
  });
  it('answers null after the last recorded minute (the hour is over)', () => {
    expect(nextMinuteWithData(minutes('x..x.x'), 5)).toBeNull();
    expect(nextMinuteWithData(minutes('x....'), 0)).toBeNull();
  });
  it('finds the first recorded minute of an hour', () => {
    expect(firstMinuteWithData(minutes('..x'))).toBe(2);
    expect(firstMinuteWithData(minutes('...'))).toBeNull();
  });
});

describe('live image retry delay (core.md §8)', () => {
  it('starts at 1 s and grows by 1.5', () => {
    expect([0, 1, 2, 3].map(liveRetryDelayMs)).toEqual([1000, 1500, 2250, 3375]);
  });
  it('is capped at 60 s', () => {
    expect(liveRetryDelayMs(10)).toBe(57_665.0390625);
    expect(liveRetryDelayMs(11)).toBe(60_000);
    expect(liveRetryDelayMs(100)).toBe(60_000);
  });
});

describe('live image staleness (core.md §8: older than 60 s plus live_interval)', () => {
  const now = Date.UTC(2024, 4, 1, 0, 0, 0);
  it('is fresh up to the limit and stale beyond it', () => {
    expect(isLiveImageStale(now - 60_000, now, 0)).toBe(false);
    expect(isLiveImageStale(now - 60_001, now, 0)).toBe(true);
    expect(isLiveImageStale(now - 65_000, now, 10)).toBe(false);
    expect(isLiveImageStale(now - 71_000, now, 10)).toBe(true);
  });
});

describe('hours and minutes of the archive', () => {
  it('finds the hour start and the next hour', () => {
    const ms = new Date(2024, 4, 1, 9, 41, 12).getTime();
    expect(hourStartOf(ms)).toBe(new Date(2024, 4, 1, 9, 0, 0).getTime());
    expect(nextHourStart(hourStartOf(ms))).toBe(new Date(2024, 4, 1, 10, 0, 0).getTime());
  });
  it('skip-to-latest goes to the minute starting 2 minutes before now (core.md §9)', () => {
    const now = new Date(2024, 4, 1, 9, 1, 30).getTime();
    expect(latestArchiveStart(now)).toBe(new Date(2024, 4, 1, 8, 59, 0).getTime());
  });
  it('opens on the date query’s minute, else with LIVE off on the latest archive (core.md §4, §9)', () => {
    const now = new Date(2024, 4, 1, 9, 1, 30).getTime();
    const asked = new Date(2024, 4, 1, 7, 15, 40).getTime();
    const open = (dateQueryMs: number | null, isLive: boolean, hasArchive = true) =>
      openingMinute({ dateQueryMs, isLive, hasArchive, nowMs: now });
    expect(open(asked, false)).toBe(new Date(2024, 4, 1, 7, 15, 0).getTime());
    expect(open(asked, true)).toBe(new Date(2024, 4, 1, 7, 15, 0).getTime());
    // Issue 17 point 8: LIVE remembered off (e.g. after skip to latest) opened on "choose a time".
    expect(open(null, false)).toBe(latestArchiveStart(now));
    expect(open(null, true)).toBeNull();
    expect(open(null, false, false)).toBeNull();
    expect(open(asked, false, false)).toBeNull();
  });
  it('writes a moment with the local offset for the archives call', () => {
    const iso = toOffsetIso(new Date(2024, 4, 1, 9, 0, 0).getTime());
    expect(iso).toMatch(/^2024-05-01T09:00:00[+-]\d{2}:\d{2}$/);
    expect(Date.parse(iso)).toBe(new Date(2024, 4, 1, 9, 0, 0).getTime());
  });
});

describe('the date query (core.md §2, §5)', () => {
  const now = new Date(2024, 4, 1, 12, 0, 0).getTime();
  it('reads a date, a date and time, or an ISO moment', () => {
    expect(parseDateQuery('2024-04-30', now)).toBe(new Date(2024, 3, 30).getTime());
    expect(parseDateQuery('2024-05-01T09:05', now)).toBe(new Date(2024, 4, 1, 9, 5).getTime());
    expect(parseDateQuery(dateTimeInputValue(new Date(2024, 4, 1, 11, 7).getTime()), now)).toBe(
      new Date(2024, 4, 1, 11, 7).getTime(),
    );
    expect(parseDateQuery('2024-05-01T00:00:00Z', now)).toBe(Date.UTC(2024, 4, 1));
  });
  it('refuses absent, malformed, impossible and future values', () => {
    expect(parseDateQuery(null, now)).toBeNull();
    expect(parseDateQuery('yesterday', now)).toBeNull();
    expect(parseDateQuery('2024-02-31', now)).toBeNull();
    expect(parseDateQuery('2024-05-01T13:00', now)).toBeNull();
  });
  it('offers no hour after the current one (time picker limit for today)', () => {
    expect(selectableHours(new Date(2024, 4, 1).getTime(), now)).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
    ]);
    expect(selectableHours(new Date(2024, 3, 30).getTime(), now)).toHaveLength(24);
    expect(selectableHours(new Date(2024, 4, 2).getTime(), now)).toEqual([]);
  });
});

describe('controls', () => {
  it('steps the volume by 0.1 within 0-1', () => {
    expect(stepVolume(0.5, 1)).toBe(0.6);
    expect(stepVolume(1, 1)).toBe(1);
    expect(stepVolume(0.1, -1)).toBe(0);
    expect(stepVolume(0, -1)).toBe(0);
  });
  it('places event markers on the 60 s seek bar', () => {
    expect(markerPercent({ startSec: 15, endSec: 30 })).toEqual({ left: 25, width: 25 });
    expect(markerPercent({ startSec: 59, endSec: 90 }).left).toBeCloseTo(98.33, 1);
    expect(markerPercent({ startSec: 10, endSec: 10 }).width).toBe(1);
  });
});

describe('video info options (core.md §2, advanced.md §2: TLT areas)', () => {
  it('offers the enter alert and operation analysis areas only in TLT modes, for cameras with the feature', () => {
    expect(videoInfoOptions({ isTlt: false, useEnterAlert: true, useOperationAnalysis: true })).toEqual([
      'dateTime',
      'motionArea',
      'motionInfo',
    ]);
    expect(videoInfoOptions({ isTlt: true, useEnterAlert: true, useOperationAnalysis: false })).toEqual([
      'dateTime',
      'motionArea',
      'motionInfo',
      'enterAlertArea',
    ]);
    expect(
      videoInfoOptions({ isTlt: true, useEnterAlert: true, useOperationAnalysis: true }).slice(3),
    ).toEqual(['enterAlertArea', 'operationArea']);
    expect(
      videoInfoOptions({ isTlt: true, useEnterAlert: false, useOperationAnalysis: true }).slice(3),
    ).toEqual(['operationArea']);
  });

  it('writes an area’s name at its top-most point, kept inside the picture', () => {
    const rect = { x: 10, y: 20, width: 200, height: 100 };
    const area = [
      { x: 0.5, y: 0.5 },
      { x: 0.2, y: 0.3 },
      { x: 0.8, y: 0.3 },
      { x: 0.5, y: 0.9 },
    ];
    expect(areaLabelAt(area, rect)).toEqual({ x: 50, y: 46 });
    expect(
      areaLabelAt(
        [
          { x: 1, y: 0 },
          { x: 0.9, y: 0.5 },
          { x: 1, y: 1 },
        ],
        rect,
      ),
    ).toEqual({ x: 206, y: 34 });
  });
});

describe('analysis setting links of the detail page (advanced.md §2 routes)', () => {
  it('links the entry detection and operation analysis settings in TLT modes, for cameras with them', () => {
    const all = { isTlt: true, useEnterAlert: true, useOperationAnalysis: true };
    expect(analysisSettingLinks('cam 1', all)).toEqual([
      { key: 'entryDetection', to: '/detail/cam%201/entry-detection' },
      { key: 'entryDetectionReport', to: '/detail/cam%201/entry-detection-report' },
      { key: 'operationAnalysis', to: '/detail/cam%201/operation-analysis' },
    ]);
    expect(analysisSettingLinks('c', { ...all, isTlt: false })).toEqual([]);
    // The person tracking results of a camera with the function (issue 15).
    expect(analysisSettingLinks('cam 1', { ...all, usePersonTracking: true }).at(-1)).toEqual({
      key: 'personTracking',
      to: '/person-tracking/results?camera=cam+1',
    });
    expect(analysisSettingLinks('c', { ...all, useEnterAlert: false }).map((l) => l.key)).toEqual([
      'operationAnalysis',
    ]);
  });
});
