import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n.ts';
import { DateRangeDialog, type DateRangeDialogProps } from './DateRangeDialog.tsx';

beforeAll(async () => {
  // jsdom has no matchMedia; Mantine asks it for the colour scheme and reduced motion.
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) =>
      ({
        matches: false,
        media: query,
        addEventListener() {},
        removeEventListener() {},
      }) as unknown as MediaQueryList,
  });
  await initI18n();
});
afterEach(cleanup);

type Overrides = Partial<Omit<DateRangeDialogProps, 'fields'>>;

/** A caller like the CSV dialog: the last day may not come before the first. */
function Range({ onSubmit, ...props }: Overrides & { onSubmit: (from: string, to: string) => void }) {
  const [days, setDays] = useState({ from: '2026-03-10', to: '2026-03-10' });
  const error = days.to < days.from ? '終了日は開始日以降にしてください' : null;
  return (
    <MantineProvider>
      <DateRangeDialog
        onClose={() => {}}
        title="CSVダウンロード"
        isBusy={false}
        submitLabel="ダウンロード"
        isSubmitDisabled={error !== null}
        {...props}
        fields={[
          {
            type: 'date',
            label: '開始日',
            value: days.from,
            max: '2026-03-20',
            onChange: (from) => setDays({ ...days, from }),
            autoFocus: true,
          },
          {
            type: 'date',
            label: '終了日',
            value: days.to,
            max: '2026-03-20',
            onChange: (to) => setDays({ ...days, to }),
            error,
            description: '31日まで',
          },
        ]}
        onSubmit={() => onSubmit(days.from, days.to)}
      />
    </MantineProvider>
  );
}

describe('issue 21 point 1: the one date-range dialog (download, enter-alert CSV, weather)', () => {
  it('names both fields, limits them, shows the rule under the last one and keeps a wrong range from being sent', async () => {
    const onSubmit = vi.fn();
    render(<Range onSubmit={onSubmit} />);
    const dialog = await screen.findByRole('dialog', { name: 'CSVダウンロード' });
    const from = screen.getByLabelText(/開始日/);
    const to = screen.getByLabelText(/終了日/);
    expect(dialog).toContainElement(from);
    expect(from).toHaveAttribute('type', 'date');
    expect(from).toHaveAttribute('max', '2026-03-20');
    expect(from).toBeRequired();
    expect(to).toHaveAccessibleDescription('31日まで');

    fireEvent.change(from, { target: { value: '2026-03-12' } });
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('終了日は開始日以降にしてください')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ダウンロード' })).toBeDisabled();
  });

  it('sends on Enter from a field and on the button, with the values the caller holds', async () => {
    const onSubmit = vi.fn();
    render(<Range onSubmit={onSubmit} />);
    const to = await screen.findByLabelText(/終了日/);
    fireEvent.change(to, { target: { value: '2026-03-11' } });
    await userEvent.type(to, '{Enter}');
    expect(onSubmit).toHaveBeenLastCalledWith('2026-03-10', '2026-03-11');
    await userEvent.click(screen.getByRole('button', { name: 'ダウンロード' }));
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });

  it('while the request runs nothing can be edited or closed; the refusal is announced', async () => {
    const onClose = vi.fn();
    render(<Range onSubmit={() => {}} onClose={onClose} isBusy refusal="今月の上限を超えています" />);
    await screen.findByRole('dialog');
    expect(screen.getByLabelText(/開始日/)).toBeDisabled();
    expect(screen.getByLabelText(/終了日/)).toBeDisabled();
    expect(screen.getByRole('button', { name: 'キャンセル' })).toBeDisabled();
    expect(screen.getByRole('alert')).toHaveTextContent('今月の上限を超えています');
    await userEvent.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('Cancel and Escape close it when idle', async () => {
    const onClose = vi.fn();
    render(<Range onSubmit={() => {}} onClose={onClose} />);
    await userEvent.click(await screen.findByRole('button', { name: 'キャンセル' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('a result replaces the form and the header stays', async () => {
    render(
      <Range
        onSubmit={() => {}}
        header={<p>今月の使用量: 1 GB / 10 GB</p>}
        result={<p role="status">準備中</p>}
        extraFields={<p>種類</p>}
      />,
    );
    expect(await screen.findByText('今月の使用量: 1 GB / 10 GB')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('準備中');
    expect(screen.queryByLabelText(/開始日/)).toBeNull();
    expect(screen.queryByText('種類')).toBeNull();
  });
});
