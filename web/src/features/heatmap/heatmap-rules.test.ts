import { describe, expect, it } from 'vitest';
import { HEATMAP_CELLS, HEATMAP_COLS, HEATMAP_MAX_CAMERAS } from '@camwatch/contract/heatmap-rules';
import {
  camerasOf,
  cellAfterKey,
  cellAtPoint,
  cellPosition,
  changePercent,
  formatMinutes,
  heatmapQueryOf,
  hottestCell,
  legendMarks,
  previousPeriod,
  searchOf,
  sharedScaleMax,
  viewOf,
  weekdaysOf,
} from './heatmap-rules.ts';

const today = '2026-11-25';
const view = (query: Record<string, string>) => viewOf(new URLSearchParams(query), today);
const everyDay = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

describe('the choices in the address (advanced.md heat map, §9 default range)', () => {
  it('defaults to no camera, 31 days ago to 1 day ago, the whole day, every weekday, no comparison', () => {
    expect(view({})).toEqual({
      cameras: [],
      start: '2026-10-25',
      end: '2026-11-24',
      hourFrom: 0,
      hourTo: 24,
      weekdays: everyDay,
      compare: null,
    });
  });

  it('reads a link such as the camera detail page’s, and everything a shared link keeps', () => {
    expect(view({ cameras: 'c1' }).cameras).toEqual(['c1']);
    expect(
      view({
        cameras: 'c1,c2',
        start: '2026-11-25',
        end: '2026-11-25',
        hour_from: '9',
        hour_to: '18',
        weekdays: 'sat,mon',
        compare_start: '2026-11-18',
        compare_end: '2026-11-18',
      }),
    ).toEqual({
      cameras: ['c1', 'c2'],
      start: '2026-11-25',
      end: '2026-11-25',
      hourFrom: 9,
      hourTo: 18,
      weekdays: ['mon', 'sat'],
      compare: { start: '2026-11-18', end: '2026-11-18' },
    });
  });

  it('allows today as the end (the demo has only today’s recordings), refuses tomorrow, reversed or 3 months', () => {
    const fallback = { start: '2026-10-25', end: '2026-11-24' };
    expect(view({ start: '2026-11-25', end: '2026-11-25' })).toMatchObject({ end: '2026-11-25' });
    expect(view({ start: '2026-11-20', end: '2026-11-26' })).toMatchObject(fallback);
    expect(view({ start: '2026-11-20', end: '2026-11-19' })).toMatchObject(fallback);
    expect(view({ start: '2026-08-25', end: '2026-11-25' })).toMatchObject(fallback);
    expect(view({ start: '2026-08-26', end: '2026-11-25' })).toMatchObject({ start: '2026-08-26' });
    expect(view({ start: 'yesterday', end: '2026-11-25' })).toMatchObject(fallback);
  });

  it('falls back to the whole day for hours that are not whole hours or do not end after they start', () => {
    const whole = { hourFrom: 0, hourTo: 24 };
    expect(view({ hour_from: '18', hour_to: '9' })).toMatchObject(whole);
    expect(view({ hour_from: '9', hour_to: '9' })).toMatchObject(whole);
    expect(view({ hour_from: '24' })).toMatchObject(whole);
    expect(view({ hour_from: '9.5' })).toMatchObject(whole);
    expect(view({ hour_to: '0' })).toMatchObject(whole);
    expect(view({ hour_from: '23' })).toMatchObject({ hourFrom: 23, hourTo: 24 });
  });

  it('drops a comparison period that would be refused', () => {
    expect(view({ compare_start: '2026-11-20', compare_end: '2026-11-26' }).compare).toBeNull();
    expect(view({ compare_start: '2026-11-20' }).compare).toBeNull();
  });

  it('keeps at most the maximum of cameras, each once, in the order chosen', () => {
    expect(camerasOf(' b , a,,b ')).toEqual(['b', 'a']);
    const many = Array.from({ length: HEATMAP_MAX_CAMERAS + 3 }, (_, i) => `c${i}`);
    expect(camerasOf(many.join(','))).toEqual(many.slice(0, HEATMAP_MAX_CAMERAS));
    expect(camerasOf(null)).toEqual([]);
  });

  it('reads weekdays Monday first; none or only unknown names is every day', () => {
    expect(weekdaysOf('sun,wed,mon')).toEqual(['mon', 'wed', 'sun']);
    expect(weekdaysOf('')).toEqual(everyDay);
    expect(weekdaysOf('holiday')).toEqual(everyDay);
  });

  it('writes back only what differs from the defaults, and reads back the same view', () => {
    const chosen = view({
      cameras: 'c2,c1',
      start: '2026-11-01',
      end: '2026-11-10',
      hour_from: '10',
      weekdays: 'tue,sun',
      compare_start: '2026-10-01',
      compare_end: '2026-10-10',
    });
    const search = searchOf(chosen);
    expect(search).toEqual({
      cameras: 'c2,c1',
      start: '2026-11-01',
      end: '2026-11-10',
      hour_from: '10',
      weekdays: 'tue,sun',
      compare_start: '2026-10-01',
      compare_end: '2026-10-10',
    });
    expect(viewOf(new URLSearchParams(search), today)).toEqual(chosen);
    expect(searchOf(view({}))).toEqual({ start: '2026-10-25', end: '2026-11-24' });
  });

  it('opens on the camera of a link written as the camera detail page writes it', () => {
    const link = `/heatmap?${new URLSearchParams({ cameras: 'cam 1&x' }).toString()}`;
    expect(viewOf(new URL(link, 'http://x').searchParams, today).cameras).toEqual(['cam 1&x']);
  });

  it('compares by default with the period just before, of the same length', () => {
    expect(previousPeriod({ start: '2026-11-01', end: '2026-11-10' })).toEqual({
      start: '2026-10-22',
      end: '2026-10-31',
    });
  });
});

describe('the call’s query', () => {
  it('names the weekdays only when some are left out, and always the reader’s time zone', () => {
    const period = { start: '2026-11-01', end: '2026-11-10' };
    expect(
      heatmapQueryOf(period, { hourFrom: 0, hourTo: 24, weekdays: everyDay as never }, 'Asia/Tokyo'),
    ).toEqual({ ...period, hour_from: 0, hour_to: 24, weekdays: undefined, time_zone: 'Asia/Tokyo' });
    expect(
      heatmapQueryOf(period, { hourFrom: 9, hourTo: 17, weekdays: ['mon', 'fri'] }, 'Europe/Paris'),
    ).toMatchObject({ hour_from: 9, hour_to: 17, weekdays: 'mon,fri', time_zone: 'Europe/Paris' });
  });
});

describe('minutes (cells are person-seconds)', () => {
  it('tenths below 10 minutes, whole minutes above, a trace as <0.1, nothing as 0', () => {
    expect(formatMinutes(210, 'ja')).toBe('3.5');
    expect(formatMinutes(60, 'en')).toBe('1');
    expect(formatMinutes(599, 'en')).toBe('10');
    expect(formatMinutes(754, 'en')).toBe('13');
    expect(formatMinutes(60 * 12_345, 'en')).toBe('12,345');
    expect(formatMinutes(2, 'ja')).toBe('<0.1');
    expect(formatMinutes(0, 'ja')).toBe('0');
  });

  it('marks the legend at 0, half and the top of the scale', () => {
    expect(legendMarks(600)).toEqual([0, 300, 600]);
    expect(legendMarks(0)).toEqual([0]);
  });
});

describe('cells under the pointer and the keys', () => {
  it('finds the cell under a pointer in a picture of any size shown', () => {
    expect(cellAtPoint(0, 0, 640, 360)).toBe(0);
    expect(cellAtPoint(639.9, 0, 640, 360)).toBe(HEATMAP_COLS - 1);
    expect(cellAtPoint(640, 360, 640, 360)).toBe(HEATMAP_CELLS - 1);
    // 3rd column, 2nd row of a picture shown 320 × 90.
    expect(cellAtPoint(25, 7, 320, 90)).toBe(1 * HEATMAP_COLS + 2);
    expect(cellAtPoint(-1, 5, 320, 90)).toBeNull();
    expect(cellAtPoint(5, 5, 0, 0)).toBeNull();
  });

  it('moves one cell per arrow and stops at the edges', () => {
    const middle = 5 * HEATMAP_COLS + 7;
    expect(cellAfterKey(middle, 'ArrowRight')).toBe(middle + 1);
    expect(cellAfterKey(middle, 'ArrowLeft')).toBe(middle - 1);
    expect(cellAfterKey(middle, 'ArrowDown')).toBe(middle + HEATMAP_COLS);
    expect(cellAfterKey(middle, 'ArrowUp')).toBe(middle - HEATMAP_COLS);
    expect(cellAfterKey(0, 'ArrowLeft')).toBe(0);
    expect(cellAfterKey(0, 'ArrowUp')).toBe(0);
    expect(cellAfterKey(HEATMAP_COLS - 1, 'ArrowRight')).toBe(HEATMAP_COLS - 1);
    expect(cellAfterKey(HEATMAP_CELLS - 1, 'ArrowDown')).toBe(HEATMAP_CELLS - 1);
    expect(cellAfterKey(middle, 'Home')).toBe(5 * HEATMAP_COLS);
    expect(cellAfterKey(middle, 'End')).toBe(6 * HEATMAP_COLS - 1);
    expect(cellAfterKey(middle, 'PageUp')).toBe(7);
    expect(cellAfterKey(middle, 'PageDown')).toBe(HEATMAP_CELLS - HEATMAP_COLS + 7);
    expect(cellAfterKey(middle, 'a')).toBeNull();
    expect(cellPosition(middle)).toEqual({ col: 7, row: 5 });
  });

  it('starts keyboard reading on the hottest cell', () => {
    expect(hottestCell([0, 3, 9, 9, 1])).toBe(2);
    expect(hottestCell([0, 0])).toBe(0);
  });
});

describe('comparing two periods', () => {
  it('gives the change in percent, none from nothing', () => {
    expect(changePercent(150, 100)).toBe(50);
    expect(changePercent(1, 3)).toBe(-66.7);
    expect(changePercent(5, 0)).toBeNull();
  });

  it('shares one colour scale: the larger top of both', () => {
    expect(sharedScaleMax([{ max: 30 }, { max: 120 }])).toBe(120);
    expect(sharedScaleMax([])).toBe(0);
  });
});
