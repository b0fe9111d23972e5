// The header search and the filter dialog ↔ URL (core.md §2, §5).
import { describe, expect, it } from 'vitest';
import { parseListState } from './list-query.ts';
import {
  draftOf,
  emptyDraft,
  filterChips,
  filterFunctions,
  keywordText,
  keywordWords,
  withDraft,
  withKeyword,
  TAG_LIST_FRESH_MS,
  unknownTagAction,
  withoutTags,
  withoutChip,
} from './list-filters.ts';

const q = (s: string) => new URLSearchParams(s);
const all = filterFunctions(true);

describe('keyword → filter[] words (core.md §5)', () => {
  it('splits on ASCII space, ideographic space and commas, dropping empty pieces and repeats', () => {
    expect(keywordWords(' 渋谷　入口,レジ，渋谷  ')).toEqual(['渋谷', '入口', 'レジ']);
    expect(keywordWords('   ')).toEqual([]);
  });

  it('replaces filter[] and keeps every other key', () => {
    const next = withKeyword(q('view=tile&filter[]=old&tags[]=t1'), '渋谷 入口');
    expect(next.getAll('filter[]')).toEqual(['渋谷', '入口']);
    expect(next.get('view')).toBe('tile');
    expect(next.getAll('tags[]')).toEqual(['t1']);
  });

  it('a blank keyword removes the keyword filter', () => {
    expect(withKeyword(q('filter[]=a&filter[]=b&view=list'), ' ').toString()).toBe('view=list');
  });

  it('the box shows the URL’s words joined by a space', () => {
    expect(keywordText(parseListState(q('filter[]=渋谷&filter[]=入口')))).toBe('渋谷 入口');
  });
});

describe('filter dialog ↔ URL', () => {
  it('offers the TLT functions only in TLT modes', () => {
    expect(filterFunctions(false)).toEqual([
      'motion',
      'heatmap',
      'live',
      'audio',
      'people_counter',
      'ptz',
      'time_lapse',
    ]);
    expect(filterFunctions(true)).toContain('enter_alert');
  });

  it('reads the draft from the state', () => {
    expect(draftOf(parseListState(q('func[]=ptz&tags[]=t1&watch_status=down')))).toEqual({
      func: ['ptz'],
      tags: ['t1'],
      downOnly: true,
    });
    expect(draftOf(parseListState(q('watch_status=normal')))).toEqual(emptyDraft);
  });

  it('writes the draft in the offered order and keeps the keyword, view and division', () => {
    const next = withDraft(
      q('filter[]=渋谷&view=tile&division=4&func[]=live'),
      { func: ['ptz', 'motion'], tags: ['t2', 't2'], downOnly: true },
      all,
    );
    expect(next.getAll('func[]')).toEqual(['motion', 'ptz']);
    expect(next.getAll('tags[]')).toEqual(['t2']);
    expect(next.get('watch_status')).toBe('down');
    expect(next.getAll('filter[]')).toEqual(['渋谷']);
    expect(next.get('view')).toBe('tile');
    expect(next.get('division')).toBe('4');
  });

  it('drops functions the mode does not offer', () => {
    expect(
      withDraft(q(''), { ...emptyDraft, func: ['enter_alert', 'ptz'] }, filterFunctions(false)).getAll(
        'func[]',
      ),
    ).toEqual(['ptz']);
  });

  it('an empty draft removes the dialog’s conditions, but a watch_status=normal it does not offer stays', () => {
    expect(withDraft(q('func[]=ptz&tags[]=a&watch_status=down'), emptyDraft, all).toString()).toBe('');
    expect(withDraft(q('watch_status=normal'), emptyDraft, all).get('watch_status')).toBe('normal');
  });

  it('round-trips: URL → draft → URL', () => {
    const search = q('func[]=motion&func[]=ptz&tags[]=a&tags[]=b&watch_status=down');
    const back = withDraft(new URLSearchParams(), draftOf(parseListState(search)), all);
    expect(back.toString()).toBe(search.toString());
  });
});

describe('chips', () => {
  const state = parseListState(q('filter[]=渋谷&func[]=ptz&tags[]=t1&tags[]=t2&watch_status=down'));

  it('lists every active condition', () => {
    expect(filterChips(state)).toEqual([
      { kind: 'word', value: '渋谷' },
      { kind: 'func', value: 'ptz' },
      { kind: 'tag', value: 't1' },
      { kind: 'tag', value: 't2' },
      { kind: 'watch', value: 'down' },
    ]);
  });

  it('removing a chip removes only its value', () => {
    const search = q('filter[]=渋谷&tags[]=t1&tags[]=t2&func[]=ptz&view=tile');
    expect(withoutChip(search, { kind: 'tag', value: 't1' }).getAll('tags[]')).toEqual(['t2']);
    const noPtz = withoutChip(search, { kind: 'func', value: 'ptz' });
    expect(noPtz.has('func[]')).toBe(false);
    expect(noPtz.get('view')).toBe('tile');
    expect(withoutChip(q('watch_status=down'), { kind: 'watch', value: 'down' }).toString()).toBe('');
  });
});

describe('issue 17 point 6: a deleted tag leaves the filters and the address', () => {
  const list = (codes: string[], loadedAt = 1_000, isFetching = false) => ({ codes, loadedAt, isFetching });

  it('drops tags[] codes a fresh tag list lacks, keeping the known ones', () => {
    expect(unknownTagAction({ tags: ['tag-a', 'tag-gone'] }, list(['tag-a', 'tag-b']), 2_000)).toEqual({
      kind: 'drop',
      codes: ['tag-gone'],
    });
    const search = new URLSearchParams('tags[]=tag-a&tags[]=tag-gone&view=tile&filter[]=梅田');
    expect(withoutTags(search, ['tag-gone']).toString()).toBe(
      new URLSearchParams('view=tile&filter[]=梅田&tags[]=tag-a').toString(),
    );
  });

  it('does nothing when every code is known or while the list is being asked for', () => {
    expect(unknownTagAction({ tags: ['tag-a'] }, list(['tag-a']), 2_000)).toEqual({ kind: 'none' });
    expect(unknownTagAction({ tags: [] }, list([]), 2_000)).toEqual({ kind: 'none' });
    expect(unknownTagAction({ tags: ['tag-gone'] }, list(['tag-a'], 1_000, true), 2_000)).toEqual({
      kind: 'none',
    });
  });

  it('asks an old tag list again before dropping (the tag may have been made since)', () => {
    expect(
      unknownTagAction({ tags: ['tag-new'] }, list(['tag-a'], 1_000), 1_000 + TAG_LIST_FRESH_MS + 1),
    ).toEqual({
      kind: 'refresh',
    });
  });
});
