import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n.ts';
import { AreaEditor, type EditorArea } from './AreaEditor.tsx';
import type { Point } from './area-editor-rules.ts';

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
afterEach(cleanup);

const triangle: Point[] = [
  { x: 0.1, y: 0.1 },
  { x: 0.5, y: 0.1 },
  { x: 0.5, y: 0.5 },
];

/** The editor with one selected area, keeping its points as the screen would. */
function Harness({ initial, readOnly = false }: { initial: Point[]; readOnly?: boolean }) {
  const [points, setPoints] = useState(initial);
  const areas: EditorArea[] = [{ key: 'a', name: '作業エリア1', points, color: '#228be6' }];
  return (
    <MantineProvider>
      <AreaEditor
        imageUrl={null}
        aspectRatio={16 / 9}
        pictureLabel="カメラの画像"
        areas={areas}
        selectedIndex={0}
        onChangePoints={(_, next) => setPoints(next)}
        readOnly={readOnly}
      />
      <div data-testid="points">{JSON.stringify(points)}</div>
    </MantineProvider>
  );
}

const renderEditor = async (initial: Point[], readOnly = false) => {
  render(<Harness initial={initial} readOnly={readOnly} />);
  // useElementSize reports the observed size on the next animation frame.
  await act(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
};
const points = () => JSON.parse(screen.getByTestId('points').textContent ?? '[]') as Point[];
const clickPicture = (x: number, y: number) => {
  const background = screen.getByRole('group', { name: 'カメラの画像' }).querySelector('rect')!;
  fireEvent.click(background, { clientX: x * WIDTH, clientY: y * HEIGHT });
};

describe('the area editor (advanced.md §5)', () => {
  it('advanced.md §5: a click on the picture adds a point; a crossing one is refused with a message', async () => {
    await renderEditor(triangle);
    clickPicture(0.1, 0.5);
    expect(points()).toHaveLength(4);
    expect(points()[3]).toEqual({ x: 0.1, y: 0.5 });
    // From (0.1, 0.5) to (0.3, 0) the new line would cut the first one.
    clickPicture(0.3, 0);
    expect(points()).toHaveLength(4);
    expect(screen.getByRole('status')).toHaveTextContent('線が交差するため、その位置には点を置けません');
  });

  it('advanced.md §5: a point is a control: arrow keys move it, Delete removes it', async () => {
    await renderEditor(triangle);
    const second = screen.getByRole('button', { name: '点2（横 50%、縦 10%）' });
    second.focus();
    fireEvent.keyDown(second, { key: 'ArrowRight' });
    expect(points()[1]).toEqual({ x: 0.51, y: 0.1 });
    fireEvent.keyDown(screen.getByRole('button', { name: /^点2/ }), { key: 'ArrowDown', shiftKey: true });
    expect(points()[1]).toEqual({ x: 0.51, y: 0.15 });
    fireEvent.keyDown(screen.getByRole('button', { name: /^点2/ }), { key: 'Delete' });
    expect(points()).toEqual([triangle[0], triangle[2]]);
    expect(screen.getByRole('status')).toHaveTextContent('エリアには3点以上が必要です');
  });

  it('advanced.md §5: the 11th point is refused; the buttons remove the last point and clear', async () => {
    const ten = Array.from({ length: 10 }, (_, i) => ({
      x: Math.round((0.5 + 0.4 * Math.cos((2 * Math.PI * i) / 10)) * 1000) / 1000,
      y: Math.round((0.5 + 0.4 * Math.sin((2 * Math.PI * i) / 10)) * 1000) / 1000,
    }));
    await renderEditor(ten);
    expect(screen.getByRole('button', { name: '点を追加' })).toBeDisabled();
    clickPicture(0.5, 0.5);
    expect(points()).toHaveLength(10);
    expect(screen.getByRole('status')).toHaveTextContent('点は1つのエリアに最大10個までです');
    fireEvent.click(screen.getByRole('button', { name: '最後の点を削除' }));
    expect(points()).toHaveLength(9);
    fireEvent.click(screen.getByRole('button', { name: 'すべての点を消去' }));
    expect(points()).toEqual([]);
  });

  it('advanced.md §5: the add-point button (the keyboard’s way) builds an outline', async () => {
    await renderEditor([]);
    const add = screen.getByRole('button', { name: '点を追加' });
    for (let i = 0; i < 3; i++) fireEvent.click(add);
    expect(points()).toHaveLength(3);
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('core.md §6: read-only shows the areas without controls', async () => {
    await renderEditor(triangle, true);
    expect(screen.getByRole('group', { name: 'カメラの画像' })).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
    clickPicture(0.1, 0.5);
    expect(points()).toHaveLength(3);
  });
});
