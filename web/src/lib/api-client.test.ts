import { describe, expect, it } from 'vitest';
import { dispositionFileName } from './api-client.ts';

describe('file names of exports (core.md §9)', () => {
  it('prefers the UTF-8 name, falls back to the plain one, then to the default', () => {
    expect(
      dispositionFileName(
        `attachment; filename="enter-alert_____.csv"; filename*=UTF-8''enter-alert_%E6%A8%AA%E6%B5%9C.csv`,
        'x.csv',
      ),
    ).toBe('enter-alert_横浜.csv');
    expect(dispositionFileName('attachment; filename="a.csv"', 'x.csv')).toBe('a.csv');
    expect(dispositionFileName(`attachment; filename*=UTF-8''%E0%A4%A`, 'x.csv')).toBe('x.csv');
    expect(dispositionFileName(null, 'x.csv')).toBe('x.csv');
  });
});
