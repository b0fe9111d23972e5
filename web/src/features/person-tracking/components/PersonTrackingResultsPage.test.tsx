// person-tracking/results (advanced.md §2, §4): each analysis with its camera, state (progress while running, the
// reason when it failed) and a link to its result; `?camera=` lists one camera's and says so.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCatalog } from '../../../lib/i18n.ts';
import ja from '../../../locales/ja.ts';
import PersonTrackingResultsPage from './PersonTrackingResultsPage.tsx';

const base = {
  kind: 'person_tracking',
  camera_code: 'cam-1',
  camera_name: 'ライン1',
  start: '2026-11-20T01:00:00.000Z',
  end: '2026-11-20T02:00:00.000Z',
  error: null,
  requested_by: 'デモ',
  requested_at: '2026-11-26T01:00:00.000Z',
  finished_at: null,
};
const analyses = [
  { ...base, id: '3', state: 'running', clips_done: 12, clips_total: 60 },
  { ...base, id: '2', state: 'request_failed', clips_done: 0, clips_total: 0, error: 'no_recordings' },
  { ...base, id: '1', state: 'completed', clips_done: 60, clips_total: 60 },
];
const asked: string[] = [];

beforeEach(() => {
  setCatalog('ja', ja);
  asked.length = 0;
  vi.stubGlobal('fetch', (url: string) => {
    asked.push(url);
    const body = url.startsWith('/api/cameras')
      ? { data: { cameras: [{ camera_code: 'cam-1', camera_name: 'ライン1', thumb_url: null }] } }
      : { data: { analyses } };
    return Promise.resolve(
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }),
    );
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderAt = (path: string) =>
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={[path]}>
          <PersonTrackingResultsPage />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );

describe('PersonTrackingResultsPage', () => {
  it('lists each analysis with its state, progress, reason and result link', async () => {
    renderAt('/person-tracking/results');
    const rows = await screen.findAllByTestId('analysis-row');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByTestId('analysis-state')).toHaveTextContent('分析中');
    expect(within(rows[0]!).getByText('12 / 60 本の録画')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('期間内に録画がありません。')).toBeInTheDocument();
    expect(within(rows[2]!).getByRole('link', { name: '結果を見る' })).toHaveAttribute(
      'href',
      '/person-tracking/results/1',
    );
    expect(screen.queryByTestId('camera-filter')).toBeNull();
  });

  it('asks for one camera’s analyses with ?camera= and says so', async () => {
    renderAt('/person-tracking/results?camera=cam-1');
    const filter = await screen.findByTestId('camera-filter');
    await waitFor(() => expect(filter).toHaveTextContent('ライン1の分析のみ表示しています。'));
    expect(asked).toContain('/api/person-tracking/analyses?camera_code=cam-1');
  });
});
