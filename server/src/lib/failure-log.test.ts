import { describe, expect, it, vi } from 'vitest';
import { FailureLog } from './failure-log.ts';

function setup() {
  let now = 0;
  const logger = { info: vi.fn(), error: vi.fn() };
  const log = new FailureLog(logger, 'job queue poll', 60_000, () => now);
  return { log, logger, advance: (ms: number) => (now += ms) };
}

describe('FailureLog', () => {
  it('logs the first failure, then at most once a minute with the count, and the recovery once', () => {
    const { log, logger, advance } = setup();
    for (let i = 0; i < 30; i++) {
      log.failed(new Error('connect ECONNREFUSED'));
      advance(2_000);
    }
    // 30 failures over 60 s: the first, and one after a minute had passed.
    expect(logger.error).toHaveBeenCalledTimes(1);
    log.failed(new Error('connect ECONNREFUSED'));
    expect(logger.error).toHaveBeenCalledTimes(2);
    expect(logger.error).toHaveBeenLastCalledWith(
      expect.objectContaining({ failures: 31 }),
      'job queue poll failed',
    );
    log.succeeded();
    log.succeeded();
    expect(logger.info).toHaveBeenCalledTimes(1);
    expect(logger.info).toHaveBeenCalledWith({ failures: 31 }, 'job queue poll works again');
    expect(log.failures).toBe(0);
  });

  it('logs the first failure of a new outage at once', () => {
    const { log, logger } = setup();
    log.failed(new Error('a'));
    log.succeeded();
    log.failed(new Error('b'));
    expect(logger.error).toHaveBeenCalledTimes(2);
  });
});
