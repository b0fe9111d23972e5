import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '@camwatch/contract/auth';
import type { HeatmapDownload } from '@camwatch/contract/heatmap-downloads';
import { meQueryKey } from '../../../lib/current-user.ts';
import { setCatalog } from '../../../lib/i18n.ts';
import ja from '../../../locales/ja.ts';
import type { HeatmapView } from '../heatmap-rules.ts';
import { HeatmapDownloadButton } from './HeatmapDownloadButton.tsx';
import { HeatmapDownloadDialog } from './HeatmapDownloadDialog.tsx';

const TODAY = '2026-11-26';
const view: HeatmapView = {
  cameras: ['cam-1', 'cam-2'],
  start: '2026-11-01',
  end: '2026-11-10',
  hourFrom: 9,
  hourTo: 18,
  weekdays: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
  compare: null,
};
const names = new Map([
  ['cam-1', '梅田店 売場'],
  ['cam-2', '梅田店 レジ'],
]);
const allowance = { month: '2026-11', used_bytes: 1_572_864, limit_bytes: 50 * 1024 ** 3 };

const download = (over: Partial<HeatmapDownload> = {}): HeatmapDownload => ({
  download_id: '41',
  camera_codes: ['cam-1', 'cam-2'],
  start: '2026-11-01',
  end: '2026-11-10',
  hour_from: 9,
  hour_to: 18,
  weekdays: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
  per: 'day',
  time_zone: 'Asia/Tokyo',
  status: 'queued',
  progress: 0,
  bytes: 20 * 200_000,
  file_url: null,
  error: null,
  created_at: '2026-11-26T01:00:00.000Z',
  expires_at: null,
  ...over,
});

type Answer = { status: number; body: unknown };
interface Server {
  post: Answer;
  /** The status call's answers in turn; the last one repeats. */
  statuses: HeatmapDownload[];
  posted: unknown[];
  statusCalls: number;
  allowance: typeof allowance;
}

let server: Server;

beforeEach(() => {
  setCatalog('ja', ja);
  server = { post: { status: 200, body: {} }, statuses: [], posted: [], statusCalls: 0, allowance };
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    const json = (status: number, body: unknown) =>
      Promise.resolve(
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
      );
    if (url === '/api/heatmap/downloads' && init.method === 'POST') {
      server.posted.push(JSON.parse(String(init.body)));
      // A batch taken counts against the month's allowance from then on.
      const taken = (server.post.body as { data?: { allowance?: typeof allowance } }).data?.allowance;
      if (server.post.status === 200 && taken) server.allowance = taken;
      return json(server.post.status, server.post.body);
    }
    if (url === '/api/heatmap/downloads')
      return json(200, { data: { downloads: [], allowance: server.allowance } });
    if (url === '/api/heatmap/downloads/41') {
      const answer = server.statuses[Math.min(server.statusCalls, server.statuses.length - 1)];
      server.statusCalls++;
      return json(200, { data: { download: answer } });
    }
    return json(404, { error: { code: 'not_found', message: url } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function renderDialog(onClose = () => {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MantineProvider>
        <HeatmapDownloadDialog
          view={view}
          cameraNames={names}
          today={TODAY}
          timeZone="Asia/Tokyo"
          onClose={onClose}
        />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return screen.getByRole('dialog', { name: 'ヒートマップの一括ダウンロード' });
}

describe('the heat map batch download dialog (advanced.md: archive and heat map batch download)', () => {
  it('opens with the screen’s choices, the allowance of the month and what will be made', async () => {
    const user = userEvent.setup();
    const dialog = renderDialog();
    expect(within(dialog).getByLabelText(/^開始日/)).toHaveValue('2026-11-01');
    expect(within(dialog).getByLabelText(/^終了日/)).toHaveValue('2026-11-10');
    expect(within(dialog).getByTestId('heatmap-download-cameras')).toHaveTextContent(
      '梅田店 売場、梅田店 レジ',
    );
    expect(within(dialog).getByTestId('heatmap-download-filter')).toHaveTextContent(
      '時間帯：9:00〜18:00 曜日：すべて',
    );
    await waitFor(() =>
      expect(within(dialog).getByTestId('heatmap-download-allowance')).toHaveTextContent(
        '今月のダウンロード量：1.5 MB / 50 GB',
      ),
    );
    const count = within(dialog).getByTestId('heatmap-download-count');
    expect(count).toHaveTextContent('2台 × 10日 = 20枚の画像');
    await user.click(within(dialog).getByRole('radio', { name: '期間全体で1枚' }));
    expect(count).toHaveTextContent('2台 × 期間全体 = 2枚の画像');
    await user.click(within(dialog).getByRole('radio', { name: '1日ごとに1枚' }));
    await user.clear(within(dialog).getByLabelText(/^開始日/));
    await user.type(within(dialog).getByLabelText(/^開始日/), '2026-11-09');
    expect(count).toHaveTextContent('2台 × 2日 = 4枚の画像');
  });

  it('refuses a period after today before asking the server', async () => {
    const user = userEvent.setup();
    const dialog = renderDialog();
    const end = within(dialog).getByLabelText(/^終了日/);
    await user.clear(end);
    await user.type(end, '2026-11-27');
    expect(within(dialog).getByText('今日より後の日付は選べません')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'ダウンロードを依頼' })).toBeDisabled();
    expect(server.posted).toEqual([]);
  });

  it('shows the server’s 400 by field: the date under its field, the others listed', async () => {
    const user = userEvent.setup();
    server.post = {
      status: 400,
      body: {
        errors: { end: ['must not be after today'], 'weekdays.0': ['no day'], hour_to: ['must be after'] },
        codes: { end: ['bad_range'], 'weekdays.0': ['bad_range'], hour_to: ['bad_range'] },
      },
    };
    const dialog = renderDialog();
    await user.click(within(dialog).getByRole('button', { name: 'ダウンロードを依頼' }));
    await waitFor(() => expect(within(dialog).getByText('期間が正しくありません')).toBeInTheDocument());
    expect(within(dialog).getByLabelText(/^終了日/)).toHaveAccessibleDescription('期間が正しくありません');
    const listed = within(dialog).getByTestId('heatmap-download-field-errors');
    expect(listed).toHaveTextContent('終了時刻：終了時刻は開始時刻より後にしてください');
    expect(listed).toHaveTextContent('曜日：期間の中に、選んだ曜日にあたる日がありません');
    expect(server.posted).toEqual([
      {
        camera_codes: ['cam-1', 'cam-2'],
        start: '2026-11-01',
        end: '2026-11-10',
        hour_from: 9,
        hour_to: 18,
        per: 'day',
        time_zone: 'Asia/Tokyo',
      },
    ]);
    // The form stays, so the period can be corrected.
    expect(within(dialog).getByRole('button', { name: 'ダウンロードを依頼' })).toBeEnabled();
  });

  it('names the camera a 404 refused, and says when the allowance is used up', async () => {
    const user = userEvent.setup();
    server.post = { status: 404, body: { error: { code: 'not_found', message: 'camera cam-2 not found' } } };
    const dialog = renderDialog();
    await user.click(within(dialog).getByRole('button', { name: 'ダウンロードを依頼' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'カメラ「梅田店 レジ」が見つからないか、ヒートマップに対応していません',
    );
    server.post = { status: 200, body: { result: 'failed', data: { reason: 'limit_exceeded' } } };
    await user.click(within(dialog).getByRole('button', { name: 'ダウンロードを依頼' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent('今月のダウンロード上限を超えています'),
    );
  });

  it('on success shows the progress every 2 s, then the link to the ZIP, and stops asking', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    server.post = {
      status: 200,
      body: { data: { download: download(), allowance: { ...allowance, used_bytes: 5_572_864 } } },
    };
    server.statuses = [
      download({ status: 'running', progress: 0.4 }),
      download({
        status: 'ready',
        progress: 1,
        bytes: 3_145_728,
        file_url: '/api/heatmap/downloads/41/file',
        expires_at: '2026-12-03T01:05:00.000Z',
      }),
    ];
    const dialog = renderDialog();
    await user.click(within(dialog).getByRole('button', { name: 'ダウンロードを依頼' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('status')).toHaveTextContent('ファイルを作成しています…（40%）'),
    );
    expect(within(dialog).getByRole('progressbar', { name: 'ファイル作成の進み具合' })).toBeInTheDocument();
    expect(within(dialog).getByTestId('heatmap-download-allowance')).toHaveTextContent('5.3 MB / 50 GB');
    expect(within(dialog).queryByRole('link')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    const link = await within(dialog).findByRole('link', { name: 'ZIPファイルをダウンロード' });
    expect(link).toHaveAttribute('href', '/api/heatmap/downloads/41/file');
    expect(link).toHaveAttribute('download');
    expect(within(dialog).getByRole('status')).toHaveTextContent('ファイルの準備ができました（3 MB）');
    expect(within(dialog).getByTestId('heatmap-download-kept')).toHaveTextContent(
      'お知らせからもダウンロードできます。ファイルは7日間',
    );
    const asked = server.statusCalls;
    expect(asked).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(server.statusCalls).toBe(asked);
  });

  it('says when making the file failed', async () => {
    const user = userEvent.setup();
    server.post = { status: 200, body: { data: { download: download(), allowance } } };
    server.statuses = [download({ status: 'failed', error: 'boom' })];
    const dialog = renderDialog();
    await user.click(within(dialog).getByRole('button', { name: 'ダウンロードを依頼' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('ファイルの生成に失敗しました');
    expect(within(dialog).queryByRole('link')).toBeNull();
  });
});

describe('the batch download button', () => {
  function renderButton(batchDownload: boolean) {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(meQueryKey, { permissions: { heatmap: true, batchDownload } } as unknown as UserInfo);
    render(
      <QueryClientProvider client={client}>
        <MantineProvider>
          <HeatmapDownloadButton view={view} cameraNames={names} today={TODAY} timeZone="Asia/Tokyo" />
        </MantineProvider>
      </QueryClientProvider>,
    );
  }

  it('without the batchDownload right is disabled and its tooltip says there is no permission', async () => {
    const user = userEvent.setup();
    renderButton(false);
    const button = screen.getByRole('button', { name: '一括ダウンロード' });
    expect(button).toBeDisabled();
    await user.hover(screen.getByTestId('heatmap-download-no-permission'));
    expect(await screen.findByRole('tooltip', { hidden: true })).toHaveTextContent('権限がありません');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('with the right opens the dialog, which Escape closes', async () => {
    const user = userEvent.setup();
    renderButton(true);
    await user.click(screen.getByRole('button', { name: '一括ダウンロード' }));
    expect(await screen.findByRole('dialog', { name: 'ヒートマップの一括ダウンロード' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
