// One operation analysis result (advanced.md §2 operation-analysis/results/{id}): per area the working and idle
// time and sessions, each session on the time line and in the list as a link into the recording at its start,
// the time without recordings drawn apart, the chart and the CSV once completed; a running analysis shows its
// progress and no figures; a failed one says why.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OperationAnalysisResult } from '@camwatch/contract/operation-analysis';
import { DEFAULT_OPERATION_DETECTION_SETTING } from '@camwatch/contract/operation-analysis-rules';
import { setCatalog } from '../../../lib/i18n.ts';
import ja from '../../../locales/ja.ts';
import OperationAnalysisResultPage from './OperationAnalysisResultPage.tsx';

const square = [
  { x: 0.1, y: 0.1 },
  { x: 0.3, y: 0.1 },
  { x: 0.3, y: 0.3 },
];
const analysis = {
  id: '7',
  kind: 'operation_analysis' as const,
  camera_code: 'cam-1',
  camera_name: 'ライン1',
  start: '2026-11-20T01:00:00.000Z',
  end: '2026-11-20T01:10:00.000Z',
  state: 'completed' as const,
  clips_done: 10,
  clips_total: 10,
  error: null,
  requested_by: 'demo',
  requested_at: '2026-11-20T03:00:00.000Z',
  finished_at: '2026-11-20T03:04:00.000Z',
};
const completed: OperationAnalysisResult = {
  analysis,
  setting: {
    operationAreaList: [
      { operationAreaName: 'ライン A', points: square },
      { operationAreaName: 'ライン B', points: square },
    ],
    detectionSetting: { ...DEFAULT_OPERATION_DETECTION_SETTING },
  },
  clips_skipped: 0,
  result: {
    recorded: [
      { start: '2026-11-20T01:00:00.000Z', end: '2026-11-20T01:05:00.000Z' },
      { start: '2026-11-20T01:06:00.000Z', end: '2026-11-20T01:10:00.000Z' },
    ],
    recorded_sec: 540,
    areas: [
      {
        name: 'ライン A',
        points: square,
        sessions: [
          { start: '2026-11-20T01:00:30.000Z', end: '2026-11-20T01:02:35.000Z' },
          { start: '2026-11-20T01:07:00.000Z', end: '2026-11-20T01:08:00.000Z' },
        ],
        working_sec: 185,
        idle_sec: 355,
        session_count: 2,
      },
      { name: 'ライン B', points: square, sessions: [], working_sec: 0, idle_sec: 540, session_count: 0 },
    ],
  },
};

let answer: OperationAnalysisResult = completed;
beforeEach(() => {
  setCatalog('ja', ja);
  vi.stubGlobal('fetch', () =>
    Promise.resolve(
      new Response(JSON.stringify({ data: answer }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage() {
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/operation-analysis/results/7']}>
          <Routes>
            <Route path="/operation-analysis/results/:id" element={<OperationAnalysisResultPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('OperationAnalysisResultPage', () => {
  it('shows each area’s times, its sessions on the time line and in the list with links, and the CSV', async () => {
    answer = completed;
    renderPage();
    const areas = await screen.findAllByTestId('area-row');
    expect(areas).toHaveLength(2);
    expect(within(areas[0]!).getByTestId('area-working')).toHaveTextContent('3:05');
    expect(within(areas[0]!).getByText('5:55')).toBeInTheDocument();
    expect(within(areas[0]!).getByText('34.3 %')).toBeInTheDocument();
    expect(within(areas[0]!).getByTestId('area-sessions')).toHaveTextContent('2');
    expect(within(areas[1]!).getByTestId('area-working')).toHaveTextContent('0:00');
    expect(screen.getByTestId('recorded-time')).toHaveTextContent('録画のある時間 9:00（期間 10:00）');

    const rows = screen.getAllByTestId('timeline-row');
    expect(rows).toHaveLength(2);
    const bars = within(rows[0]!).getAllByTestId('timeline-session');
    expect(bars).toHaveLength(2);
    expect(bars[0]).toHaveAttribute('href', '/detail/cam-1?date=2026-11-20T01%3A00%3A30.000Z');
    expect(bars[0]!.style.left).toBe('5%');
    // The minute without recordings is drawn on every row.
    expect(within(rows[1]!).getAllByTitle('録画なし')).toHaveLength(1);

    const sessions = screen.getAllByTestId('session-row');
    expect(sessions).toHaveLength(2);
    expect(within(sessions[1]!).getByRole('link')).toHaveAttribute(
      'href',
      '/detail/cam-1?date=2026-11-20T01%3A07%3A00.000Z',
    );
    expect(within(sessions[0]!).getByText('2:05')).toBeInTheDocument();
    expect(screen.getByTestId('working-chart')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'CSVダウンロード' })).toHaveAttribute(
      'href',
      '/api/operation-analysis/analyses/7/csv?lang=ja',
    );
  });

  it('shows progress while running, and the reason when the request failed', async () => {
    answer = { ...completed, analysis: { ...analysis, state: 'running', clips_done: 4 }, result: null };
    renderPage();
    expect(await screen.findByText('4 / 10 本の録画')).toBeInTheDocument();
    expect(screen.queryByTestId('area-row')).toBeNull();
    expect(screen.queryByRole('link', { name: 'CSVダウンロード' })).toBeNull();
    cleanup();
    answer = {
      ...completed,
      analysis: { ...analysis, state: 'request_failed', error: 'no_recordings' },
      result: null,
    };
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('期間内に録画がありません。');
  });
});
