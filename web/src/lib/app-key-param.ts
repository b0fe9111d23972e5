// An `appKey` query parameter (a device-authentication link) is kept for login and login check, and removed
// from the address bar so it is not bookmarked or shared (core.md §1).
import { writeState } from './browser-state.ts';

export function takeAppKeyFromAddress(): void {
  const url = new URL(window.location.href);
  const key = url.searchParams.get('appKey');
  if (key === null) return;
  if (key.length > 0 && key.length <= 200) writeState('appKey', key);
  url.searchParams.delete('appKey');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}
