// Leaving the logged-in state: on a 401, a failed login check, or logout (core.md §4, §8).
import { writeState } from '../lib/browser-state.ts';
import { queryClient } from '../lib/query-client.ts';

type Navigate = (to: string, options?: { replace?: boolean }) => unknown;
let navigate: Navigate = (to) => window.location.assign(to);

/** The router registers itself so the session can move without a full page load. */
export const setSessionNavigator = (fn: Navigate) => {
  navigate = fn;
};

export const loginPathFor = (target: string) =>
  target === '/' || target.startsWith('/login') ? '/login' : `/login?redirect=${encodeURIComponent(target)}`;

const currentTarget = () => `${window.location.pathname}${window.location.search}`;

/** Clears the login flag and the user info, then goes to login, coming back here afterwards. */
export function endSession(options: { keepRedirect?: boolean } = { keepRedirect: true }): void {
  writeState('loggedIn', false);
  queryClient.clear();
  if (window.location.pathname === '/login') return;
  navigate(options.keepRedirect === false ? '/login' : loginPathFor(currentTarget()), { replace: true });
}
