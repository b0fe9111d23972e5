import { HEATMAP_CELLS, HEATMAP_COLS, HEATMAP_ROWS } from '@camwatch/contract/heatmap-rules';
import { describe, expect, it } from 'vitest';
import { addDwell, addEncodedCells, emptyCells, encodeCells, pearson } from './heat-grid.ts';

/** A box whose feet (bottom centre) stand at x, y. */
const standingAt = (x: number, y: number) => ({ x: x - 0.02, y: y - 0.2, w: 0.04, h: 0.2 });
/** The centre of a cell, where a foot counts wholly in that cell. */
const centre = (col: number, row: number) =>
  [(col + 0.5) / HEATMAP_COLS, (row + 0.5) / HEATMAP_ROWS] as const;
const cell = (col: number, row: number) => row * HEATMAP_COLS + col;

describe('addDwell (heat map: person-seconds per cell where the feet stood)', () => {
  it('gives a person standing 10 s at one spot 10 person-seconds in the cell of their feet', () => {
    const points = Array.from({ length: 21 }, (_, i) => ({ t: i * 0.5, box: standingAt(...centre(9, 14)) }));
    const cells = addDwell(emptyCells(), [{ points }]);
    // 20 steps of 0.5 s, and the last point its usual step.
    expect(cells[cell(9, 14)]).toBeCloseTo(10.5, 5);
    expect(cells.reduce((a, b) => a + b, 0)).toBeCloseTo(10.5, 5);
  });

  it('spreads a walker over the cells they cross, and two people add up', () => {
    const walker = Array.from({ length: 9 }, (_, i) => ({
      t: i * 0.5,
      box: standingAt(...centre(3 + i, 9)),
    }));
    const stander = [0, 0.5, 1].map((t) => ({ t, box: standingAt(...centre(3, 9)) }));
    const cells = addDwell(emptyCells(), [{ points: walker }, { points: stander }]);
    expect(cells[cell(7, 9)]).toBeCloseTo(0.5, 5);
    expect(cells[cell(3, 9)]).toBeCloseTo(0.5 + 1.5, 5);
    expect(cells.filter((v) => v > 1e-6)).toHaveLength(9);
  });

  it('shares a foot between the cells around it, so a box a few pixels lower moves a little heat', () => {
    // On the line between rows 13 and 14, halfway across column 20: half in each row.
    const [x] = centre(20, 0);
    const onEdge = addDwell(emptyCells(), [{ points: [{ t: 0, box: standingAt(x, 14 / HEATMAP_ROWS) }] }]);
    expect(onEdge[cell(20, 13)]).toBeCloseTo(0.25, 5);
    expect(onEdge[cell(20, 14)]).toBeCloseTo(0.25, 5);
    const lower = addDwell(emptyCells(), [{ points: [{ t: 0, box: standingAt(x, 14.1 / HEATMAP_ROWS) }] }]);
    expect(lower[cell(20, 14)]).toBeCloseTo(0.3, 5);
    expect(lower[cell(20, 13)]).toBeCloseTo(0.2, 5);
  });

  it('counts a gap in a track (nobody seen) at most MAX_STEP_SEC, and ignores points out of order', () => {
    const at = standingAt(...centre(16, 9));
    const points = [
      { t: 10, box: at },
      { t: 0, box: at },
      { t: 0.5, box: at },
    ];
    const cells = addDwell(emptyCells(), [{ points }]);
    // 0 → 0.5: 0.5 s; 0.5 → 10: capped at 1 s; the last point: 0.5 s.
    expect(cells[cell(16, 9)]).toBeCloseTo(2, 5);
  });

  it('leaves out people cut by the picture’s bottom edge (feet not in view); feet just above it count in the last row', () => {
    const cut = addDwell(emptyCells(), [{ points: [{ t: 0, box: { x: 0.5, y: 0.8, w: 0.05, h: 0.2 } }] }]);
    expect(cut.reduce((a, b) => a + b, 0)).toBe(0);
    const [x] = centre(30, 0);
    const low = addDwell(emptyCells(), [{ points: [{ t: 0, box: standingAt(x, 0.985) }] }]);
    expect(low[HEATMAP_CELLS - 2]).toBeCloseTo(0.5, 5);
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
