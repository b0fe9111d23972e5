import { describe, expect, it } from 'vitest';
import { addRecentSearch, filterRecentSearches, splitKeywords } from './keyword.ts';

describe('splitKeywords', () => {
  it('core.md §5: splits on ASCII space, ideographic space and commas', () => {
    expect(splitKeywords('entrance hall')).toEqual(['entrance', 'hall']);
    expect(splitKeywords('東京\u3000大阪')).toEqual(['東京', '大阪']);
    expect(splitKeywords('a,b，c')).toEqual(['a', 'b', 'c']);
  });

  it('core.md §5: drops empty pieces', () => {
    expect(splitKeywords('  a ,, \u3000b,')).toEqual(['a', 'b']);
    expect(splitKeywords('')).toEqual([]);
    expect(splitKeywords(' \u3000,')).toEqual([]);
  });
});

describe('recent searches', () => {
  it('core.md §5: newest first and de-duplicated', () => {
    expect(addRecentSearch(['b', 'a'], 'c')).toEqual(['c', 'b', 'a']);
    expect(addRecentSearch(['b', 'a', 'c'], 'a')).toEqual(['a', 'b', 'c']);
  });

  it('core.md §9: keeps at most 5', () => {
    expect(addRecentSearch(['5', '4', '3', '2', '1'], '6')).toEqual(['6', '5', '4', '3', '2']);
  });

  it('core.md §5: a blank search is not kept', () => {
    expect(addRecentSearch(['a'], '  ')).toEqual(['a']);
    expect(addRecentSearch([], ' x ')).toEqual(['x']);
  });

  it('core.md §5: filtered by typed text', () => {
    const recent = ['Tokyo gate', 'osaka', 'tokyo hall'];
    expect(filterRecentSearches(recent, 'tokyo')).toEqual(['Tokyo gate', 'tokyo hall']);
    expect(filterRecentSearches(recent, '')).toEqual(recent);
    expect(filterRecentSearches(recent, 'nagoya')).toEqual([]);
  });
});
