import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Heatmap } from '@camwatch/contract/heatmap';
import { HEATMAP_CELLS, HEATMAP_COLS, heatColour } from '@camwatch/contract/heatmap-rules';
import { setCatalog, type Language } from '../../../lib/i18n.ts';
import en from '../../../locales/en.ts';
import ja from '../../../locales/ja.ts';
import { HeatmapResult } from './HeatmapResult.tsx';

/** What the canvas was asked to paint: each filled rectangle with the fill style at the time. */
let fills: { style: string; x: number; y: number; w: number; h: number }[] = [];
let clears = 0;

beforeEach(() => {
  setCatalog('ja', ja);
  fills = [];
  clears = 0;
  const context = {
    fillStyle: '',
    clearRect() {
      clears++;
    },
    fillRect(x: number, y: number, w: number, h: number) {
      fills.push({ style: this.fillStyle, x, y, w, h });
    },
  };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () => context as unknown as CanvasRenderingContext2D,
  );
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const cellsWith = (values: Record<number, number>) =>
  Array.from({ length: HEATMAP_CELLS }, (_, i) => values[i] ?? 0);

const heatmap = (over: Partial<Heatmap> = {}): Heatmap => ({
  camera_code: 'cam-1',
  camera_name: '梅田店 売場',
  start: '2026-11-01',
  end: '2026-11-10',
  hour_from: 0,
  hour_to: 24,
  weekdays: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
  time_zone: 'Asia/Tokyo',
  cols: 32,
  rows: 18,
  // The hottest cell: column 4, row 2 (12 minutes); its right neighbour 3.5 minutes.
  cells: cellsWith({ [1 * HEATMAP_COLS + 3]: 720, [1 * HEATMAP_COLS + 4]: 210, 0: 30 }),
  max: 720,
  total: 960,
  analysed_hours: 12,
  picture_url: '/api/thumbs/cam-1.jpg',
  ...over,
});

const rgba = (share: number) => {
  const [r, g, b, a] = heatColour(share);
  return `rgba(${r}, ${g}, ${b}, ${a})`;
};

const renderResult = (props: Parameters<typeof HeatmapResult>[0]) => {
  // The texts follow the catalog in use, the numbers the language given, as in the app.
  const language = props.language as Language;
  setCatalog(language, language === 'en' ? (en as unknown as typeof ja) : ja);
  return render(
    <MantineProvider>
      <HeatmapResult {...props} />
    </MantineProvider>,
  );
};

describe('a camera’s heat map (advanced.md heat map)', () => {
  it('paints each cell with the contract’s colour for its share of the largest, over the picture', () => {
    renderResult({ current: { heatmap: heatmap(), periodText: 'p' }, language: 'ja' });
    expect(clears).toBeGreaterThan(0);
    // Three cells hold something; empty cells are not painted (the picture shows through).
    const last = fills.slice(-3);
    expect(last.map((fill) => fill.style)).toEqual([rgba(30 / 720), rgba(1), rgba(210 / 720)]);
    // Cell (3, 1) on the default 640 × 360 canvas: 20 × 20 pixels at (60, 20).
    expect(last[1]).toMatchObject({ x: 60, y: 20, w: 20, h: 20 });
    expect(screen.getByTestId('heatmap-picture').querySelector('img')).toHaveAttribute(
      'src',
      '/api/thumbs/cam-1.jpg',
    );
  });

  it('shows the legend in minutes from 0 to the largest cell, and the total', () => {
    renderResult({ current: { heatmap: heatmap(), periodText: 'p' }, language: 'ja' });
    const legend = screen.getByRole('group', { name: '凡例（人・分）' });
    expect(
      within(legend)
        .getAllByTestId('heatmap-legend-mark')
        .map((mark) => mark.textContent),
    ).toEqual(['0 分', '6 分', '12 分']);
    expect(screen.getByTestId('heatmap-total')).toHaveTextContent('合計 16 分（解析した時間 12 時間）');
  });

  it('says plainly that nothing was analysed instead of drawing', () => {
    renderResult({
      current: {
        heatmap: heatmap({ cells: cellsWith({}), max: 0, total: 0, analysed_hours: 0 }),
        periodText: 'p',
      },
      language: 'ja',
    });
    expect(screen.getByTestId('heatmap-empty')).toHaveTextContent('この期間の解析データはありません。');
    expect(screen.queryByTestId('heatmap-picture')).toBeNull();
    expect(screen.queryByTestId('heatmap-legend')).toBeNull();
    expect(fills).toEqual([]);
  });

  it('draws over a neutral background when the camera has no picture yet', () => {
    renderResult({ current: { heatmap: heatmap({ picture_url: null }), periodText: 'p' }, language: 'en' });
    const picture = screen.getByTestId('heatmap-picture');
    expect(picture.querySelector('img')).toBeNull();
    expect(within(picture).getByTestId('heatmap-no-picture')).toBeInTheDocument();
    expect(fills.length).toBeGreaterThan(0);
  });

  it('draws nothing, and does not fail, where the browser has no 2D canvas', () => {
    vi.mocked(HTMLCanvasElement.prototype.getContext).mockImplementation(() => null);
    renderResult({ current: { heatmap: heatmap(), periodText: 'p' }, language: 'ja' });
    expect(screen.getByTestId('heatmap-picture')).toBeInTheDocument();
    expect(fills).toEqual([]);
  });
});

describe('reading cells by keyboard and pointer', () => {
  it('starts on the hottest cell when the picture gets focus; arrow keys move and announce the value', async () => {
    const user = userEvent.setup();
    renderResult({ current: { heatmap: heatmap(), periodText: 'p' }, language: 'ja' });
    const value = screen.getByTestId('heatmap-cell-value');
    expect(value).toHaveAttribute('aria-live', 'polite');
    expect(value).toHaveTextContent('矢印キー');
    await user.tab();
    const grid = screen.getByRole('application', { name: '梅田店 売場 のヒートマップ' });
    expect(grid).toHaveFocus();
    expect(value).toHaveTextContent('列 4・行 2：12 分');
    await user.keyboard('{ArrowRight}');
    expect(value).toHaveTextContent('列 5・行 2：3.5 分');
    await user.keyboard('{ArrowDown}');
    expect(value).toHaveTextContent('列 5・行 3：0 分');
    await user.keyboard('{Home}');
    expect(value).toHaveTextContent('列 1・行 3：0 分');
    await user.keyboard('{PageUp}');
    expect(value).toHaveTextContent('列 1・行 1：0.5 分');
    // At the edge the arrow stays.
    await user.keyboard('{ArrowLeft}');
    expect(value).toHaveTextContent('列 1・行 1：0.5 分');
    expect(screen.getByTestId('heatmap-cell-marker')).toHaveStyle({ left: '0%', top: '0%' });
    // Leaving the picture leaves no cell marked.
    await user.tab();
    expect(grid).not.toHaveFocus();
    expect(value).toHaveTextContent('矢印キー');
    expect(screen.queryByTestId('heatmap-cell-marker')).toBeNull();
  });

  it('reads the cell under the pointer', () => {
    renderResult({ current: { heatmap: heatmap(), periodText: 'p' }, language: 'en' });
    const grid = screen.getByRole('application', { name: 'Heat map of 梅田店 売場' });
    vi.spyOn(grid, 'getBoundingClientRect').mockReturnValue({
      left: 100,
      top: 50,
      width: 320,
      height: 180,
      right: 420,
      bottom: 230,
      x: 100,
      y: 50,
      toJSON: () => ({}),
    });
    // 10 × 10 pixel cells: (145, 65) is column 5, row 2.
    fireEvent.pointerMove(grid, { clientX: 145, clientY: 65 });
    expect(screen.getByTestId('heatmap-cell-value')).toHaveTextContent('Column 5, row 2: 3.5 min');
    fireEvent.pointerLeave(grid);
    expect(screen.getByTestId('heatmap-cell-value')).toHaveTextContent('arrow keys');
  });
});

describe('comparing two periods', () => {
  it('shows both on one colour scale (the larger top), both totals and the change', () => {
    renderResult({
      current: { heatmap: heatmap(), periodText: '2026/11/01 〜 2026/11/10' },
      compared: {
        heatmap: heatmap({
          cells: cellsWith({ 5: 1440 }),
          max: 1440,
          total: 1440,
          start: '2026-10-22',
          end: '2026-10-31',
        }),
        periodText: '2026/10/22 〜 2026/10/31',
      },
      language: 'ja',
    });
    expect(screen.getAllByTestId('heatmap-picture')).toHaveLength(2);
    // One legend, up to the compared period's 24 minutes; the chosen period's hottest cell is half the scale.
    const marks = screen.getAllByTestId('heatmap-legend-mark').map((mark) => mark.textContent);
    expect(marks).toEqual(['0 分', '12 分', '24 分']);
    expect(fills.map((fill) => fill.style)).toEqual(expect.arrayContaining([rgba(0.5), rgba(1)]));
    const current = screen.getByTestId('heatmap-period-current');
    const compared = screen.getByTestId('heatmap-period-compared');
    expect(within(current).getByTestId('heatmap-total')).toHaveTextContent('合計 16 分');
    expect(within(compared).getByTestId('heatmap-total')).toHaveTextContent('合計 24 分');
    expect(within(compared).getByText('2026/10/22 〜 2026/10/31')).toBeInTheDocument();
    expect(screen.getByTestId('heatmap-change')).toHaveTextContent('-33.3%');
    expect(
      screen.getByRole('application', {
        name: '梅田店 売場（比較する期間 2026/10/22 〜 2026/10/31） のヒートマップ',
      }),
    ).toBeInTheDocument();
  });

  it('gives no change from an empty compared period, and says that period has no analysis', () => {
    renderResult({
      current: { heatmap: heatmap(), periodText: 'a' },
      compared: {
        heatmap: heatmap({ cells: cellsWith({}), max: 0, total: 0, analysed_hours: 0 }),
        periodText: 'b',
      },
      language: 'en',
    });
    expect(screen.getAllByTestId('heatmap-picture')).toHaveLength(1);
    expect(screen.getByTestId('heatmap-empty')).toHaveTextContent('No analysed recordings in this period.');
    expect(screen.getByTestId('heatmap-change')).toHaveTextContent('no change can be given');
    expect(screen.getAllByTestId('heatmap-legend-mark').at(-1)).toHaveTextContent('12 min');
  });
});
