import { describe, expect, it } from 'vitest';
import { pagerPages } from './pager-pages.ts';

describe('pager (core.md §9)', () => {
  it('shows at most 5 page buttons around the current page', () => {
    expect(pagerPages(1, 1)).toEqual([1]);
    expect(pagerPages(1, 3)).toEqual([1, 2, 3]);
    expect(pagerPages(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pagerPages(6, 10)).toEqual([4, 5, 6, 7, 8]);
    expect(pagerPages(10, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(pagerPages(10, 20)).toEqual([8, 9, 10, 11, 12]);
  });
});
