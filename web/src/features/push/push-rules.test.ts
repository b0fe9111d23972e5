// Web push rules (core.md §3, §4, §9).
import { describe, expect, it } from 'vitest';
import { PUSH_SUBSCRIPTION_EXPIRY_MS, PUSH_SUBSCRIPTION_UPDATE_MS } from '@camwatch/contract/constants';
import {
  applicationServerKey,
  isRenewalDue,
  PUSH_DIALOG_DISMISS_MS,
  pushStateOf,
  shouldOfferPush,
  subscriptionPayload,
} from './push-rules.ts';

describe('pushStateOf (core.md §4: receive, no receive, blocked)', () => {
  it('receives only when permission is granted and a subscription exists', () => {
    expect(pushStateOf({ isSupported: true, permission: 'granted', hasSubscription: true })).toBe('receive');
    expect(pushStateOf({ isSupported: true, permission: 'granted', hasSubscription: false })).toBe(
      'noReceive',
    );
    expect(pushStateOf({ isSupported: true, permission: 'default', hasSubscription: false })).toBe(
      'noReceive',
    );
    // A subscription left from before the permission was reset does not count.
    expect(pushStateOf({ isSupported: true, permission: 'default', hasSubscription: true })).toBe(
      'noReceive',
    );
  });

  it('is blocked when the permission is denied, whatever else', () => {
    expect(pushStateOf({ isSupported: true, permission: 'denied', hasSubscription: true })).toBe('blocked');
    expect(pushStateOf({ isSupported: true, permission: 'denied', hasSubscription: false })).toBe('blocked');
  });

  it('a browser without push is unsupported', () => {
    expect(pushStateOf({ isSupported: false, permission: 'granted', hasSubscription: false })).toBe(
      'unsupported',
    );
  });
});

describe('shouldOfferPush (the dialog after login, its dismissal kept in the browser)', () => {
  const now = Date.parse('2026-11-21T10:00:00Z');
  it('offers when not receiving and never dismissed', () => {
    expect(shouldOfferPush('noReceive', null, now)).toBe(true);
  });
  it('not while the dismissal lasts, again once it has run out', () => {
    const until = now + PUSH_DIALOG_DISMISS_MS;
    expect(shouldOfferPush('noReceive', until, now)).toBe(false);
    expect(shouldOfferPush('noReceive', until, until - 1)).toBe(false);
    expect(shouldOfferPush('noReceive', until, until)).toBe(true);
  });
  it('never when receiving, blocked or unsupported', () => {
    for (const state of ['receive', 'blocked', 'unsupported'] as const)
      expect(shouldOfferPush(state, null, now)).toBe(false);
  });
});

describe('isRenewalDue (core.md §9: update every 600000 ms, expiry 660000 ms)', () => {
  it('renews every 600000 ms, before the server lets the subscription expire', () => {
    expect(PUSH_SUBSCRIPTION_UPDATE_MS).toBe(600000);
    expect(PUSH_SUBSCRIPTION_EXPIRY_MS).toBe(660000);
    expect(PUSH_SUBSCRIPTION_UPDATE_MS).toBeLessThan(PUSH_SUBSCRIPTION_EXPIRY_MS);
    const saved = 1_000_000;
    expect(isRenewalDue(null, saved)).toBe(true);
    expect(isRenewalDue(saved, saved + PUSH_SUBSCRIPTION_UPDATE_MS - 1)).toBe(false);
    expect(isRenewalDue(saved, saved + PUSH_SUBSCRIPTION_UPDATE_MS)).toBe(true);
  });
});

describe('subscriptionPayload (core.md §3: endpoint, publicKey, authSecret, contentEncoding, expires)', () => {
  const json = {
    endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
    expirationTime: null,
    keys: { p256dh: 'BPublicKey', auth: 'AuthSecret' },
  };
  it('maps PushSubscription.toJSON() to the call’s body', () => {
    expect(subscriptionPayload(json, ['aes128gcm', 'aesgcm'])).toEqual({
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      publicKey: 'BPublicKey',
      authSecret: 'AuthSecret',
      contentEncoding: 'aes128gcm',
      expires: null,
    });
    expect(subscriptionPayload({ ...json, expirationTime: 1_800_000_000_000 }).expires).toBe(
      1_800_000_000_000,
    );
  });
  it('falls back to the only encoding an old browser offers', () => {
    expect(subscriptionPayload(json, ['aesgcm']).contentEncoding).toBe('aesgcm');
  });
  it('refuses a subscription without keys', () => {
    expect(() => subscriptionPayload({ endpoint: json.endpoint })).toThrow();
  });
});

describe('applicationServerKey', () => {
  it('decodes the base64url VAPID key to its 65 bytes', () => {
    const key = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
    const bytes = applicationServerKey(key);
    expect(bytes).toHaveLength(65);
    expect(bytes[0]).toBe(4);
    expect(Buffer.from(bytes).toString('base64url')).toBe(key);
  });
});
