// Which page buttons a pager shows (core.md §9): at most PAGER_BUTTONS, around the current page.
import { PAGER_BUTTONS } from '@camwatch/contract/constants';

export function pagerPages(current: number, last: number, buttons = PAGER_BUTTONS): number[] {
  const count = Math.min(buttons, last);
  let start = Math.max(1, current - Math.floor(buttons / 2));
  start = Math.min(start, last - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}
