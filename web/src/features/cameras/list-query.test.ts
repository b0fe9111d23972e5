import { describe, expect, it } from 'vitest';
import {
  cameraListQuery,
  downOnly,
  hasConditions,
  lastPage,
  listHref,
  mapFocusOf,
  multiDivision,
  pageSize,
  parseListState,
  parsePage,
  withDivision,
  withMapFocus,
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
    expect(parseListState(q('view=globe&watch_status=maybe'))).toMatchObject({
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
});

describe('core.md §2/§9 the multi-video view pages by its division', () => {
  it('reads the multi view and pages by the division (default 4)', () => {
    const multi = parseListState(q('view=multi&division=9'));
    expect(multi.view).toBe('multi');
    expect(pageSize(multi)).toBe(9);
    expect(cameraListQuery(2, multi).count).toBe(9);
    expect(pageSize(parseListState(q('view=multi')))).toBe(4);
    expect(pageSize(parseListState(q('view=multi&division=5')))).toBe(4);
    expect(multiDivision(parseListState(q('view=multi&division=16')))).toBe(16);
    expect(pageSize(parseListState(q('view=list&division=9')))).toBe(50);
  });
  it('changing the division keeps the page and the other conditions', () => {
    const next = withDivision(q('view=multi&division=4&tags[]=t1'), 16);
    expect(next.get('division')).toBe('16');
    expect(next.getAll('tags[]')).toEqual(['t1']);
    expect(listHref(3, next)).toBe('/list/3?view=multi&division=16&tags%5B%5D=t1');
  });
});

describe('core.md §2 the map tab and show on map', () => {
  it('reads the map view; choosing a tab clears the selected camera and point, keeping the page query', () => {
    expect(parseListState(q('view=map')).view).toBe('map');
    const next = withView(q('view=map&lat=35&lng=139&camera=cam-1&tags[]=t1'), 'map');
    expect(next.get('camera')).toBeNull();
    expect(next.get('lat')).toBeNull();
    expect(next.getAll('tags[]')).toEqual(['t1']);
  });

  it('show on map: the map tab at the camera’s site with the camera selected', () => {
    const camera = { camera_code: 'cam-1', location_latitude: 35.5, location_longitude: 139.25 };
    const next = withMapFocus(q('view=list&filter[]=door'), camera);
    expect(listHref(2, next)).toBe('/list/2?view=map&filter%5B%5D=door&lat=35.5&lng=139.25&camera=cam-1');
    expect(mapFocusOf(next)).toEqual({ lat: '35.5', lng: '139.25', camera: 'cam-1' });
    const unplaced = withMapFocus(q(''), { ...camera, location_latitude: null, location_longitude: null });
    expect(mapFocusOf(unplaced)).toEqual({ lat: '', lng: '', camera: 'cam-1' });
  });
});
