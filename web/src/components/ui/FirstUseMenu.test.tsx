import { ActionIcon, MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(cleanup);

/** A menu as a first screen has it: its code not loaded yet (test-setup.ts loads it for the other tests). */
async function renderFreshMenu(onChoose: () => void) {
  vi.resetModules();
  const { FirstUseMenu } = await import('./FirstUseMenu.tsx');
  render(
    <MantineProvider>
      <FirstUseMenu
        target={<ActionIcon aria-label="メニュー">…</ActionIcon>}
        items={(Menu) => <Menu.Item onClick={onChoose}>映像を見る</Menu.Item>}
      />
    </MantineProvider>,
  );
}

describe('a menu whose code loads on first use (issue 19, first-use.ts)', () => {
  it('is its button, named and marked as opening a menu, until used', async () => {
    await renderFreshMenu(() => undefined);
    const button = screen.getByRole('button', { name: 'メニュー' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).toBeNull();
  });
  it('a click before the code is there opens the menu once it is, and its item works', async () => {
    const onChoose = vi.fn();
    await renderFreshMenu(onChoose);
    fireEvent.click(screen.getByRole('button', { name: 'メニュー' }));
    const item = await screen.findByRole('menuitem', { name: '映像を見る' });
    expect(screen.getByRole('button', { name: 'メニュー' })).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(item);
    expect(onChoose).toHaveBeenCalledTimes(1);
  });
  it('a press (pointer down, up, click) before the code is there opens the menu once it is', async () => {
    await renderFreshMenu(() => undefined);
    const button = screen.getByRole('button', { name: 'メニュー' });
    fireEvent.pointerEnter(button);
    fireEvent.pointerDown(button);
    fireEvent.pointerUp(button);
    fireEvent.click(button);
    expect(await screen.findByRole('menuitem', { name: '映像を見る' })).toBeInTheDocument();
  });
  it('code that arrives while the button is pressed waits for the click, which then opens the menu', async () => {
    await renderFreshMenu(() => undefined);
    const button = screen.getByRole('button', { name: 'メニュー' });
    fireEvent.pointerDown(button);
    // The code arrives while the button is held: the light button stays, so the click reaches it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('button', { name: 'メニュー' })).toBe(button);
    fireEvent.pointerUp(button);
    fireEvent.click(button);
    expect(await screen.findByRole('menuitem', { name: '映像を見る' })).toBeInTheDocument();
  });
  it('focusing the button loads the menu without opening it, and the focus stays on the button', async () => {
    await renderFreshMenu(() => undefined);
    const light = screen.getByRole('button', { name: 'メニュー' });
    light.focus();
    // The full menu's button replaces the light one (Mantine gives it an id) and takes the focus over.
    await waitFor(() => expect(screen.getByRole('button', { name: 'メニュー' })).toHaveAttribute('id'));
    expect(screen.getByRole('button', { name: 'メニュー' })).toHaveFocus();
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
