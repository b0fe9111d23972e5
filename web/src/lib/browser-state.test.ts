// core.md §3: browser-kept state in one typed module; a stale or tampered value falls back to its default.
import { beforeEach, describe, expect, it } from 'vitest';
import { readState, resetSettings, writeState } from './browser-state.ts';

describe('browser-kept state (core.md §3)', () => {
  beforeEach(() => {
    window.localStorage.clear();
    // As when another tab clears the storage: the module must forget what it read.
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
  });

  it('answers defaults: logged out, Japanese, time-lapse ascending, no recent searches', () => {
    expect(readState('loggedIn')).toBe(false);
    expect(readState('language')).toBe('ja');
    expect(readState('timeLapseSort')).toBe('asc');
    expect(readState('recentSearches')).toEqual([]);
  });

  it('keeps what is written, across a fresh read of storage', () => {
    writeState('language', 'en');
    writeState('notificationTooltip', { open: true });
    expect(JSON.parse(window.localStorage.getItem('camwatch.language') ?? 'null')).toBe('en');
    expect(readState('notificationTooltip')).toEqual({ open: true });
  });

  it('falls back to the default for a tampered or malformed entry', () => {
    window.localStorage.setItem('camwatch.timeLapseSort', '"sideways"');
    window.localStorage.setItem('camwatch.recentSearches', '{not json');
    window.localStorage.setItem('camwatch.appKey', '42');
    expect(readState('timeLapseSort')).toBe('asc');
    expect(readState('recentSearches')).toEqual([]);
    expect(readState('appKey')).toBeNull();
  });

  it('reset settings keeps the login, language and app key', () => {
    writeState('loggedIn', true);
    writeState('appKey', 'k'.repeat(64));
    writeState('liveSwitch', false);
    resetSettings();
    expect(readState('loggedIn')).toBe(true);
    expect(readState('appKey')).toBe('k'.repeat(64));
    expect(readState('liveSwitch')).toBe(true);
  });
});
