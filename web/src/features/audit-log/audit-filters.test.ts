// The audit log screen's filters: kept in the address, read back safely, and turned into whole local days.
import { describe, expect, it } from 'vitest';
import {
  auditQueryOf,
  detailLine,
  filtersFromSearch,
  filtersToSearch,
  localUtcOffset,
} from './audit-filters.ts';
import { nextLocalMidnight, parseDateInput, toOffsetIso } from '../../lib/local-time.ts';

describe('audit log filters', () => {
  it('round-trip through the address, page 1 left out', () => {
    const filters = {
      user: '12',
      camera: 'cam-1',
      kind: 'live_viewed' as const,
      from: '2026-11-01',
      to: '2026-11-03',
    };
    const search = filtersToSearch(filters, 3);
    expect(search.toString()).toBe(
      'user=12&camera=cam-1&kind=live_viewed&from=2026-11-01&to=2026-11-03&page=3',
    );
    expect(filtersFromSearch(search)).toEqual({ filters, page: 3 });
    expect(filtersToSearch(filters).has('page')).toBe(false);
  });

  it('drop what the address cannot mean: an unknown kind, a user that is no id, a bad day or page', () => {
    const { filters, page } = filtersFromSearch(
      new URLSearchParams('user=me&kind=dance&from=2026-13-01&to=yesterday&page=-2'),
    );
    expect(filters).toEqual({ user: '', camera: '', kind: '', from: '', to: '' });
    expect(page).toBe(1);
  });

  it('a day range covers whole local days, the last one included', () => {
    const built = auditQueryOf({ user: '', camera: '', kind: '', from: '2026-11-01', to: '2026-11-03' });
    expect(built).toEqual({
      query: {
        from: toOffsetIso(parseDateInput('2026-11-01')),
        to: toOffsetIso(nextLocalMidnight(parseDateInput('2026-11-03'))),
      },
    });
  });

  it('an end before the start asks nothing', () => {
    expect(auditQueryOf({ user: '', camera: '', kind: '', from: '2026-11-03', to: '2026-11-01' })).toEqual({
      problem: 'toBeforeFrom',
    });
  });

  it('user, camera and kind become the call’s fields', () => {
    expect(auditQueryOf({ user: '7', camera: 'c', kind: 'logout', from: '', to: '' })).toEqual({
      query: { user_id: '7', camera_code: 'c', kind: 'logout' },
    });
  });

  it('the offset is ±HH:MM', () => {
    expect(localUtcOffset()).toMatch(/^[+-]\d{2}:\d{2}$/);
  });

  it('a detail reads as key: value pairs', () => {
    expect(detailLine({ enabled: true, set: ['A', 'B'], from: null })).toBe(
      'enabled: true / set: A, B / from: null',
    );
  });
});
