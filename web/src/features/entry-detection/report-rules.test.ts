import { describe, expect, it } from 'vitest';
import {
  areasOf,
  barsOf,
  chartMax,
  countByInterval,
  durationSec,
  entriesOf,
  joinByContinueTime,
  reportViewOf,
  type Entry,
} from './report-rules.ts';

const day = Date.UTC(2026, 10, 21);
const at = (h: number, m: number, s = 0) => day + ((h * 60 + m) * 60 + s) * 1000;
const entry = (areaName: string, start: number, end: number): Entry => ({
  areaName,
  startMs: start,
  endMs: end,
});

describe('entry detection report (advanced.md §2, §9)', () => {
  it('reads the answered alerts oldest first', () => {
    expect(
      entriesOf([
        { areaName: 'B', start_time: '2026-11-21T09:00:10+09:00', end_time: '2026-11-21T09:00:20+09:00' },
        { areaName: 'A', start_time: '2026-11-21T00:00:05Z', end_time: '2026-11-21T00:00:06Z' },
      ]).map((e) => e.areaName),
    ).toEqual(['A', 'B']);
  });

  it('continue time 1 or 5 minutes: an area’s entry within it of the previous end continues that entry', () => {
    const entries = [
      entry('A', at(1, 0), at(1, 0, 30)),
      entry('B', at(1, 0, 40), at(1, 1)),
      entry('A', at(1, 1, 20), at(1, 1, 40)), // 50 s after A's end
      entry('A', at(1, 5), at(1, 5, 10)), // 3 min 20 s after
    ];
    expect(joinByContinueTime(entries, 1)).toEqual([
      entry('A', at(1, 0), at(1, 1, 40)),
      entry('B', at(1, 0, 40), at(1, 1)),
      entry('A', at(1, 5), at(1, 5, 10)),
    ]);
    expect(joinByContinueTime(entries, 5)).toEqual([
      entry('A', at(1, 0), at(1, 5, 10)),
      entry('B', at(1, 0, 40), at(1, 1)),
    ]);
    // The input is left as it was.
    expect(entries[0]).toEqual(entry('A', at(1, 0), at(1, 0, 30)));
  });

  it('history intervals 1, 5, 10 and 30 minutes: counts per interval and area, by where entries began', () => {
    const entries = [
      entry('A', at(0, 2), at(0, 3)),
      entry('B', at(0, 4), at(0, 4, 5)),
      entry('A', at(0, 31), at(0, 32)),
    ];
    const areas = areasOf(entries);
    expect(areas).toEqual(['A', 'B']);
    const bins30 = countByInterval(entries, areas, day, day + 86_400_000, 30);
    expect(bins30).toHaveLength(48);
    expect(bins30.slice(0, 3).map((b) => b.counts)).toEqual([
      [1, 1],
      [1, 0],
      [0, 0],
    ]);
    const bins5 = countByInterval(entries, areas, day, day + 86_400_000, 5);
    expect(bins5).toHaveLength(288);
    expect(bins5[0]!.counts).toEqual([1, 1]);
    expect(bins5[6]!.counts).toEqual([1, 0]);
    expect(countByInterval(entries, areas, day, day + 86_400_000, 1)).toHaveLength(1440);
    // An entry outside the day counts nowhere.
    expect(
      countByInterval([entry('A', day - 1000, day)], ['A'], day, day + 86_400_000, 10).every(
        (b) => b.counts[0] === 0,
      ),
    ).toBe(true);
  });

  it('chart types Stack and set: stacked bars share a column, set bars stand side by side', () => {
    const bin = { startMs: day, counts: [2, 1] };
    const size = { width: 100, height: 50 };
    expect(chartMax([bin], 'Stack')).toBe(3);
    expect(chartMax([bin], 'set')).toBe(2);
    expect(chartMax([{ startMs: day, counts: [0] }], 'set')).toBe(1);
    const stack = barsOf(bin, 0, 1, size, 3, 'Stack');
    expect(stack.map((b) => [b.area, Math.round(b.y), Math.round(b.height)])).toEqual([
      [0, 17, 33],
      [1, 0, 17],
    ]);
    expect(stack[0]!.x).toBe(stack[1]!.x);
    const set = barsOf(bin, 0, 1, size, 2, 'set');
    expect(set.map((b) => [b.area, b.y, b.height])).toEqual([
      [0, 0, 50],
      [1, 25, 25],
    ]);
    expect(set[1]!.x).toBeGreaterThan(set[0]!.x);
  });

  it('durations are whole seconds, at least one', () => {
    expect(durationSec(entry('A', 0, 14_200))).toBe(14);
    expect(durationSec(entry('A', 0, 0))).toBe(1);
  });
});

describe('the report view in the URL (advanced.md §9 constants)', () => {
  it('takes the date, interval, chart type and continue time from the query, else the defaults', () => {
    expect(reportViewOf(new URLSearchParams(''), '2026-11-21')).toEqual({
      date: '2026-11-21',
      interval: 10,
      chart: 'Stack',
      continueMin: 1,
    });
    expect(
      reportViewOf(new URLSearchParams('date=2026-11-20&interval=30&chart=set&continue=5'), '2026-11-21'),
    ).toEqual({ date: '2026-11-20', interval: 30, chart: 'set', continueMin: 5 });
    // A future date, an unknown interval, chart or continue time fall back.
    expect(
      reportViewOf(new URLSearchParams('date=2026-11-22&interval=7&chart=pie&continue=2'), '2026-11-21'),
    ).toEqual({ date: '2026-11-21', interval: 10, chart: 'Stack', continueMin: 1 });
  });
});
