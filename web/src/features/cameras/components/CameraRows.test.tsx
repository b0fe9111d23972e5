import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CameraListItem } from '@camwatch/contract/cameras';
import { setCatalog } from '../../../lib/i18n.ts';
import ja from '../../../locales/ja.ts';
import { CameraRows } from './CameraRows.tsx';

beforeEach(() => setCatalog('ja', ja));
afterEach(cleanup);

const camera = (code: string, name: string, over: Partial<CameraListItem> = {}) =>
  ({
    camera_code: code,
    camera_name: name,
    thumb_url: null,
    location_name: null,
    location_address: null,
    tags: [],
    watch_status: 'up',
    use_heatmap: false,
    use_people_counter: false,
    ...over,
  }) as unknown as CameraListItem;

const cameras = [camera('cam/1', '梅田店 売場', { use_heatmap: true }), camera('cam-2', '倉庫')];

function renderRows(canHeatmap: boolean) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <CameraRows
            cameras={cameras}
            tltMode={false}
            canAnalytics
            canHeatmap={canHeatmap}
            onInfo={() => {}}
          />
        ),
      },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

/** The items of a row's menu once opened (the dropdown sits in a portal; jsdom lays nothing out, so it counts as hidden). */
async function menuItems(name: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: `${name}のメニュー` }));
  await screen.findByRole('menuitem', { name: '映像を見る', hidden: true });
  return screen.getAllByRole('menuitem', { hidden: true });
}

describe('the camera list’s row menu (core.md §2; advanced.md heat map)', () => {
  it('leads a heat map camera to its heat map with the heatmap right', async () => {
    renderRows(true);
    const items = await menuItems('梅田店 売場');
    const item = items.find((element) => element.textContent === 'ヒートマップ');
    expect(item).toHaveAttribute('href', '/heatmap?cameras=cam%2F1');
  });

  it('has no heat map item for a camera without the heat map function', async () => {
    renderRows(true);
    const items = await menuItems('倉庫');
    expect(items.map((element) => element.textContent)).toContain('カメラ情報');
    expect(items.map((element) => element.textContent)).not.toContain('ヒートマップ');
  });

  it('has no heat map item without the heatmap right', async () => {
    renderRows(false);
    const items = await menuItems('梅田店 売場');
    expect(items.map((element) => element.textContent)).toContain('カメラ情報');
    expect(items.map((element) => element.textContent)).not.toContain('ヒートマップ');
  });
});
