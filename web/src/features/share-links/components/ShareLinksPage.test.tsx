// The user's share links (issue 22): each link's camera, range, state and views; revoking asks first, then the row
// shows the link revoked.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ShareLink } from '@camwatch/contract/share-links';
import { setCatalog } from '../../../lib/i18n.ts';
import ja from '../../../locales/ja.ts';
import ShareLinksPage from './ShareLinksPage.tsx';

const active: ShareLink = {
  share_link_id: '7',
  camera_code: 'cam-1',
  camera_name: '梅田店 入口',
  start_datetime: '2026-11-26T01:00:00.000Z',
  end_datetime: '2026-11-26T01:05:00.000Z',
  expires_at: '2026-11-27T01:00:00.000Z',
  allow_download: true,
  status: 'active',
  revoked_at: null,
  view_count: 2,
  last_viewed_at: '2026-11-26T02:00:00.000Z',
  created_at: '2026-11-26T01:10:00.000Z',
};
const expired: ShareLink = {
  ...active,
  share_link_id: '6',
  status: 'expired',
  allow_download: false,
  view_count: 0,
  last_viewed_at: null,
};

const calls: { url: string; method: string }[] = [];
beforeEach(() => {
  setCatalog('ja', ja);
  calls.length = 0;
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    calls.push({ url, method: init.method ?? 'GET' });
    const body =
      init.method === 'DELETE'
        ? { data: { share_link: { ...active, status: 'revoked', revoked_at: '2026-11-26T03:00:00.000Z' } } }
        : { data: { share_links: [active, expired] } };
    return Promise.resolve(
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }),
    );
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('share links page', () => {
  it('lists the links and revokes one after confirming', async () => {
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MantineProvider>
          <MemoryRouter>
            <ShareLinksPage />
          </MemoryRouter>
        </MantineProvider>
      </QueryClientProvider>,
    );
    const rows = await screen.findAllByTestId('share-link-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('梅田店 入口');
    expect(rows[0]).toHaveTextContent('有効');
    expect(rows[0]).toHaveTextContent('ダウンロード可');
    expect(rows[1]).toHaveTextContent('期限切れ');
    // Only a link that still opens can be revoked.
    expect(within(rows[1]!).queryByRole('button')).toBeNull();

    await user.click(within(rows[0]!).getByRole('button', { name: /を取り消す$/ }));
    const dialog = await screen.findByRole('dialog', { name: '共有リンクを取り消しますか？' });
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: '取り消す' }));
    expect(calls).toContainEqual({ url: '/api/share-links/7', method: 'DELETE' });
    expect(
      await within(screen.getAllByTestId('share-link-row')[0]!).findByText('取り消し済み'),
    ).toBeVisible();
  });
});
