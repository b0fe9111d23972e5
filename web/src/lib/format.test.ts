import { describe, expect, it } from 'vitest';
import { formatBytes } from './format.ts';

const KB = 1024;
const MB = 1024 * KB;
const GB = 1024 * MB;

describe('formatBytes (the download allowance, advanced.md §9: 50GB a month per camera)', () => {
  it('picks the unit that suits the amount, in both languages', () => {
    for (const language of ['ja', 'en']) {
      expect(formatBytes(0, language)).toBe('0 B');
      expect(formatBytes(512, language)).toBe('512 B');
      expect(formatBytes(1.5 * KB, language)).toBe('1.5 KB');
      // Issue 17 point 8: 1.1 MB downloaded read "0.1 GB".
      expect(formatBytes(1.1 * MB, language)).toBe('1.1 MB');
      expect(formatBytes(250 * MB, language)).toBe('250 MB');
      expect(formatBytes(12.34 * GB, language)).toBe('12 GB');
      expect(formatBytes(1.26 * GB, language)).toBe('1.3 GB');
      expect(formatBytes(50 * GB, language)).toBe('50 GB');
    }
  });

  it('moves up a unit when the amount rounds to 1024', () => {
    expect(formatBytes(1023.7 * KB, 'en')).toBe('1 MB');
    expect(formatBytes(1023, 'en')).toBe('1,023 B');
  });

  it('groups digits the language’s way beyond the largest unit', () => {
    expect(formatBytes(2048 * 1024 * GB, 'en')).toBe('2,048 TB');
    expect(formatBytes(2048 * 1024 * GB, 'ja')).toBe('2,048 TB');
  });

  it('shows nothing odd for bad input', () => {
    expect(formatBytes(-5, 'en')).toBe('0 B');
    expect(formatBytes(Number.NaN, 'ja')).toBe('0 B');
  });
});
