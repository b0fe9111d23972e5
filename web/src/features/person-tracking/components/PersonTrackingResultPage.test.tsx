// One person tracking result (advanced.md §2 person-tracking/results/{id}): every tracked person is listed with a
// link into the recording at the moment they were first seen and drawn as a path over the picture; the CSV link
// is offered once completed; a running analysis shows its progress and no people; a failed one says why.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_PERSON_TRACKING_SETTING,
  type PersonTrackingResult,
} from '@camwatch/contract/person-tracking';
import { setCatalog } from '../../../lib/i18n.ts';
import ja from '../../../locales/ja.ts';
import PersonTrackingResultPage from './PersonTrackingResultPage.tsx';

const analysis = {
  id: '7',
  kind: 'person_tracking' as const,
  camera_code: 'cam-1',
  camera_name: 'ライン1',
  start: '2026-11-20T01:00:00.000Z',
  end: '2026-11-20T02:00:00.000Z',
  state: 'completed' as const,
  clips_done: 60,
  clips_total: 60,
  error: null,
  requested_by: 'demo',
  requested_at: '2026-11-20T03:00:00.000Z',
  finished_at: '2026-11-20T03:04:00.000Z',
};
const person = (id: string, at: string, isTransport: boolean) => ({
  id,
  first_at: at,
  last_at: '2026-11-20T01:05:00.000Z',
  path: [
    { t: at, x: 0.2, y: 0.8 },
    { t: '2026-11-20T01:05:00.000Z', x: 0.7, y: 0.8 },
  ],
  area_seconds: [{ name: 'ライン A', seconds: 125 }],
  is_transport: isTransport,
  max_score: 0.9,
});
const completed: PersonTrackingResult = {
  analysis,
  setting: {
    ...DEFAULT_PERSON_TRACKING_SETTING,
    trackingRange: [
      {
        name: 'ライン A',
        points: [
          { x: 0, y: 0.5 },
          { x: 1, y: 0.5 },
          { x: 1, y: 1 },
        ],
      },
    ],
  },
  picture_url: null,
  persons: [
    person('a-1', '2026-11-20T01:00:30.000Z', false),
    person('a-2', '2026-11-20T01:01:00.000Z', true),
  ],
  clips_skipped: 0,
};

let answer: PersonTrackingResult = completed;
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
        <MemoryRouter initialEntries={['/person-tracking/results/7']}>
          <Routes>
            <Route path="/person-tracking/results/:id" element={<PersonTrackingResultPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('PersonTrackingResultPage', () => {
  it('lists every person with times, area time and transport, draws their paths and offers the CSV', async () => {
    answer = completed;
    renderPage();
    const rows = await screen.findAllByTestId('person-row');
    expect(rows).toHaveLength(2);
    expect(screen.getByTestId('person-count')).toHaveTextContent('追跡した人物 2 人');
    const first = within(rows[0]!);
    expect(first.getAllByRole('link')[0]).toHaveAttribute(
      'href',
      '/detail/cam-1?date=2026-11-20T01%3A00%3A30.000Z',
    );
    expect(first.getByText('2:05')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('はい')).toBeInTheDocument();
    const picture = screen.getByRole('img', { name: 'ライン1の画像と人物の経路' });
    expect(picture.querySelectorAll('polyline')).toHaveLength(2);
    expect(picture.querySelectorAll('polygon')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'CSVダウンロード' })).toHaveAttribute(
      'href',
      '/api/person-tracking/analyses/7/csv?lang=ja',
    );
  });

  it('shows progress while running, and the reason when the request failed', async () => {
    answer = { ...completed, analysis: { ...analysis, state: 'running', clips_done: 15 }, persons: null };
    renderPage();
    expect(await screen.findByText('15 / 60 本の録画')).toBeInTheDocument();
    expect(screen.queryByTestId('person-row')).toBeNull();
    expect(screen.queryByRole('link', { name: 'CSVダウンロード' })).toBeNull();
    cleanup();
    answer = {
      ...completed,
      analysis: { ...analysis, state: 'request_failed', error: 'no_recordings' },
      persons: null,
    };
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('期間内に録画がありません。');
  });
});
