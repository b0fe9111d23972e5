// Everything the app keeps in the browser (core.md §3, last bullet), in one typed module.
// Each value is validated when read, so a stale or tampered entry falls back to its default.
import { useSyncExternalStore } from 'react';
import { z } from 'zod';

const schemas = {
  /** Whether this browser believes it is logged in; the server's session cookie is the truth. */
  loggedIn: z.boolean().catch(false),
  language: z.enum(['ja', 'en']).catch('ja'),
  /** Display options of the list screens (setting screen). */
  displaySettings: z.object({ showDownNotice: z.boolean().catch(true) }).catch({ showDownNotice: true }),
  /** Video info checkboxes of the detail player. */
  detailDisplay: z
    .object({
      dateTime: z.boolean().catch(true),
      motionArea: z.boolean().catch(false),
      motionInfo: z.boolean().catch(false),
      enterAlertArea: z.boolean().catch(false),
      operationArea: z.boolean().catch(false),
    })
    .catch({
      dateTime: true,
      motionArea: false,
      motionInfo: false,
      enterAlertArea: false,
      operationArea: false,
    }),
  notificationTooltip: z.object({ open: z.boolean().catch(false) }).catch({ open: false }),
  /** The LIVE switch choice, remembered (core.md §4). */
  liveSwitch: z.boolean().catch(false),
  /** Until when the web-push offer stays dismissed (epoch ms). */
  pushDialogExpiresAt: z.number().nullable().catch(null),
  timeLapseSort: z.enum(['asc', 'desc']).catch('asc'),
  recentSearches: z.array(z.string()).max(5).catch([]),
  /** This browser's device-authentication key, sent with login and login check. */
  appKey: z.string().nullable().catch(null),
} as const;

export type BrowserState = { [K in keyof typeof schemas]: z.output<(typeof schemas)[K]> };
export type BrowserStateKey = keyof BrowserState;

const PREFIX = 'camwatch.';
const listeners = new Set<() => void>();
const cache = new Map<BrowserStateKey, unknown>();

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // private mode or storage disabled: fall back to defaults
  }
}

export function readState<K extends BrowserStateKey>(key: K): BrowserState[K] {
  if (cache.has(key)) return cache.get(key) as BrowserState[K];
  let raw: unknown = undefined;
  const text = storage()?.getItem(PREFIX + key);
  if (text != null) {
    try {
      raw = JSON.parse(text);
    } catch {
      raw = undefined;
    }
  }
  const value = schemas[key].parse(raw) as BrowserState[K];
  cache.set(key, value);
  return value;
}

export function writeState<K extends BrowserStateKey>(key: K, value: BrowserState[K]): void {
  cache.set(key, value);
  try {
    storage()?.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // quota or disabled storage: keep the value for this page only
  }
  for (const listener of listeners) listener();
}

export function clearState(key: BrowserStateKey): void {
  cache.delete(key);
  storage()?.removeItem(PREFIX + key);
  for (const listener of listeners) listener();
}

/** Resets the settings kept in the browser (setting screen's reset dialog); keeps login and the app key. */
export function resetSettings(): void {
  for (const key of Object.keys(schemas) as BrowserStateKey[]) {
    if (key !== 'loggedIn' && key !== 'appKey' && key !== 'language') clearState(key);
  }
}

if (typeof window !== 'undefined') {
  // Another tab changed a value: drop our copy so the next read sees it.
  window.addEventListener('storage', (event) => {
    if (event.key?.startsWith(PREFIX)) {
      cache.delete(event.key.slice(PREFIX.length) as BrowserStateKey);
      for (const listener of listeners) listener();
    }
  });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** A browser-kept value as React state. */
export function useBrowserState<K extends BrowserStateKey>(
  key: K,
): [BrowserState[K], (value: BrowserState[K]) => void] {
  const value = useSyncExternalStore(subscribe, () => readState(key));
  return [value, (next) => writeState(key, next)];
}
