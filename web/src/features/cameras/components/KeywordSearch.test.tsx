import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';
import { initI18n } from '../../../lib/i18n.ts';
import { KeywordSearch } from './KeywordSearch.tsx';

beforeAll(async () => {
  await initI18n();
});
afterEach(cleanup);

const renderBox = () =>
  render(
    <MantineProvider>
      <MemoryRouter initialEntries={['/list/1']}>
        <KeywordSearch />
      </MemoryRouter>
    </MantineProvider>,
  );

describe('the header search box (core.md §2, §5) takes its combobox when the page is idle or on focus', () => {
  it('what was typed before carries over when the combobox joins', async () => {
    renderBox();
    // jsdom has no requestIdleCallback: the box joins after 300 ms.
    fireEvent.change(screen.getByRole('textbox'), { target: { value: '梅田' } });
    expect(screen.queryByRole('combobox')).toBeNull();
    const box = await screen.findByRole('combobox', {}, { timeout: 2_000 });
    expect(box).toHaveValue('梅田');
    expect(box).not.toHaveFocus();
  });
  it('focusing the box brings the combobox at once, focused, with the text', async () => {
    renderBox();
    fireEvent.change(screen.getByRole('textbox'), { target: { value: '渋谷' } });
    act(() => screen.getByRole('textbox').focus());
    const box = screen.getByRole('combobox');
    expect(box).toHaveValue('渋谷');
    await waitFor(() => expect(box).toHaveFocus());
  });
});
