import { describe, expect, it } from 'vitest';
import { heatmapQuery } from './heatmap.ts';
import { HEATMAP_COLS, HEATMAP_ROWS, heatmapCellOf, heatmapRangeProblem } from './heatmap-rules.ts';

describe('heat map query (advanced.md heat map)', () => {
  it('fills in the whole day, every weekday and Japan time', () => {
    expect(heatmapQuery.parse({})).toEqual({ hour_from: 0, hour_to: 24, time_zone: 'Asia/Tokyo' });
  });

  it('reads weekdays in the week’s order and refuses an unknown one by name', () => {
    expect(heatmapQuery.parse({ weekdays: 'sat, mon,sun' }).weekdays).toEqual(['mon', 'sat', 'sun']);
    const bad = heatmapQuery.safeParse({ weekdays: 'mon,funday' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toMatch(/unknown weekday funday/);
    expect(bad.error?.issues[0]?.path).toEqual(['weekdays']);
  });

  it('refuses hours outside the day', () => {
    expect(heatmapQuery.safeParse({ hour_from: '24' }).success).toBe(false);
    expect(heatmapQuery.safeParse({ hour_to: '0' }).success).toBe(false);
    expect(heatmapQuery.parse({ hour_from: '9', hour_to: '18' })).toMatchObject({
      hour_from: 9,
      hour_to: 18,
    });
  });
});

describe('heatmapRangeProblem', () => {
  const today = '2026-11-26';
  const ok = { start: '2026-10-26', end: '2026-11-25', hourFrom: 0, hourTo: 24 };
  it('accepts the default period and today', () => {
    expect(heatmapRangeProblem(ok, today)).toBeNull();
    expect(heatmapRangeProblem({ ...ok, end: today }, today)).toBeNull();
  });
  it('names the field of a future, reversed or too long period and of empty hours', () => {
    expect(heatmapRangeProblem({ ...ok, end: '2026-11-27' }, today)?.field).toBe('end');
    expect(heatmapRangeProblem({ ...ok, start: '2026-11-25', end: '2026-11-24' }, today)?.message).toMatch(
      /before start/,
    );
    expect(heatmapRangeProblem({ ...ok, start: '2026-08-25' }, today)?.message).toMatch(/3 months/);
    expect(heatmapRangeProblem({ ...ok, hourFrom: 10, hourTo: 10 }, today)?.field).toBe('hour_to');
  });
});

describe('heatmapCellOf', () => {
  it('numbers cells row after row and keeps the right and bottom edges in the last cell', () => {
    expect(heatmapCellOf(0, 0)).toBe(0);
    expect(heatmapCellOf(1, 0)).toBe(HEATMAP_COLS - 1);
    expect(heatmapCellOf(0, 1)).toBe((HEATMAP_ROWS - 1) * HEATMAP_COLS);
    expect(heatmapCellOf(0.5, 0.5)).toBe(9 * HEATMAP_COLS + 16);
    expect(heatmapCellOf(1.01, 0.5)).toBeNull();
    expect(heatmapCellOf(Number.NaN, 0.5)).toBeNull();
  });
});

describe('heatColour', () => {
  it('draws nothing for an empty cell and runs cold to hot, more opaque with the value', async () => {
    const { heatColour } = await import('./heatmap-rules.ts');
    expect(heatColour(0)[3]).toBe(0);
    const cold = heatColour(0.01);
    const hot = heatColour(1);
    expect(cold[2]).toBeGreaterThan(cold[0]);
    expect(hot[0]).toBeGreaterThan(hot[2]);
    expect(hot[3]).toBeGreaterThan(cold[3]);
    expect(heatColour(5)).toEqual(hot);
  });
});
