// The public page of a share link (issue 22): plays the shared minutes one after another, offers the file when it
// is ready, and says why a link does not open (altered, expired, revoked), in the reader's language.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SharedRange } from '@camwatch/contract/share-links';
import { setCatalog } from '../../../lib/i18n.ts';
import en from '../../../locales/en.ts';
import ja from '../../../locales/ja.ts';
import SharedClipPage from './SharedClipPage.tsx';

const TOKEN = 'A'.repeat(43);
const clip = (id: string, minute: string) => ({
  clip_id: id,
  start_time: `2026-11-26T01:${minute}:00.000Z`,
  offset_sec: 0,
  duration_sec: 60,
  url: `/api/public/share/${TOKEN}/clips/${id}`,
});
const range: SharedRange = {
  camera_name: '梅田店 入口',
  start_datetime: '2026-11-26T01:00:00.000Z',
  end_datetime: '2026-11-26T01:03:00.000Z',
  expires_at: '2026-11-27T01:00:00.000Z',
  allow_download: true,
  download: { status: 'ready', file_url: `/api/public/share/${TOKEN}/download` },
  clips: [clip('11', '00'), clip('12', '01'), clip('13', '02')],
};

let answer: () => Response;
const requested: string[] = [];
beforeEach(() => {
  setCatalog('ja', ja);
  requested.length = 0;
  vi.stubGlobal('fetch', (url: string) => {
    requested.push(url);
    return Promise.resolve(answer());
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderPage() {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MantineProvider>
        <MemoryRouter initialEntries={[`/share/${TOKEN}`]}>
          <Routes>
            <Route path="/share/:token" element={<SharedClipPage />} />
          </Routes>
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
}

describe('shared clip page', () => {
  it('plays the minutes one after another and offers the file', async () => {
    answer = () => json(200, { data: range });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: '梅田店 入口' })).toBeInTheDocument();
    expect(requested).toEqual([`/api/public/share/${TOKEN}`]);
    const video = screen.getByTestId('shared-video');
    expect(video.getAttribute('src')).toBe(range.clips[0]!.url);
    fireEvent.ended(video);
    expect(screen.getByTestId('shared-video').getAttribute('src')).toBe(range.clips[1]!.url);
    // A minute picked from the list plays; the last one's end says so.
    fireEvent.click(screen.getAllByRole('button', { name: /を再生$/ })[2]!);
    expect(screen.getByTestId('shared-video').getAttribute('src')).toBe(range.clips[2]!.url);
    fireEvent.ended(screen.getByTestId('shared-video'));
    expect(screen.getByRole('status')).toHaveTextContent('共有された範囲の最後まで再生しました。');
    expect(screen.getByRole('link', { name: 'ダウンロード' })).toHaveAttribute(
      'href',
      range.download!.file_url,
    );
  });

  it.each([
    ['share_link_invalid', 'このリンクは無効です。URLが正しくコピーされているか確認してください。'],
    ['share_link_expired', 'このリンクの有効期限が切れています。'],
    ['share_link_revoked', 'このリンクは作成者によって取り消されました。'],
  ])('says why a link does not open: %s', async (code, text) => {
    answer = () => json(403, { error: { code, message: 'refused' } });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.queryByTestId('shared-video')).toBeNull();
    // A refusal is an answer: not asked again.
    expect(requested).toHaveLength(1);
  });

  it('reads in English when the browser chose English', async () => {
    setCatalog('en', en as unknown as typeof ja);
    answer = () => json(403, { error: { code: 'share_link_revoked', message: 'refused' } });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has been revoked by its creator.');
  });

  it('asks again when a clip is refused while playing, and then says why', async () => {
    let revoked = false;
    answer = () =>
      revoked
        ? json(403, { error: { code: 'share_link_revoked', message: 'refused' } })
        : json(200, { data: range });
    renderPage();
    const video = await screen.findByTestId('shared-video');
    revoked = true;
    fireEvent.error(video);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'このリンクは作成者によって取り消されました。',
    );
  });
});
