// The PTZ panel's presets (issue 20): the list asked when the panel opens (loading, empty, the reason in words
// when the camera refuses), a preset moves the camera and the answer's position shows, the save form checks the
// name as typed and shows the server's 400 on the field, saving over asks first, and a user without the ptz
// right sees no presets (and the camera is not asked).
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '@camwatch/contract/auth';
import type { PtzPreset, PtzState } from '@camwatch/contract/device';
import { meQueryKey } from '../../../lib/current-user.ts';
import { setCatalog } from '../../../lib/i18n.ts';
import en from '../../../locales/en.ts';
import ja from '../../../locales/ja.ts';
import { PtzPanel } from './PtzPanel.tsx';

const camera = { use_ptz: true, use_enter_alert: false, can_pan: true, can_tilt: true, can_zoom: true };
const base = '/api/cameras/cam-1/ptz';

/** A camera that keeps presets, as the simulated one does; its answers can be turned into failures. */
let head: PtzState;
let presets: Map<string, { name: string; ptz: PtzState }>;
let listFailure: string | null;
let gotoFailure: string | null;
let saveStatus400: boolean;
let saveFailure: string | null;
let holdList: Promise<void> | null;
const requests: { method: string; url: string; body: unknown }[] = [];

beforeEach(() => {
  setCatalog('ja', ja);
  head = { pan: 0, tilt: 0, zoom: 1 };
  presets = new Map([['1', { name: '入口', ptz: { pan: 0.4, tilt: -0.2, zoom: 2 } }]]);
  listFailure = null;
  gotoFailure = null;
  saveStatus400 = false;
  saveFailure = null;
  holdList = null;
  requests.length = 0;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    const body: unknown = init.body ? JSON.parse(String(init.body)) : undefined;
    requests.push({ method: init.method ?? 'GET', url, body });
    const failed = (reason: string) => json(200, { result: 'failed', data: { reason } });
    if (url === `${base}/presets` && init.method === 'GET') {
      if (holdList) await holdList;
      if (listFailure) return failed(listFailure);
      const list: PtzPreset[] = [...presets].map(([token, p]) => ({ token, name: p.name }));
      return json(200, { data: { presets: list } });
    }
    if (url === `${base}/presets` && init.method === 'POST') {
      const { name, token } = body as { name: string; token?: string };
      if (saveFailure) return failed(saveFailure);
      if (saveStatus400) return json(400, { errors: { name: ['名前は64文字以内です（サーバー）'] } });
      const saved = token ?? String(presets.size + 1);
      presets.set(saved, { name, ptz: head });
      return json(200, { data: { preset: { token: saved, name } } });
    }
    const goto = /^\/api\/cameras\/cam-1\/ptz\/presets\/([^/]+)\/goto$/.exec(url);
    if (goto && init.method === 'POST') {
      if (gotoFailure) return failed(gotoFailure);
      head = presets.get(decodeURIComponent(goto[1]!))!.ptz;
      return json(200, { data: { ptz: head } });
    }
    if (url === base && init.method === 'POST') {
      const step = body as PtzState;
      head = { pan: head.pan + step.pan, tilt: head.tilt + step.tilt, zoom: head.zoom + step.zoom };
      return json(200, { data: { ptz: head } });
    }
    return json(404, { error: { code: 'not_found', message: 'x' } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function openPanel(ptzRight = true) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(meQueryKey, { permissions: { live: true, ptz: ptzRight } } as unknown as UserInfo);
  const onClose = vi.fn();
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <PtzPanel cameraCode="cam-1" camera={camera} onClose={onClose} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { panel: screen.getByRole('dialog', { name: /^(PTZ操作|PTZ control)$/ }), onClose };
}

const presetList = (panel: HTMLElement) => within(panel).findByRole('list', { name: 'プリセット' });
const posts = (path: string) => requests.filter((r) => r.method === 'POST' && r.url === path);

describe('the PTZ panel presets (issue 20)', () => {
  it('shows a loading state, then the presets; one moves the camera and the answer’s position shows', async () => {
    let release = () => {};
    holdList = new Promise((resolve) => (release = resolve));
    const { panel } = openPanel();
    expect(within(panel).getByText('プリセットを読み込んでいます…')).toBeInTheDocument();
    release();
    const list = await presetList(panel);
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    await userEvent.click(within(list).getByRole('button', { name: '「入口」の位置へ移動' }));
    await waitFor(() =>
      expect(within(panel).getByRole('status')).toHaveTextContent(
        '「入口」へ移動しました（パン 0.40、チルト -0.20、ズーム 2.00）',
      ),
    );
    expect(posts(`${base}/presets/1/goto`)).toHaveLength(1);
    expect(within(panel).queryByRole('alert')).toBeNull();
  });

  it('says when the camera has no presets yet', async () => {
    presets.clear();
    const { panel } = openPanel();
    expect(await within(panel).findByText('プリセットはまだありません。')).toBeInTheDocument();
    expect(within(panel).queryByRole('list')).toBeNull();
  });

  it('says in words why the list or a move failed (not_supported, failed)', async () => {
    listFailure = 'not_supported';
    const { panel } = openPanel();
    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      'プリセットを読み込めませんでした：このカメラはこの操作に対応していません',
    );
    // Asked again once the camera answers.
    listFailure = null;
    await userEvent.click(within(panel).getByRole('button', { name: '再読み込み' }));
    const list = await presetList(panel);
    expect(within(panel).queryByRole('alert')).toBeNull();

    gotoFailure = 'failed';
    await userEvent.click(within(list).getByRole('button', { name: '「入口」の位置へ移動' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      '移動できませんでした：操作に失敗しました',
    );
  });

  it('checks the name as typed, shows the server’s 400 on the field, and saves a good name into the list', async () => {
    const { panel } = openPanel();
    await presetList(panel);
    const field = within(panel).getByRole('textbox', { name: 'プリセット名' });
    const save = within(panel).getByRole('button', { name: '今の位置を保存' });

    // Nothing typed: the save says what is missing and sends nothing.
    await userEvent.click(save);
    expect(field).toHaveAccessibleDescription('プリセット名を入力してください');
    expect(field).toHaveFocus();
    await userEvent.type(field, 'x'.repeat(65));
    expect(field).toHaveAccessibleDescription('プリセット名は64文字以内で入力してください（65文字）');
    await userEvent.click(save);
    expect(posts(`${base}/presets`)).toHaveLength(0);

    // The server's refusal shows on the field.
    await userEvent.clear(field);
    await userEvent.type(field, '  レジ前 ');
    expect(field).not.toHaveAccessibleDescription();
    saveStatus400 = true;
    await userEvent.click(save);
    await waitFor(() => expect(field).toHaveAccessibleDescription('名前は64文字以内です（サーバー）'));
    expect(posts(`${base}/presets`)).toEqual([expect.objectContaining({ body: { name: 'レジ前' } })]);

    // A good save (the field kept what was typed): the form empties and the list is asked again.
    saveStatus400 = false;
    await userEvent.type(field, '2');
    await userEvent.click(save);
    await waitFor(() =>
      expect(within(panel).getByRole('status')).toHaveTextContent('「レジ前 2」に今の位置を保存しました'),
    );
    expect(field).toHaveValue('');
    const list = await presetList(panel);
    expect(await within(list).findByRole('button', { name: '「レジ前 2」の位置へ移動' })).toBeInTheDocument();
  });

  it('saves over a preset only after the confirmation, and cancelling keeps it', async () => {
    const { panel, onClose } = openPanel();
    const list = await presetList(panel);
    await userEvent.click(within(panel).getByRole('button', { name: '右へパン' }));
    await waitFor(() =>
      expect(within(panel).getByRole('status')).toHaveTextContent(/^移動しました（パン 0\.20、/),
    );

    const over = within(list).getByRole('button', { name: '「入口」を今の位置で上書き' });
    await userEvent.click(over);
    const question = within(list).getByRole('group', { name: '「入口」を今の位置で上書きしますか？' });
    expect(within(question).getByRole('button', { name: '上書き' })).toHaveFocus();
    // Escape closes the question, not the panel, and nothing is saved.
    await userEvent.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    expect(within(list).queryByRole('group')).toBeNull();
    expect(within(list).getByRole('button', { name: '「入口」を今の位置で上書き' })).toHaveFocus();
    expect(posts(`${base}/presets`)).toHaveLength(0);

    await userEvent.click(within(list).getByRole('button', { name: '「入口」を今の位置で上書き' }));
    await userEvent.click(within(list).getByRole('button', { name: '上書き' }));
    await waitFor(() =>
      expect(within(panel).getByRole('status')).toHaveTextContent('「入口」を今の位置で上書きしました'),
    );
    expect(posts(`${base}/presets`)).toEqual([
      expect.objectContaining({ body: { name: '入口', token: '1' } }),
    ]);
    expect(presets.get('1')!.ptz).toEqual({ pan: 0.2, tilt: 0, zoom: 1 });
  });

  it('says in words why a save was refused, and keeps the name typed', async () => {
    saveFailure = 'not_supported';
    const { panel } = openPanel();
    await presetList(panel);
    const field = within(panel).getByRole('textbox', { name: 'プリセット名' });
    await userEvent.type(field, '搬入口');
    await userEvent.click(within(panel).getByRole('button', { name: '今の位置を保存' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      '保存できませんでした：このカメラはこの操作に対応していません',
    );
    expect(field).toHaveValue('搬入口');
    expect(within(panel).getByRole('status')).toHaveTextContent('');
  });

  it('shows no presets to a user without the ptz right, and does not ask the camera', async () => {
    const { panel } = openPanel(false);
    expect(within(panel).getByRole('button', { name: 'ホームポジションへ' })).toBeInTheDocument();
    expect(within(panel).queryByText('プリセット')).toBeNull();
    expect(within(panel).queryByRole('textbox')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(requests.filter((r) => r.url.includes('/presets'))).toHaveLength(0);
  });

  it('speaks English when chosen', async () => {
    setCatalog('en', en as unknown as typeof ja);
    listFailure = 'timeout';
    const { panel } = openPanel();
    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      'Could not load the presets: The camera did not answer in time',
    );
    expect(within(panel).getByRole('textbox', { name: 'Preset name' })).toBeInTheDocument();
  });
});
