// Recent keywords of the header search box (core.md §5, §9).
import { describe, expect, it } from 'vitest';
import { offeredSearches, rememberSearch, RECENT_SEARCHES_KEPT } from './recent-searches.ts';

describe('recent keywords', () => {
  it('puts the newest first and keeps each keyword once', () => {
    expect(rememberSearch(['b', 'a'], 'a')).toEqual(['a', 'b']);
    expect(rememberSearch(['a'], '  渋谷　 入口 ')).toEqual(['渋谷 入口', 'a']);
    expect(rememberSearch(['渋谷 入口'], '渋谷  入口')).toEqual(['渋谷 入口']);
  });

  it('keeps at most 10, dropping the oldest', () => {
    let recent: string[] = [];
    for (let i = 1; i <= 12; i++) recent = rememberSearch(recent, `k${i}`);
    expect(recent).toHaveLength(RECENT_SEARCHES_KEPT);
    expect(recent[0]).toBe('k12');
    expect(recent.at(-1)).toBe('k3');
  });

  it('does not keep a blank keyword', () => {
    expect(rememberSearch(['a'], '   ')).toEqual(['a']);
  });

  it('offers at most 5, those containing the typed text, ignoring case', () => {
    const recent = ['Gate', 'gate 2', 'レジ', 'x1', 'x2', 'x3', 'x4', 'x5'];
    expect(offeredSearches(recent, 'GATE')).toEqual(['Gate', 'gate 2']);
    expect(offeredSearches(recent, '')).toEqual(['Gate', 'gate 2', 'レジ', 'x1', 'x2']);
  });
});
