import { describe, expect, it } from 'vitest';
import { afterLoginTarget, appKeyInRedirect, safeRedirect } from './login-redirect.ts';

describe('after login (core.md §4)', () => {
  it('goes to list/1 without a redirect', () => {
    expect(afterLoginTarget(null)).toEqual({ path: '/list/1', fullLoad: false });
  });
  it('goes to the redirect, a /camera path with a full page load', () => {
    expect(afterLoginTarget('/detail/cam-1?date=2026-11-01')).toEqual({
      path: '/detail/cam-1?date=2026-11-01',
      fullLoad: false,
    });
    expect(afterLoginTarget('/camera/abc')).toEqual({ path: '/camera/abc', fullLoad: true });
  });
  it('never follows a redirect off the site', () => {
    for (const r of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)'])
      expect(safeRedirect(r)).toBeNull();
  });
  it('finds an appKey inside the redirect query', () => {
    expect(appKeyInRedirect('/list/1?appKey=abc123')).toBe('abc123');
    expect(appKeyInRedirect('/list/1')).toBeNull();
  });
});
