// The camera information dialog's recording settings (issue 20): the stored settings shown, ranges checked as
// typed (save disabled, the field says why), "no cap" sends null, a save sends the settings and says when the
// camera applies them, and the server's 400 shows on its field.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CameraVideoSettingsAnswer } from '@camwatch/contract/camera-video-settings';
import { setCatalog } from '../../../lib/i18n.ts';
import ja from '../../../locales/ja.ts';
import VideoSettingsSection from './VideoSettingsSection.tsx';

const url = '/api/cameras/cam-1/video-settings';
let stored: CameraVideoSettingsAnswer;
let answer400: Record<string, string[]> | null;
const puts: unknown[] = [];

beforeEach(() => {
  setCatalog('ja', ja);
  stored = {
    resolution: '1280x720',
    fps: 5,
    max_bitrate_kbps: 1500,
    live_interval_sec: 1,
    agent_connected: true,
  };
  answer400 = null;
  puts.length = 0;
  vi.stubGlobal('fetch', async (requested: string, init: RequestInit) => {
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (requested !== url) return json(404, { error: { code: 'not_found', message: 'x' } });
    if (init.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as Omit<CameraVideoSettingsAnswer, 'agent_connected'>;
      puts.push(body);
      if (answer400) return json(400, { errors: answer400 });
      stored = { ...body, agent_connected: true };
    }
    return json(200, { data: stored });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function openSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <VideoSettingsSection code="cam-1" />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return screen.findByRole('form', { name: '録画設定' });
}

describe('camera recording settings (issue 20)', () => {
  it('shows the stored settings and saves changed ones; "no cap" sends null', async () => {
    await openSection();
    const fps = screen.getByRole('textbox', { name: 'フレームレート（fps）' });
    expect(fps).toHaveValue('5');
    expect(screen.getByRole('textbox', { name: 'ビットレート上限（kbit/s）' })).toHaveValue('1500');
    await userEvent.clear(fps);
    await userEvent.type(fps, '15');
    await userEvent.click(screen.getByRole('checkbox', { name: '上限なし' }));
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      resolution: '1280x720',
      fps: 15,
      max_bitrate_kbps: null,
      live_interval_sec: 1,
    });
  }, 20_000);

  it('checks the ranges as typed: the field says why and save is disabled', async () => {
    await openSection();
    const interval = screen.getByRole('textbox', { name: 'ライブ画像の間隔（秒）' });
    await userEvent.clear(interval);
    await userEvent.type(interval, '601');
    expect(await screen.findByText('1〜600の整数で入力してください')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '保存' })).toBeDisabled();
    expect(puts).toEqual([]);
  }, 20_000);

  it('shows the server’s 400 on its field', async () => {
    answer400 = { max_bitrate_kbps: ['must be 256–20000 kbit/s (server)'] };
    await openSection();
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('must be 256–20000 kbit/s (server)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '保存' })).toBeDisabled();
  });
});
