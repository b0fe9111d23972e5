// The person tracking request dialog (advanced.md §5 at most 3 hours, §8 too many requests): the period is checked
// as typed (the request button waits), a good one is sent with the browser's offset, and the server's refusals
// say why.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCatalog } from '../../../lib/i18n.ts';
import { dateTimeInputValue } from '../../../lib/local-time.ts';
import ja from '../../../locales/ja.ts';
import { PersonTrackingRequestDialog } from './PersonTrackingRequestDialog.tsx';

const job = {
  id: '5',
  kind: 'person_tracking',
  camera_code: 'cam-1',
  camera_name: 'ライン1',
  start: '2026-11-20T01:00:00.000Z',
  end: '2026-11-20T02:00:00.000Z',
  state: 'running',
  clips_done: 0,
  clips_total: 0,
  error: null,
  requested_by: 'demo',
  requested_at: '2026-11-26T01:00:00.000Z',
  finished_at: null,
};

let postStatus = 200;
const posted: unknown[] = [];
/** When set, the POST waits until this is called. */
let holdPost: Promise<void> | null = null;
beforeEach(() => {
  setCatalog('ja', ja);
  postStatus = 200;
  posted.length = 0;
  holdPost = null;
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    const json = (status: number, body: unknown) =>
      Promise.resolve(
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
      );
    if (url.startsWith('/api/cameras'))
      return json(200, {
        data: { cameras: [{ camera_code: 'cam-1', camera_name: 'ライン1', thumb_url: null }] },
      });
    if (url === '/api/person-tracking/camera/cam-1/analyses' && init.method === 'POST') {
      posted.push(JSON.parse(String(init.body)));
      if (holdPost) return holdPost.then(() => json(200, { data: { analysis: job } }));
      return postStatus === 200
        ? json(200, { data: { analysis: job } })
        : json(postStatus, { error: { code: 'too_many_requests', message: 'x' } });
    }
    return json(404, { error: { code: 'not_found', message: 'x' } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function open(onRequested = vi.fn(), onClose: () => void = () => {}) {
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <PersonTrackingRequestDialog
          opened
          onClose={onClose}
          cameraCode="cam-1"
          onRequested={onRequested}
          onOpenSetting={() => {}}
        />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return onRequested;
}

const hourAgo = (hours: number) =>
  dateTimeInputValue(Math.floor(Date.now() / 60_000) * 60_000 - hours * 3_600_000);

describe('PersonTrackingRequestDialog', () => {
  it('refuses a period over 3 hours as typed, and sends a good one with the offset', async () => {
    const onRequested = open();
    const submit = await screen.findByRole('button', { name: '依頼する' });
    fireEvent.change(screen.getByLabelText(/開始日時/), { target: { value: hourAgo(5) } });
    fireEvent.change(screen.getByLabelText(/終了日時/), { target: { value: hourAgo(1) } });
    expect(screen.getByText('期間は3時間以内にしてください。')).toBeInTheDocument();
    expect(submit).toBeDisabled();
    fireEvent.change(screen.getByLabelText(/開始日時/), { target: { value: hourAgo(3) } });
    expect(screen.queryByText('期間は3時間以内にしてください。')).toBeNull();
    await userEvent.click(submit);
    await waitFor(() => expect(onRequested).toHaveBeenCalledWith(job));
    const body = posted[0] as { start: string; end: string };
    expect(Date.parse(body.end) - Date.parse(body.start)).toBe(2 * 3_600_000);
    expect(body.start).toMatch(/[+-]\d\d:\d\d$/);
  });

  it('cannot be closed while the request is on its way', async () => {
    let release = () => {};
    holdPost = new Promise((resolve) => (release = resolve));
    const onClose = vi.fn();
    const onRequested = open(vi.fn(), onClose);
    await userEvent.click(await screen.findByRole('button', { name: '依頼する' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('button', { name: '閉じる' })).toBeDisabled());
    await userEvent.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    release();
    await waitFor(() => expect(onRequested).toHaveBeenCalledWith(job));
    await waitFor(() => expect(screen.getByRole('button', { name: '閉じる' })).toBeEnabled());
  });

  it('says when the request limit is reached', async () => {
    postStatus = 429;
    const onRequested = open();
    await userEvent.click(await screen.findByRole('button', { name: '依頼する' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'リクエスト数の上限に達しました。しばらく待ってから再度お試しください。',
    );
    expect(onRequested).not.toHaveBeenCalled();
  });
});
