import { describe, expect, it } from 'vitest';
import { liveStateAfterImageFailure } from './live-failure-rules.ts';

describe('issue 17 / advanced.md §4: the live viewer after a failed or stale image', () => {
  it('keeps the spinner while retrying, over the last picture once one was shown', () => {
    expect(liveStateAfterImageFailure('loading', false)).toBe('loading');
    expect(liveStateAfterImageFailure('playing', false)).toBe('retrying');
    expect(liveStateAfterImageFailure('retrying', false)).toBe('retrying');
  });

  it('says live is unavailable once no fresh picture came for too long, before or after the first', () => {
    expect(liveStateAfterImageFailure('loading', true)).toBe('unavailable');
    expect(liveStateAfterImageFailure('retrying', true)).toBe('unavailable');
  });

  it('never turns a final message back into a spinner', () => {
    expect(liveStateAfterImageFailure('startFailed', false)).toBe('startFailed');
    expect(liveStateAfterImageFailure('noLiveData', true)).toBe('noLiveData');
  });
});
