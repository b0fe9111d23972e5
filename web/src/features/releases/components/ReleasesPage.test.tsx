// The releases page: title, releases in the server's order (newest first), and the empty state.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setCatalog } from '../../../lib/i18n.ts';
import ja from '../../../locales/ja.ts';
import ReleasesPage from './ReleasesPage.tsx';

beforeAll(async () => {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  setCatalog('ja', ja);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderWith(releases: unknown[]) {
  const fetchMock = vi.fn(async () =>
    Response.json({ data: { releases } }, { status: 200, headers: { 'Content-Type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <ReleasesPage />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return fetchMock;
}

describe('ReleasesPage', () => {
  it('shows the title and each release with version, date and message, in the given order', async () => {
    const fetchMock = renderWith([
      { version: '2.78.0', date: '2026-11-01', message: 'カメラ一覧の表示を高速化しました。' },
      { version: '2.77.0', date: '2026-09-15', message: 'デバイス認証に対応しました。' },
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'リリース情報' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'リリース一覧' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'バージョン 2.78.0',
      'バージョン 2.77.0',
    ]);
    expect(items[0]).toHaveTextContent('2026-11-01');
    expect(items[0]).toHaveTextContent('カメラ一覧の表示を高速化しました。');
    expect(items[1]?.querySelector('time')?.getAttribute('dateTime')).toBe('2026-09-15');
    expect(fetchMock).toHaveBeenCalledWith('/api/releases', expect.objectContaining({ method: 'GET' }));
  });

  it('says so when there are no releases', async () => {
    renderWith([]);
    expect(await screen.findByText('リリース情報はまだありません。')).toBeInTheDocument();
    expect(screen.queryByRole('list')).toBeNull();
  });
});
