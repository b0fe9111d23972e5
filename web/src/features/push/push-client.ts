// This browser's web push: asks for permission, subscribes with the server's VAPID key through the service
// worker registered at start-up (web/public/sw.js), saves the subscription and renews it every 600000 ms,
// and removes it again (the switch, and logout). The current state lives in a small store the layout, the
// bell and the setting screen read.
import { useSyncExternalStore } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { deleteSubscription } from './api/delete-subscription.ts';
import { getVapidKey } from './api/get-vapid-key.ts';
import { saveSubscription } from './api/save-subscription.ts';
import {
  applicationServerKey,
  isRenewalDue,
  pushStateOf,
  subscriptionPayload,
  type PushState,
} from './push-rules.ts';

/** Why switching push on did not work: the user refused, or the browser's push service failed. */
export type PushFailure = 'denied' | 'subscribeFailed';

export interface PushSnapshot {
  state: PushState;
  /** False until the first look at the browser has finished. */
  isKnown: boolean;
  isBusy: boolean;
  failure: PushFailure | null;
  /** The browser's own words for the failure, for the curious. */
  failureDetail: string | null;
}

let snapshot: PushSnapshot = {
  state: 'noReceive',
  isKnown: false,
  isBusy: false,
  failure: null,
  failureDetail: null,
};
const listeners = new Set<() => void>();
let lastSavedAt: number | null = null;

function update(next: Partial<PushSnapshot>): void {
  snapshot = { ...snapshot, ...next };
  for (const listener of listeners) listener();
}

export const isPushSupported = (): boolean =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

async function registration(): Promise<ServiceWorkerRegistration> {
  // main.tsx registers /sw.js at start-up; register again (a no-op when it is there) in case that failed.
  await navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  return navigator.serviceWorker.ready;
}

/** Without waiting for the worker to start: no registration yet means no subscription yet. */
async function currentSubscription(): Promise<PushSubscription | null> {
  if (!isPushSupported()) return null;
  const reg = await navigator.serviceWorker.getRegistration('/');
  return reg ? reg.pushManager.getSubscription() : null;
}

/** A browser whose push service cannot be reached may never answer; give up after this long. */
const SUBSCRIBE_TIMEOUT_MS = 20_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = window.setTimeout(
      () => reject(new Error(`no answer from the push service in ${ms / 1000} s`)),
      ms,
    );
    promise.then(
      (value) => {
        window.clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        window.clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

async function save(subscription: PushSubscription): Promise<void> {
  await saveSubscription(
    subscriptionPayload(subscription.toJSON(), PushManager.supportedContentEncodings ?? []),
  );
  lastSavedAt = Date.now();
}

/** Looks at the permission and the subscription again; renews the subscription on the server when due. */
export async function refreshPush(options: { renew?: boolean } = {}): Promise<PushState> {
  if (!isPushSupported()) {
    update({ state: 'unsupported', isKnown: true });
    return 'unsupported';
  }
  const subscription = await currentSubscription().catch(() => null);
  const state = pushStateOf({
    isSupported: true,
    permission: Notification.permission,
    hasSubscription: subscription !== null,
  });
  if (state === 'receive' && subscription && (options.renew || isRenewalDue(lastSavedAt, Date.now())))
    await save(subscription).catch(() => undefined);
  update({ state, isKnown: true });
  return state;
}

/** Switches push on: permission, subscription, saved on the server. */
export async function enablePush(): Promise<PushState> {
  if (!isPushSupported()) return refreshPush();
  update({ isBusy: true, failure: null, failureDetail: null });
  try {
    const permission = await Notification.requestPermission();
    if (permission !== 'granted') {
      update({ failure: 'denied' });
      return await refreshPush();
    }
    const reg = await registration();
    let subscription = await reg.pushManager.getSubscription();
    if (!subscription) {
      const key = applicationServerKey(await getVapidKey());
      try {
        subscription = await withTimeout(
          reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }),
          SUBSCRIBE_TIMEOUT_MS,
        );
      } catch (error) {
        update({ failure: 'subscribeFailed', failureDetail: (error as Error).message || String(error) });
        return await refreshPush();
      }
    }
    await save(subscription);
    return await refreshPush();
  } finally {
    update({ isBusy: false });
  }
}

/** Switches push off: removed on the server first, then in the browser. */
export async function disablePush(): Promise<PushState> {
  update({ isBusy: true, failure: null, failureDetail: null });
  try {
    const subscription = await currentSubscription().catch(() => null);
    if (subscription) {
      await deleteSubscription(subscription.endpoint).catch((error: unknown) => {
        // Already gone on the server (expired and cleaned up): nothing to remove there.
        if (!(error instanceof ApiError && error.status === 404)) throw error;
      });
      await subscription.unsubscribe().catch(() => false);
    }
    lastSavedAt = null;
    return await refreshPush();
  } finally {
    update({ isBusy: false });
  }
}

/** Before logout (core.md §4): never blocks the logout, whatever happens. */
export async function removePushBeforeLogout(): Promise<void> {
  if (!isPushSupported()) return;
  await disablePush().catch(() => undefined);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const usePushSnapshot = (): PushSnapshot => useSyncExternalStore(subscribe, () => snapshot);
