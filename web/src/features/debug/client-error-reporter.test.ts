// The client error reporter: only logged in, each distinct error once, a few per page load.
import { describe, expect, it, vi } from 'vitest';
import { createClientErrorReporter, describeError } from './client-error-reporter.ts';

const setup = (loggedIn = true, maxPerLoad = 3) => {
  const send = vi.fn(async () => {});
  const report = createClientErrorReporter({
    send,
    isLoggedIn: () => loggedIn,
    page: () => '/list/1',
    userAgent: () => 'UA',
    maxPerLoad,
  });
  return { send, report };
};

describe('client error reporter', () => {
  it('sends message, stack, page and user agent', () => {
    const { send, report } = setup();
    const error = new TypeError('x is undefined');
    expect(report(error)).toBe(true);
    expect(send).toHaveBeenCalledWith({
      message: 'TypeError: x is undefined',
      stack: error.stack,
      page: '/list/1',
      userAgent: 'UA',
    });
  });

  it('sends nothing when logged out (the call needs a session)', () => {
    const { send, report } = setup(false);
    expect(report(new Error('boom'))).toBe(false);
    expect(send).not.toHaveBeenCalled();
  });

  it('sends each distinct error once and at most maxPerLoad per page load', () => {
    const { send, report } = setup(true, 3);
    const same = new Error('same');
    report(same);
    report(same);
    expect(send).toHaveBeenCalledTimes(1);
    report('second');
    report({ code: 42 });
    report('fourth');
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('ignores browser noise', () => {
    const { send, report } = setup();
    report('ResizeObserver loop completed with undelivered notifications.');
    report('Script error.');
    expect(send).not.toHaveBeenCalled();
  });

  it('describes strings, objects and errors', () => {
    expect(describeError('plain')).toEqual({ message: 'plain', stack: '' });
    expect(describeError({ a: 1 })).toEqual({ message: '{"a":1}', stack: '' });
    expect(describeError(undefined).message).toBe('undefined');
    expect(describeError(new RangeError('r')).message).toBe('RangeError: r');
  });
});
