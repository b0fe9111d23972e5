// The scheduler on a moved clock: a task runs every interval (and at start when asked), never overlaps
// itself, a failing task is logged once per outage and keeps its schedule, and a stopped task runs no more.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Scheduler } from './scheduler.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('Scheduler', () => {
  it('runs a task every interval, at start only when asked, until stopped', async () => {
    const scheduler = new Scheduler();
    let plain = 0;
    let eager = 0;
    const stopPlain = scheduler.every('plain', 1_000, () => plain++);
    scheduler.every('eager', 1_000, () => eager++, { runAtStart: true });
    expect([plain, eager]).toEqual([0, 1]);
    await vi.advanceTimersByTimeAsync(3_000);
    expect([plain, eager]).toEqual([3, 4]);
    stopPlain();
    await vi.advanceTimersByTimeAsync(2_000);
    expect([plain, eager]).toEqual([3, 6]);
    scheduler.stop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect([plain, eager]).toEqual([3, 6]);
  });

  it('skips a tick while the previous run is still going', async () => {
    const scheduler = new Scheduler();
    let started = 0;
    let finish: () => void = () => {};
    scheduler.every('slow', 1_000, () => {
      started++;
      return new Promise<void>((resolve) => (finish = resolve));
    });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(started).toBe(1);
    finish();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(started).toBe(2);
    scheduler.stop();
  });

  it('logs a failing task once, goes on running it, and says when it works again', async () => {
    const logger = { info: vi.fn(), error: vi.fn() };
    const scheduler = new Scheduler(logger);
    let isDown = true;
    let runs = 0;
    scheduler.every('health check', 1_000, () => {
      runs++;
      if (isDown) throw new Error('database gone');
    });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(runs).toBe(5);
    expect(logger.error).toHaveBeenCalledTimes(1);
    expect(logger.error.mock.calls[0]![1]).toBe('health check failed');
    isDown = false;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(logger.info).toHaveBeenCalledTimes(1);
    scheduler.stop();
  });
});
