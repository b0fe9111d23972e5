// An archive tile of the synced wall (issue 22): it shows the clock's minute's clip, keeps the next minute's
// clip preloaded and hidden, makes that same element the shown one when the wall moves on, and says "no
// recording at this time" (with the time its clip begins) while the clock is outside its clip.
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ArchiveEntry } from '@camwatch/contract/archives';
import { setCatalog } from '../../../lib/i18n.ts';
import { localTimeWithSeconds } from '../../../lib/local-time.ts';
import ja from '../../../locales/ja.ts';
import type { ClipPlace } from '../sync-rules.ts';
import { WallTile } from './WallTile.tsx';

vi.mock('../../../lib/api/archive-video-url.ts', () => ({
  getArchiveVideoUrl: vi.fn((id: string) => Promise.resolve(`/video/${id}.mp4`)),
}));

beforeEach(() => setCatalog('ja', ja));
afterEach(cleanup);

const MINUTE = new Date(2026, 10, 26, 10, 15).getTime();
const entry = (minuteMs: number, id: string | null, offsetSec = 0): ArchiveEntry => ({
  archive_id: id,
  start_time: new Date(minuteMs).toISOString(),
  has_data: id !== null,
  data_url: id ? `/api/archives/${id}` : null,
  motion_state: false,
  events: { motionDetect: [], peopleCounter: [], enterAlert: [] },
  clip_offset_sec: offsetSec,
});

function tile(current: ArchiveEntry | null, next: ArchiveEntry | null, place: ClipPlace | null) {
  return (
    <MantineProvider>
      <WallTile
        camera={{ camera_code: 'cam-1', camera_name: '渋谷店 入口', hasLive: true }}
        mode="archive"
        liveState="loading"
        entry={current}
        nextEntry={next}
        place={place}
        onCanvas={() => {}}
      />
    </MantineProvider>
  );
}

function renderTile(element: React.ReactElement) {
  const view = render(<MemoryRouter>{element}</MemoryRouter>);
  return { rerender: (next: React.ReactElement) => view.rerender(<MemoryRouter>{next}</MemoryRouter>) };
}

const videos = () => [...document.querySelectorAll('video')];

describe('synced wall tile', () => {
  it('shows the minute’s clip and preloads the next one hidden, with their wall times', async () => {
    renderTile(tile(entry(MINUTE, 'a'), entry(MINUTE + 60_000, 'b'), 'inside'));
    await waitFor(() => expect(videos()).toHaveLength(2));
    const [shown, next] = videos() as [HTMLVideoElement, HTMLVideoElement];
    expect(shown.dataset.testid).toBe('wall-video');
    expect(shown.style.visibility).toBe('visible');
    expect(shown.dataset.clipStart).toBe(String(MINUTE));
    expect(next.dataset.testid).toBe('wall-video-next');
    expect(next.style.visibility).toBe('hidden');
    expect(next.preload).toBe('auto');
    expect(next.dataset.minute).toBe(String(MINUTE + 60_000));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('makes the preloaded element the shown one when the wall moves on (no reload)', async () => {
    const view = renderTile(tile(entry(MINUTE, 'a'), entry(MINUTE + 60_000, 'b'), 'inside'));
    await waitFor(() => expect(videos()).toHaveLength(2));
    const preloaded = videos()[1];
    view.rerender(tile(entry(MINUTE + 60_000, 'b'), entry(MINUTE + 120_000, 'c'), 'inside'));
    await waitFor(() => expect(videos()).toHaveLength(2));
    expect(videos()[0]).toBe(preloaded);
    expect((preloaded as HTMLVideoElement).dataset.testid).toBe('wall-video');
    expect((videos()[1] as HTMLVideoElement).dataset.minute).toBe(String(MINUTE + 120_000));
  });

  it('says there is no recording at this time, and from when, while the clock is before its clip', async () => {
    renderTile(tile(entry(MINUTE, 'a', 20), null, 'before'));
    expect(await screen.findByText('この時刻の録画はありません')).toBeTruthy();
    expect(screen.getByText(`${localTimeWithSeconds(MINUTE + 20_000)} から録画があります`)).toBeTruthy();
    await waitFor(() => expect(videos()).toHaveLength(1));
    expect((videos()[0] as HTMLVideoElement).style.visibility).toBe('hidden');
    expect(document.querySelector('[data-testid="wall-tile"]')?.getAttribute('data-message')).toBe(
      'noRecording',
    );
  });

  it('says so for a minute without a recording and keeps the next minute’s clip ready to join', async () => {
    renderTile(tile(entry(MINUTE, null), entry(MINUTE + 60_000, 'b'), null));
    expect(await screen.findByText('この時刻の録画はありません')).toBeTruthy();
    await waitFor(() => expect(videos()).toHaveLength(1));
    expect((videos()[0] as HTMLVideoElement).dataset.testid).toBe('wall-video-next');
  });
});
