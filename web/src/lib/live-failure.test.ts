import { describe, expect, it } from 'vitest';
import { hasStartKeptFailing, isLiveQuietTooLong } from './live-failure.ts';

describe('issue 17 / core.md §8: when a live player stops spinning and says live cannot be watched', () => {
  it('says so after three failed starts in a row', () => {
    expect(hasStartKeptFailing(1)).toBe(false);
    expect(hasStartKeptFailing(2)).toBe(false);
    expect(hasStartKeptFailing(3)).toBe(true);
  });

  it('counts live as unavailable after 60 s plus the live interval without a fresh picture', () => {
    expect(isLiveQuietTooLong(0, 60_000)).toBe(false);
    expect(isLiveQuietTooLong(0, 60_001)).toBe(true);
    expect(isLiveQuietTooLong(0, 64_000, 5)).toBe(false);
    expect(isLiveQuietTooLong(0, 65_001, 5)).toBe(true);
  });
});
