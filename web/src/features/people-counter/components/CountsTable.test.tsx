import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PeopleCounts } from '@camwatch/contract/people-counts';
import { initI18n } from '../../../lib/i18n.ts';
import { CountsTable } from './CountsTable.tsx';
import { PeriodComparison } from './PeriodComparison.tsx';

beforeAll(async () => {
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      addEventListener() {},
      removeEventListener() {},
    }) as unknown as MediaQueryList;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  await initI18n();
});
afterEach(cleanup);

const counts: PeopleCounts = {
  start: '2026-11-04',
  end: '2026-11-16',
  unit: 'week',
  time_zone: 'Asia/Tokyo',
  cameras: [{ camera_code: 'cam-1', camera_name: '入口' }],
  buckets: [
    { start: '2026-11-02T00:00:00+09:00', in: 1200, out: 1100, staffIn: 30, staffOut: 28 },
    { start: '2026-11-09T00:00:00+09:00', in: 5, out: 4, staffIn: 2, staffOut: 0 },
    { start: '2026-11-16T00:00:00+09:00', in: 0, out: 0, staffIn: 0, staffOut: 0 },
  ],
  totals: { in: 1205, out: 1104, staffIn: 32, staffOut: 28 },
};

describe('the counts table (advanced.md §2 people counter)', () => {
  it('one row per bucket, customers and staff apart, and the totals in the last row', () => {
    render(
      <MantineProvider>
        <CountsTable counts={counts} language="ja" />
      </MantineProvider>,
    );
    const table = screen.getByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      '期間',
      '入場（来店客）',
      '入場（スタッフ）',
      '入場（計）',
      '退場（来店客）',
      '退場（スタッフ）',
      '退場（計）',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    const cells = rows.map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent));
    expect(cells).toEqual([
      // The first week began before the period: it is named from the period's first day.
      ['2026/11/04〜', '1,170', '30', '1,200', '1,072', '28', '1,100'],
      ['2026/11/09〜', '3', '2', '5', '4', '0', '4'],
      ['2026/11/16〜', '0', '0', '0', '0', '0', '0'],
      ['合計', '1,173', '32', '1,205', '1,076', '28', '1,104'],
    ]);
  });

  it('the comparison gives both periods and the change, none from nothing', () => {
    render(
      <MantineProvider>
        <PeriodComparison
          current={{ period: { start: '2026-11-04', end: '2026-11-16' }, totals: counts.totals }}
          other={{
            period: { start: '2026-10-22', end: '2026-11-03' },
            totals: { in: 1000, out: 1000, staffIn: 0, staffOut: 40 },
          }}
          periodText={(p) => `${p.start}..${p.end}`}
          language="ja"
        />
      </MantineProvider>,
    );
    const table = screen.getByTestId('people-comparison');
    const row = (name: string) =>
      within(within(table).getByRole('rowheader', { name }).closest('tr')!)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(row('入場（来店客）')).toEqual(['1,173', '1,000', '+17.3%']);
    expect(row('入場（スタッフ）')).toEqual(['32', '0', '—']);
    expect(row('退場（スタッフ）')).toEqual(['28', '40', '-30%']);
    expect(screen.getByText(/2026-11-04\.\.2026-11-16/)).toBeInTheDocument();
  });
});
