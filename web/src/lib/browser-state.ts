// Everything the app keeps in the browser (core.md §3, last bullet), in one typed module.
// Each value is validated when read, so a stale or tampered entry falls back to its default.
import { useSyncExternalStore } from 'react';
// Readers that accept a stored value only if it has the right shape, else answer the default.
const bool = (fallback: boolean) => (v: unknown) => (typeof v === 'boolean' ? v : fallback);
const oneOf =
  <T extends string>(values: readonly T[], fallback: T) =>
  (v: unknown): T =>
    values.includes(v as T) ? (v as T) : fallback;
const record =
  <K extends string>(fallback: Record<K, boolean>) =>
  (v: unknown): Record<K, boolean> => {
    const out = { ...fallback };
    if (typeof v === 'object' && v !== null) {
      for (const key of Object.keys(fallback) as K[]) {
        const value = (v as Record<K, unknown>)[key];
        if (typeof value === 'boolean') out[key] = value;
      }
    }
    return out;
  };

const readers = {
  /** Whether this browser believes it is logged in; the server's session cookie is the truth. */
  loggedIn: bool(false),
  language: oneOf(['ja', 'en'] as const, 'ja'),
  /** Display options of the list screens (setting screen). */
  displaySettings: record({ showDownNotice: true }),
  /** Video info checkboxes of the detail player. */
  detailDisplay: record({
    dateTime: true,
    motionArea: false,
    motionInfo: false,
    enterAlertArea: false,
    operationArea: false,
  }),
  notificationTooltip: record({ open: false }),
  /** The LIVE switch choice, remembered (core.md §4); on until the user turns it off. */
  liveSwitch: bool(true),
  /** Until when the web-push offer stays dismissed (epoch ms). */
  pushDialogExpiresAt: (v: unknown): number | null =>
    typeof v === 'number' && Number.isFinite(v) ? v : null,
  timeLapseSort: oneOf(['asc', 'desc'] as const, 'asc'),
  /** Header search keywords, newest first, at most 10 kept (5 offered: features/cameras/recent-searches.ts). */
  recentSearches: (v: unknown): string[] =>
    Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string').slice(0, 10) : [],
  /** This browser's device-authentication key, sent with login and login check. */
  appKey: (v: unknown): string | null =>
    typeof v === 'string' && v.length > 0 && v.length <= 200 ? v : null,
} as const;

export type BrowserState = { [K in keyof typeof readers]: ReturnType<(typeof readers)[K]> };
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
  const value = readers[key](raw) as BrowserState[K];
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
  for (const key of Object.keys(readers) as BrowserStateKey[]) {
    if (key !== 'loggedIn' && key !== 'appKey' && key !== 'language') clearState(key);
  }
}

if (typeof window !== 'undefined') {
  // Another tab changed a value (key) or cleared the storage (key null): drop our copies.
  window.addEventListener('storage', (event) => {
    if (event.key === null) cache.clear();
    else if (event.key.startsWith(PREFIX)) cache.delete(event.key.slice(PREFIX.length) as BrowserStateKey);
    else return;
    for (const listener of listeners) listener();
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
