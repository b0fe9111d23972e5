// Web push rules (core.md §3, §4, §9), pure so they can be tested without a browser: the state shown on the
// setting screen, when the offer dialog appears, when the subscription is renewed, and the payload sent.
import { PUSH_SUBSCRIPTION_UPDATE_MS } from '@camwatch/contract/constants';
import type { PushSubscriptionBody } from '@camwatch/contract/notifications';

/** receive / no receive / blocked (core.md §4), and browsers without web push. */
export type PushState = 'receive' | 'noReceive' | 'blocked' | 'unsupported';

/**
 * How long a dismissed offer stays away. The spec keeps a "push dialog expiry" in the browser without its
 * value; a week asks again often enough without nagging.
 */
export const PUSH_DIALOG_DISMISS_MS = 7 * 24 * 3_600_000;

/** Subscribed when permission is granted and a subscription exists (core.md §4). */
export function pushStateOf(input: {
  isSupported: boolean;
  permission: NotificationPermission;
  hasSubscription: boolean;
}): PushState {
  if (!input.isSupported) return 'unsupported';
  if (input.permission === 'denied') return 'blocked';
  return input.permission === 'granted' && input.hasSubscription ? 'receive' : 'noReceive';
}

/** The offer after login: only when push could be switched on and the last dismissal has run out. */
export function shouldOfferPush(state: PushState, dismissedUntil: number | null, now: number): boolean {
  return state === 'noReceive' && (dismissedUntil === null || now >= dismissedUntil);
}

/** The renewal (every 600000 ms) is due when the last save is that old, or there was none. */
export function isRenewalDue(lastSavedAt: number | null, now: number): boolean {
  return lastSavedAt === null || now - lastSavedAt >= PUSH_SUBSCRIPTION_UPDATE_MS;
}

/** The body of POST api/notifications/subscription from PushSubscription.toJSON(). */
export function subscriptionPayload(
  json: { endpoint?: string; expirationTime?: number | null; keys?: Record<string, string> },
  contentEncodings: readonly string[] = ['aes128gcm'],
): PushSubscriptionBody {
  const publicKey = json.keys?.p256dh;
  const authSecret = json.keys?.auth;
  if (!json.endpoint || !publicKey || !authSecret)
    throw new Error('the subscription has no endpoint or keys');
  return {
    endpoint: json.endpoint,
    publicKey,
    authSecret,
    contentEncoding: contentEncodings.includes('aes128gcm')
      ? 'aes128gcm'
      : (contentEncodings[0] ?? 'aes128gcm'),
    expires: json.expirationTime ?? null,
  };
}

/** The VAPID key as PushManager.subscribe wants it (base64url text to bytes). */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}
