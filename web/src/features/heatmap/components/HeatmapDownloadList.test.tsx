import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HeatmapDownload } from '@camwatch/contract/heatmap-downloads';
import { formatDateTime } from '../../../lib/format.ts';
import { setCatalog } from '../../../lib/i18n.ts';
import ja from '../../../locales/ja.ts';
import { HeatmapDownloadList } from './HeatmapDownloadList.tsx';

const base: HeatmapDownload = {
  download_id: '1',
  camera_codes: ['cam-1'],
  start: '2026-11-01',
  end: '2026-11-10',
  hour_from: 0,
  hour_to: 24,
  weekdays: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
  per: 'day',
  time_zone: 'Asia/Tokyo',
  status: 'ready',
  progress: 1,
  bytes: 1000,
  file_url: '/api/heatmap/downloads/1/file',
  error: null,
  created_at: '2026-11-20T01:00:00.000Z',
  expires_at: '2026-11-27T01:02:00.000Z',
};
const downloads: HeatmapDownload[] = [
  { ...base, download_id: '3', status: 'running', progress: 0.25, file_url: null, expires_at: null },
  {
    ...base,
    download_id: '2',
    per: 'period',
    status: 'failed',
    progress: 0.1,
    file_url: null,
    expires_at: null,
    error: 'the cameras of the batch have been removed',
  },
  base,
];

let listCalls = 0;
beforeEach(() => {
  setCatalog('ja', ja);
  listCalls = 0;
  vi.stubGlobal('fetch', () => {
    listCalls++;
    const body = { data: { downloads, allowance: { month: '2026-11', used_bytes: 0, limit_bytes: 1 } } };
    return Promise.resolve(
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }),
    );
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('recent heat map downloads (advanced.md heat map batch download)', () => {
  it('is asked for only when opened, then shows each batch’s state, times, link or failure', async () => {
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MantineProvider>
          <HeatmapDownloadList cameraNames={new Map([['cam-1', '梅田店 売場']])} />
        </MantineProvider>
      </QueryClientProvider>,
    );
    expect(listCalls).toBe(0);
    await user.click(screen.getByRole('button', { name: '最近のダウンロード' }));
    const rows = await screen.findAllByTestId('heatmap-download-row');
    expect(rows.map((row) => row.dataset.status)).toEqual(['running', 'failed', 'ready']);
    const [running, failed, ready] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(running).toHaveTextContent('作成中 25%');
    expect(within(running).getByRole('progressbar', { name: 'ファイル作成の進み具合' })).toBeInTheDocument();
    expect(within(running).queryByRole('link')).toBeNull();
    expect(failed).toHaveTextContent('2026/11/01 〜 2026/11/10（期間全体で1枚）');
    expect(failed).toHaveTextContent('ファイルの生成に失敗しました');
    expect(failed).not.toHaveTextContent('the cameras of the batch have been removed');
    expect(ready).toHaveTextContent('梅田店 売場');
    expect(ready).toHaveTextContent(`依頼日時：${formatDateTime(new Date(base.created_at))}`);
    expect(ready).toHaveTextContent(`保存期限：${formatDateTime(new Date(base.expires_at!))}`);
    const link = within(ready).getByRole('link', { name: 'ZIPファイルをダウンロード' });
    expect(link).toHaveAttribute('href', '/api/heatmap/downloads/1/file');
    expect(link).toHaveAttribute('download');
  });
});
