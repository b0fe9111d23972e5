import { beforeEach, describe, expect, it } from 'vitest';
import { markCoachMarkShown, shouldShowCoachMark } from './coach-mark.ts';

describe('advanced.md §2/§4 the coach mark is shown once per session', () => {
  beforeEach(() => sessionStorage.clear());
  it('shows until marked displayed, then not again in this session', () => {
    expect(shouldShowCoachMark()).toBe(true);
    markCoachMarkShown();
    expect(shouldShowCoachMark()).toBe(false);
  });
  it('a new session (cleared session storage) shows it again', () => {
    markCoachMarkShown();
    sessionStorage.clear();
    expect(shouldShowCoachMark()).toBe(true);
  });
});
