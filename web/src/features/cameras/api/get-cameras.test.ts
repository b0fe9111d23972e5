import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { cameraListQuery, parseListState } from '../list-query.ts';
import { cameraListQueryOptions, prefetchCameraList } from './get-cameras.ts';

describe("the list route's head start asks for the very page the screen shows (core.md §2 list/{page}, §7)", () => {
  afterEach(() => {
    queryClient.clear();
    vi.unstubAllGlobals();
  });
  // The call itself is not answered here (no server): what counts is the query the screen will look up.
  const unanswered = () => vi.stubGlobal('fetch', () => new Promise(() => {}));

  it('the page and the conditions of the address make the same query as the screen', () => {
    unanswered();
    const search = new URLSearchParams('view=tile&filter=shop&tags[]=入口&func[]=motion');
    prefetchCameraList('3', search);
    const key = cameraListQueryOptions(cameraListQuery(3, parseListState(search))).queryKey;
    expect(queryClient.getQueryCache().find({ queryKey: key, exact: true })?.state.fetchStatus).toBe(
      'fetching',
    );
  });
  it('a malformed page asks for page 1, as the screen does before it corrects the address', () => {
    unanswered();
    prefetchCameraList('x', new URLSearchParams());
    const key = cameraListQueryOptions(cameraListQuery(1, parseListState(new URLSearchParams()))).queryKey;
    expect(queryClient.getQueryCache().find({ queryKey: key, exact: true })).toBeDefined();
  });
  it('not for the multi-video view, whose page size depends on the screen', () => {
    unanswered();
    prefetchCameraList('1', new URLSearchParams('view=multi&division=9'));
    expect(queryClient.getQueryCache().findAll({ queryKey: ['cameras', 'list'] })).toHaveLength(0);
  });
});
