import { describe, expect, it } from 'vitest';
import {
  cameraListQuery,
  downOnly,
  hasConditions,
  lastPage,
  listHref,
  pagerPages,
  parseListState,
  parsePage,
  withView,
  withoutConditions,
} from './list-query.ts';

const q = (s: string) => new URLSearchParams(s);

describe('list state from the URL (core.md §2)', () => {
  it('defaults to the list view with no conditions', () => {
    expect(parseListState(q(''))).toEqual({
      view: 'list',
      division: null,
      tags: [],
      func: [],
      watchStatus: null,
      filter: [],
    });
  });
  it('reads every key and drops unknown values', () => {
    const state = parseListState(
      q(
        'view=tile&division=4&tags[]=a&tags[]=b&tags[]=a&func[]=ptz&func[]=bogus&watch_status=down&filter[]=x',
      ),
    );
    expect(state).toEqual({
      view: 'tile',
      division: '4',
      tags: ['a', 'b'],
      func: ['ptz'],
      watchStatus: 'down',
      filter: ['x'],
    });
    expect(parseListState(q('view=map&watch_status=maybe'))).toMatchObject({
      view: 'list',
      watchStatus: null,
    });
  });
  it('builds the API query with count 50', () => {
    expect(cameraListQuery(2, parseListState(q('tags[]=t1&watch_status=down')))).toEqual({
      page: 2,
      count: 50,
      filter: [],
      tags: ['t1'],
      func: [],
      watch_status: 'down',
    });
  });
  it('knows whether any condition narrows the list', () => {
    expect(hasConditions(parseListState(q('view=tile&division=4')))).toBe(false);
    expect(hasConditions(parseListState(q('func[]=motion')))).toBe(true);
  });
});

describe('changing the URL', () => {
  it('changing view keeps everything else', () => {
    expect(withView(q('tags[]=a&view=list'), 'tile').toString()).toBe('tags%5B%5D=a&view=tile');
  });
  it('clearing conditions keeps view and division', () => {
    const next = withoutConditions(
      q('view=tile&division=4&tags[]=a&func[]=ptz&watch_status=down&filter[]=x'),
    );
    expect(next.toString()).toBe('view=tile&division=4');
  });
  it('down only drops other conditions', () => {
    expect(downOnly(q('view=tile&tags[]=a')).toString()).toBe('view=tile&watch_status=down');
  });
  it('builds list links', () => {
    expect(listHref(3, q(''))).toBe('/list/3');
    expect(listHref(1, q('view=tile'))).toBe('/list/1?view=tile');
  });
});

describe('pages', () => {
  it('parses the page of the path', () => {
    expect(parsePage('3')).toBe(3);
    for (const bad of [undefined, '', '0', '-1', 'x', '1.5']) expect(parsePage(bad)).toBe(1);
  });
  it('counts the last page with 50 a page', () => {
    expect(lastPage(0)).toBe(1);
    expect(lastPage(50)).toBe(1);
    expect(lastPage(51)).toBe(2);
  });
  it('shows at most 5 page buttons around the current page', () => {
    expect(pagerPages(1, 1)).toEqual([1]);
    expect(pagerPages(1, 3)).toEqual([1, 2, 3]);
    expect(pagerPages(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pagerPages(6, 10)).toEqual([4, 5, 6, 7, 8]);
    expect(pagerPages(10, 10)).toEqual([6, 7, 8, 9, 10]);
  });
});
