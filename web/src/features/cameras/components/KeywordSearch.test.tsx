import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';

afterEach(cleanup);

/**
 * The box as a first screen has it: its combobox code not loaded yet (test-setup.ts loads it for the other
 * tests, so this takes fresh modules).
 */
async function renderFreshBox() {
  vi.resetModules();
  const { initI18n } = await import('../../../lib/i18n.ts');
  await initI18n();
  const { KeywordSearch } = await import('./KeywordSearch.tsx');
  render(
    <MantineProvider>
      <MemoryRouter initialEntries={['/list/1']}>
        <KeywordSearch />
      </MemoryRouter>
    </MantineProvider>,
  );
}

describe('the header search box (core.md §2, §5) takes its combobox on first use (issue 19)', () => {
  it('is a plain box until used; focusing it brings the combobox, focused, with the text and the caret at its end', async () => {
    await renderFreshBox();
    const plain = screen.getByRole('textbox', { name: 'キーワード' });
    expect(screen.queryByRole('combobox')).toBeNull();
    fireEvent.change(plain, { target: { value: '渋谷' } });
    plain.focus();
    const box = await screen.findByRole('combobox', { name: 'キーワード' });
    expect(box).toHaveValue('渋谷');
    await waitFor(() => expect(box).toHaveFocus());
    expect((box as HTMLInputElement).selectionStart).toBe(2);
  });
  it('the pointer on the box brings the combobox without taking the focus', async () => {
    await renderFreshBox();
    const plain = screen.getByRole('textbox', { name: 'キーワード' });
    fireEvent.change(plain, { target: { value: '梅田' } });
    fireEvent.pointerEnter(plain);
    const box = await screen.findByRole('combobox', { name: 'キーワード' });
    expect(box).toHaveValue('梅田');
    expect(box).not.toHaveFocus();
  });
});
