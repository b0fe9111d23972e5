import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { initI18n } from '../../lib/i18n.ts';
import { QueryErrorState } from './QueryErrorState.tsx';

beforeAll(async () => {
  await initI18n();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const renderState = (error: unknown, onRetry: () => unknown) =>
  render(
    <MantineProvider>
      <QueryErrorState message="カメラ一覧を読み込めませんでした" error={error} onRetry={onRetry} />
    </MantineProvider>,
  );

describe('issue 17 point 3: the error state of a screen whose data could not be read', () => {
  it('shows the message and retries on the button', () => {
    const onRetry = vi.fn();
    renderState(new ApiError(404, null), onRetry);
    expect(screen.getByRole('alert')).toHaveTextContent('カメラ一覧を読み込めませんでした');
    fireEvent.click(screen.getByRole('button', { name: '再試行' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('core.md §9: after a 5xx it retries by itself after 5 s, then 10 s, with a countdown', async () => {
    vi.useFakeTimers();
    const onRetry = vi.fn();
    renderState(new ApiError(500, null), onRetry);
    expect(screen.getByText('5秒後に自動で再試行します。')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(4_999));
    expect(onRetry).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(screen.getByText('10秒後に自動で再試行します。')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(onRetry).toHaveBeenCalledTimes(2);
  });

  it('stops after 5 automatic retries', async () => {
    vi.useFakeTimers();
    const onRetry = vi.fn();
    renderState(new TypeError('Failed to fetch'), onRetry);
    for (const wait of [5_000, 10_000, 20_000, 40_000, 80_000])
      await act(() => vi.advanceTimersByTimeAsync(wait));
    expect(onRetry).toHaveBeenCalledTimes(5);
    await act(() => vi.advanceTimersByTimeAsync(600_000));
    expect(onRetry).toHaveBeenCalledTimes(5);
    expect(screen.queryByText(/自動で再試行します/)).toBeNull();
  });

  it('core.md §8: a 4xx (no right, not found) is not retried by itself', async () => {
    vi.useFakeTimers();
    const onRetry = vi.fn();
    renderState(new ApiError(403, null), onRetry);
    await act(() => vi.advanceTimersByTimeAsync(600_000));
    expect(onRetry).not.toHaveBeenCalled();
    expect(screen.queryByText(/自動で再試行します/)).toBeNull();
  });
});
