import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '@camwatch/contract/auth';
import type { CameraDetail } from '@camwatch/contract/cameras';
import type { AreaLink } from '@camwatch/contract/entry-detection';
import { meQueryKey } from '../../../lib/current-user.ts';
import { initI18n } from '../../../lib/i18n.ts';
import { AreaLinkEditor } from './AreaLinkEditor.tsx';

const WIDTH = 640;
const HEIGHT = 360;

// jsdom lays nothing out: the picture is 640x360 at the page's top-left.
beforeAll(async () => {
  globalThis.ResizeObserver = class {
    constructor(private readonly callback: ResizeObserverCallback) {}
    observe() {
      const contentRect = {
        x: 0,
        y: 0,
        top: 0,
        left: 0,
        bottom: HEIGHT,
        right: WIDTH,
        width: WIDTH,
        height: HEIGHT,
      };
      this.callback([{ contentRect } as ResizeObserverEntry], this as unknown as ResizeObserver);
    }
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  SVGElement.prototype.getBoundingClientRect = () =>
    ({ left: 0, top: 0, width: WIDTH, height: HEIGHT, right: WIDTH, bottom: HEIGHT, x: 0, y: 0 }) as DOMRect;
  await initI18n();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const camera = {
  camera_code: 'c1',
  camera_name: '横浜工場 ライン1',
  thumb_url: null,
  image_rs_width: 1280,
  image_rs_height: 720,
  use_nolive: true,
  model_code: 'TLT-1',
} as unknown as CameraDetail;

const seeded: AreaLink = {
  id: '1',
  areaName: 'プレス機前',
  entryArea: [
    { x: 0.3, y: 0.56 },
    { x: 0.7, y: 0.56 },
    { x: 0.74, y: 0.98 },
  ],
  machineArea: null,
  detectionFrameThreshold: 3,
  minimumDetectionSize: 0.08,
  personDetectionThreshold: 0.3,
  runningThreshold: 0.02,
  vigilantTime: 10,
};

function renderEditor(link: AreaLink | null, configEnterAlert = true) {
  const client = new QueryClient();
  client.setQueryData(meQueryKey, {
    permissions: { configEnterAlert, live: false },
  } as unknown as UserInfo);
  const router = createMemoryRouter(
    [
      {
        path: '/detail/:code/entry-detection/:id',
        element: <AreaLinkEditor camera={camera} links={[seeded]} link={link} />,
      },
      { path: '/detail/:code/entry-detection', element: <p>list</p> },
    ],
    { initialEntries: [`/detail/c1/entry-detection/${link?.id ?? 'create'}`] },
  );
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('the area link editor (advanced.md §5)', () => {
  it('advanced.md §5: draws an entry area and an optional machine area by keyboard; the machine area can be removed', async () => {
    renderEditor(null);
    expect(screen.getByRole('radio', { name: '侵入検知エリア（未設定）' })).toBeChecked();
    const addPoint = screen.getByRole('button', { name: '点を追加' });
    for (let i = 0; i < 3; i++) fireEvent.click(addPoint);
    expect(screen.getByRole('radio', { name: '侵入検知エリア（3点）' })).toBeChecked();

    fireEvent.click(screen.getByRole('radio', { name: '機械エリア（未設定）' }));
    expect(screen.getByText(/機械エリアがないため、いまは使われません/)).toBeInTheDocument();
    for (let i = 0; i < 3; i++) fireEvent.click(screen.getByRole('button', { name: '点を追加' }));
    expect(screen.getByRole('radio', { name: '機械エリア（3点）' })).toBeChecked();
    expect(screen.queryByText(/機械エリアがないため/)).toBeNull();
    // One outline of each kind: both are drawn, the machine area dashed.
    await waitFor(() =>
      expect(document.querySelectorAll('[data-testid="editor-area"][data-complete="true"]')).toHaveLength(2),
    );
    expect(document.querySelector('[data-testid="editor-area"] polygon[stroke-dasharray]')).not.toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '機械エリアを削除' }));
    expect(screen.getByRole('radio', { name: '機械エリア（未設定）' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '侵入検知エリア（3点）' })).not.toBeChecked();
  });

  it('advanced.md §3, §5: saving asks for a unique name and an entry area before calling the server', () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    renderEditor(null);
    const save = screen.getByRole('button', { name: '保存' });
    expect(save).toBeDisabled(); // nothing to save yet
    fireEvent.change(screen.getByRole('textbox', { name: /^エリア名/ }), {
      target: { value: ' プレス機前 ' },
    });
    expect(screen.getByText('このカメラには同じ名前のエリアリンクがあります')).toBeInTheDocument();
    fireEvent.click(save);
    expect(screen.getByTestId('entry-area-problem')).toHaveTextContent(
      '侵入検知エリア: 画像をクリックしてエリアを描いてください（3点以上）',
    );
    expect(screen.getByText('エラーのある項目を修正すると保存できます')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('core.md §6: without configEnterAlert the link is only shown', () => {
    renderEditor(seeded, false);
    expect(
      screen.getByRole('heading', {
        level: 1,
        name: '侵入検知エリアリンク「プレス機前」（横浜工場 ライン1）',
      }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('侵入検知の設定を変更する権限がないため、表示のみできます。'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByRole('button', { name: '保存' })).toBeNull();
    expect(screen.getByRole('textbox', { name: /^エリア名/ })).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: /^警戒時間/ })).toHaveValue('10');
    expect(screen.getByRole('textbox', { name: /^最小検出サイズ/ })).toHaveValue('8');
    expect(screen.getByRole('textbox', { name: /^人物検出閾値/ })).toHaveValue('30');
  });

  it('advanced.md §5: the person detection threshold is shown in %, checked as typed and reset to the default', () => {
    renderEditor(seeded);
    const field = screen.getByRole('textbox', { name: /^人物検出閾値/ });
    expect(field).toHaveValue('30');
    expect(screen.getByText(/人以外（車・影・照明の変化など）では侵入になりません/)).toBeInTheDocument();
    fireEvent.change(field, { target: { value: '150' } });
    expect(screen.getByText('0〜100%の範囲で入力してください')).toBeInTheDocument();
    expect(screen.getByTestId('area-link-unsaved')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '検知条件を初期値に戻す' }));
    expect(screen.getByRole('textbox', { name: /^人物検出閾値/ })).toHaveValue('30');
    expect(screen.queryByText('0〜100%の範囲で入力してください')).toBeNull();
  });
});
