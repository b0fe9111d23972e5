import { HEATMAP_CELLS, HEATMAP_COLS, heatmapCellOf } from '@camwatch/contract/heatmap-rules';
import { describe, expect, it } from 'vitest';
import { addDwell, addEncodedCells, emptyCells, encodeCells, pearson } from './heat-grid.ts';

/** A box whose feet (bottom centre) stand at x, y. */
const standingAt = (x: number, y: number) => ({ x: x - 0.02, y: y - 0.2, w: 0.04, h: 0.2 });
const cellAt = (x: number, y: number) => heatmapCellOf(x, y)!;

describe('addDwell (heat map: person-seconds per cell where the feet stood)', () => {
  it('gives a person standing 10 s at one spot 10 person-seconds in the cell of their feet', () => {
    const points = Array.from({ length: 21 }, (_, i) => ({ t: i * 0.5, box: standingAt(0.3, 0.8) }));
    const cells = addDwell(emptyCells(), [{ points }]);
    // 20 steps of 0.5 s, and the last point its usual step.
    expect(cells[cellAt(0.3, 0.8)]).toBeCloseTo(10.5, 5);
    expect(cells.reduce((a, b) => a + b, 0)).toBeCloseTo(10.5, 5);
  });

  it('spreads a walker over the cells they cross, and two people add up', () => {
    const walker = Array.from({ length: 9 }, (_, i) => ({ t: i * 0.5, box: standingAt(0.1 + i * 0.1, 0.5) }));
    const stander = [0, 0.5, 1].map((t) => ({ t, box: standingAt(0.1, 0.5) }));
    const cells = addDwell(emptyCells(), [{ points: walker }, { points: stander }]);
    expect(cells[cellAt(0.5, 0.5)]).toBeCloseTo(0.5, 5);
    expect(cells[cellAt(0.1, 0.5)]).toBeCloseTo(0.5 + 1.5, 5);
    expect(cells.filter((v) => v > 0)).toHaveLength(9);
  });

  it('counts a gap in a track (nobody seen) at most MAX_STEP_SEC, and ignores points out of order', () => {
    const points = [
      { t: 10, box: standingAt(0.5, 0.5) },
      { t: 0, box: standingAt(0.5, 0.5) },
      { t: 0.5, box: standingAt(0.5, 0.5) },
    ];
    const cells = addDwell(emptyCells(), [{ points }]);
    // 0 → 0.5: 0.5 s; 0.5 → 10: capped at 1 s; the last point: 0.5 s.
    expect(cells[cellAt(0.5, 0.5)]).toBeCloseTo(2, 5);
  });

  it('keeps feet at the picture’s bottom edge in the last row', () => {
    const cells = addDwell(emptyCells(), [{ points: [{ t: 0, box: { x: 0.95, y: 0.9, w: 0.05, h: 0.1 } }] }]);
    expect(cells[HEATMAP_CELLS - 2]! + cells[HEATMAP_CELLS - 1]!).toBeCloseTo(0.5, 5);
  });
});

describe('stored cells', () => {
  it('round-trip through their float32 bytes and add up', () => {
    const cells = emptyCells();
    cells[0] = 1.5;
    cells[HEATMAP_COLS + 3] = 42.25;
    const sum = new Float64Array(HEATMAP_CELLS);
    addEncodedCells(sum, encodeCells(cells));
    addEncodedCells(sum, new Uint8Array(encodeCells(cells)));
    expect(sum[0]).toBe(3);
    expect(sum[HEATMAP_COLS + 3]).toBe(84.5);
    expect(() => addEncodedCells(sum, new Uint8Array(12))).toThrow(/expected/);
  });
});

describe('pearson', () => {
  it('is 1 for proportional grids, about 0 for unrelated ones, NaN for a flat one', () => {
    expect(pearson([1, 2, 3, 0], [2, 4, 6, 0])).toBeCloseTo(1, 10);
    expect(pearson([1, 0, 1, 0], [1, 1, 0, 0])).toBeCloseTo(0, 10);
    expect(pearson([1, 1, 1], [1, 2, 3])).toBeNaN();
  });
});
