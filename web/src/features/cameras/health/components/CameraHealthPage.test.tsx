// The camera health page and the information dialog's health section (issue 22): the cameras in the server's order
// of trouble with status, since, uptime, newest recording and still, storage and retention, each linked to its
// camera; pages through the address; a failed load says so; the dialog's section shows one camera's health with
// its status changes.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import type { CameraHealth, CameraHealthDetail, CameraHealthList } from '@camwatch/contract/camera-health';
import { setCatalog } from '../../../../lib/i18n.ts';
import ja from '../../../../locales/ja.ts';
import CameraHealthPage from './CameraHealthPage.tsx';
import CameraHealthSection from './CameraHealthSection.tsx';

const base: CameraHealth = {
  camera_code: 'cam-ok',
  camera_name: '正門',
  location_name: '本社',
  watch_status: 'normal',
  status_since: '2026-11-01T00:00:00Z',
  last_seen_at: '2026-11-26T10:00:00Z',
  first_seen_at: '2026-11-01T00:00:00Z',
  uptime_7d: 1,
  uptime_30d: 1,
  last_clip_at: '2026-11-26T09:59:00Z',
  oldest_clip_at: '2026-11-12T10:00:00Z',
  last_still_at: '2026-11-26T09:59:00Z',
  storage_bytes: 5 * 1024 * 1024,
  clip_count: 20_000,
  retention_days: 14,
};
const down: CameraHealth = {
  ...base,
  camera_code: 'cam-down',
  camera_name: '搬入口',
  watch_status: 'down',
  status_since: '2026-11-26T08:00:00Z',
  uptime_7d: 0.98765,
  uptime_30d: 0.995,
};

let answers: Record<string, { status: number; body: unknown }>;
const asked: string[] = [];

beforeEach(() => {
  setCatalog('ja', ja);
  asked.length = 0;
  answers = {};
  vi.stubGlobal('fetch', async (requested: string) => {
    asked.push(requested);
    const answer = answers[requested] ?? {
      status: 404,
      body: { error: { code: 'not_found', message: 'x' } },
    };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const list = (cameras: CameraHealth[], extra: Partial<CameraHealthList> = {}): CameraHealthList => ({
  cameras,
  total: cameras.length,
  page: 1,
  count: 50,
  down: cameras.filter((c) => c.watch_status === 'down').length,
  at: '2026-11-26T10:00:00Z',
  ...extra,
});

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

function renderPage(path = '/health') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: '/health',
        element: (
          <>
            <CameraHealthPage />
            <Where />
          </>
        ),
      },
      { path: '/detail/:code', element: <Where /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('camera health page', () => {
  it('lists the cameras in the server’s order with their health, each linked to its camera', async () => {
    answers['/api/camera-health?page=1'] = { status: 200, body: { data: list([down, base]) } };
    renderPage();
    const table = await screen.findByRole('table', { name: 'カメラの稼働状況の一覧' });
    expect(screen.getByText('全 2 台、停止中 1 台')).toBeInTheDocument();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.getAttribute('data-camera'))).toEqual(['cam-down', 'cam-ok']);
    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(first).toHaveTextContent('停止中');
    expect(first).toHaveTextContent(/から停止中（/);
    expect(first).toHaveTextContent('98.76 %');
    expect(first).toHaveTextContent('99.50 %');
    expect(first).toHaveTextContent('5 MB');
    expect(first).toHaveTextContent('14 日');
    expect(second).toHaveTextContent('稼働中');
    expect(second).toHaveTextContent('100 %');
    await userEvent.click(within(first).getByRole('link', { name: '搬入口' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/detail/cam-down');
  });

  it('pages through the address', async () => {
    const many = list([base], { total: 120, page: 2 });
    answers['/api/camera-health?page=2'] = { status: 200, body: { data: many } };
    answers['/api/camera-health?page=3'] = { status: 200, body: { data: { ...many, page: 3 } } };
    renderPage('/health?page=2');
    const pager = await screen.findByRole('navigation', { name: '稼働状況のページ' });
    await userEvent.click(within(pager).getByRole('button', { name: '3 ページ目' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/health?page=3');
    expect(asked).toContain('/api/camera-health?page=3');
  });

  it('says so when the list cannot be loaded, and when there is no camera', async () => {
    answers['/api/camera-health?page=1'] = {
      status: 500,
      body: { error: { code: 'internal', message: 'x' } },
    };
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('稼働状況を読み込めませんでした');
    cleanup();
    answers['/api/camera-health?page=1'] = { status: 200, body: { data: list([]) } };
    renderPage();
    expect(await screen.findByText('カメラがありません。')).toBeInTheDocument();
  });
});

describe('the information dialog’s health section', () => {
  it('shows one camera’s health and its status changes', async () => {
    const detail: CameraHealthDetail = {
      ...down,
      last_still_at: null,
      changes: [
        { status: 'down', at: '2026-11-26T08:00:00Z' },
        { status: 'normal', at: '2026-11-20T08:00:00Z' },
      ],
    };
    answers['/api/cameras/cam-down/health'] = { status: 200, body: { data: detail } };
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <MantineProvider>
        <QueryClientProvider client={client}>
          <CameraHealthSection code="cam-down" />
        </QueryClientProvider>
      </MantineProvider>,
    );
    const section = await screen.findByRole('table', { name: '稼働状況' });
    expect(within(section).getByTestId('health-since')).toHaveTextContent(/から停止中（/);
    expect(within(section).getByTestId('health-uptime-7d')).toHaveTextContent('98.76 %');
    expect(section).toHaveTextContent('20,000 分の録画');
    expect(section).toHaveTextContent('なし');
    expect(section).toHaveTextContent(/停止.*復旧/);
  });
});
