// Data several features show is one query (docs/architecture.md, web app): the wall's hour of a camera and the
// detail page's 1-hour period (or its future hour) are one cache entry, asked once.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ArchiveEntry } from '@camwatch/contract/archives';
import { useArchives, useFutureHour } from '../features/player/api/get-archives.ts';
import { useWallArchive } from '../features/wall/hooks/use-wall-archive.ts';

const HOUR = new Date(2026, 10, 21, 9, 0, 0).getTime();
const MINUTE = HOUR + 5 * 60_000;

const entry = (ms: number): ArchiveEntry => ({
  archive_id: `a-${ms}`,
  start_time: new Date(ms).toISOString(),
  has_data: true,
  data_url: `/api/archives/a-${ms}`,
  motion_state: false,
  events: { motionDetect: [], peopleCounter: [], enterAlert: [] },
  clip_offset_sec: 0,
});

/** Answers every archives call with the hour's 60 minutes and counts the calls per address. */
function answerArchives() {
  const calls: string[] = [];
  vi.stubGlobal('fetch', (url: string) => {
    calls.push(url);
    const body = { data: { archives: Array.from({ length: 60 }, (_, i) => entry(HOUR + i * 60_000)) } };
    return Promise.resolve(
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }),
    );
  });
  return calls;
}

function wrapperWith(client: QueryClient) {
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

describe('one query per piece of data shared by features', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('the wall and the detail page ask a camera’s hour of archives once', async () => {
    const calls = answerArchives();
    const client = new QueryClient();
    const { result } = renderHook(
      () => ({
        wall: useWallArchive(['cam-1'], MINUTE, true),
        page: useArchives('cam-1', HOUR, 1, true),
      }),
      { wrapper: wrapperWith(client) },
    );
    await waitFor(() => expect(result.current.wall.isSettled).toBe(true));
    await waitFor(() => expect(result.current.page.data).toHaveLength(60));
    expect(result.current.wall.entries[0]?.archive_id).toBe(`a-${MINUTE}`);
    expect(calls.filter((url) => url.includes('/archives'))).toHaveLength(1);
    expect(client.getQueryCache().findAll({ queryKey: ['archives', 'cam-1'] })).toHaveLength(1);
  });

  it('the detail page’s future hour is the same entry as the wall’s hour', async () => {
    answerArchives();
    const client = new QueryClient();
    const { result } = renderHook(
      () => ({ wall: useWallArchive(['cam-1'], MINUTE, true), future: useFutureHour('cam-1', HOUR) }),
      { wrapper: wrapperWith(client) },
    );
    await waitFor(() => expect(result.current.future.data).toHaveLength(60));
    await waitFor(() => expect(result.current.wall.isSettled).toBe(true));
    expect(client.getQueryCache().findAll({ queryKey: ['archives', 'cam-1'] })).toHaveLength(1);
  });
});
