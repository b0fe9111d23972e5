// The trimming of client error reports before they are sent (the limits of POST api/client-errors).
import { describe, expect, it } from 'vitest';
import { CLIENT_ERROR_LIMITS, trimClientError } from './client-errors.ts';
import { clientErrorBody } from './debug.ts';

describe('trimClientError', () => {
  it('leaves a report within the limits as it is', () => {
    const report = { message: 'boom', stack: 'at x', page: '/list/1', userAgent: 'UA' };
    expect(trimClientError(report)).toEqual(report);
  });

  it('cuts each field to its limit, so the server always accepts the report', () => {
    const trimmed = trimClientError({
      message: 'm'.repeat(5000),
      stack: 's'.repeat(20_000),
      page: 'p'.repeat(900),
      userAgent: 'u'.repeat(900),
    });
    expect(trimmed.message).toHaveLength(CLIENT_ERROR_LIMITS.message);
    expect(trimmed.message.endsWith('…')).toBe(true);
    expect(trimmed.stack).toHaveLength(CLIENT_ERROR_LIMITS.stack);
    expect(trimmed.page).toHaveLength(CLIENT_ERROR_LIMITS.page);
    expect(trimmed.userAgent).toHaveLength(CLIENT_ERROR_LIMITS.userAgent);
    expect(clientErrorBody.safeParse(trimmed).success).toBe(true);
  });

  it('gives an empty message a placeholder (the server requires one)', () => {
    const trimmed = trimClientError({ message: '  ', stack: '', page: '', userAgent: '' });
    expect(trimmed.message).toBe('(no message)');
    expect(clientErrorBody.safeParse(trimmed).success).toBe(true);
  });
});
