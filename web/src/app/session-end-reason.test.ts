// A session the server ended says why (issue 16 §7): a 401 coded ip_restricted shows the IP filter message.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../locales/en.ts';
import { setCatalog } from '../lib/i18n.ts';

const shown = vi.hoisted(() => [] as { title?: string; message: string }[]);
vi.mock('../lib/toast.ts', () => ({
  showToast: (toast: { title?: string; message: string }) => shown.push(toast),
}));
const { showSessionEndReason } = await import('./session-end-reason.ts');

describe('showSessionEndReason', () => {
  beforeEach(() => {
    shown.length = 0;
  });

  it('shows the login-failure text of the reason the server gave', () => {
    setCatalog('en', en);
    expect(showSessionEndReason('ip_restricted')).toBe(true);
    expect(shown).toEqual([
      expect.objectContaining({
        title: en.messages.checkLoginFailed,
        message: en.messages.loginFailure.ip_restricted,
      }),
    ]);
  });

  it('shows nothing for a plain 401 (no session, expired) or an unknown code', () => {
    expect(showSessionEndReason(undefined)).toBe(false);
    expect(showSessionEndReason('unauthorized')).toBe(false);
    expect(showSessionEndReason('invalid_credentials')).toBe(false);
    expect(shown).toEqual([]);
  });
});
