// When the server ends a session on a call (a 401 whose code is a login-failure reason, e.g. the address left
// the IP allow-list), the user is told why, as after a failed login check (core.md §8), before login shows.
import type { LoginFailureReason } from '@camwatch/contract/auth';
import { t } from '../lib/i18n.ts';
import { showToast } from '../lib/toast.ts';

export const SESSION_END_REASON_MS = 5_000;

const endReasons: ReadonlySet<string> = new Set<LoginFailureReason>([
  'ip_restricted',
  'locked',
  'devauth_failed',
  'system_locked',
]);

/** Shows the reason of a 401's `code` when it is one; a plain 401 (no or expired session) shows nothing. */
export function showSessionEndReason(code: string | undefined): boolean {
  if (code === undefined || !endReasons.has(code)) return false;
  showToast({
    id: 'session-ended',
    color: 'red',
    title: t('messages.checkLoginFailed'),
    message: t(`messages.loginFailure.${code as LoginFailureReason}`),
    autoClose: SESSION_END_REASON_MS,
  });
  return true;
}
