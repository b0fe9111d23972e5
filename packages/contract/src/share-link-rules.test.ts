// The share link's range and lifetime rules (issue 22 "Shareable clip links").
import { describe, expect, it } from 'vitest';
import {
  SHARE_LINK_MAX_MINUTES,
  SHARE_TOKEN_PATTERN,
  defaultShareRange,
  shareLinkMinutes,
  shareLinkState,
  shareRangeError,
} from './share-link-rules.ts';
import { shareLinkCreateBody } from './share-links.ts';

const at = (iso: string) => Date.parse(iso);
const now = at('2026-11-26T10:30:20Z');

describe('share link rules', () => {
  it('covers whole minutes: the start floored, the end raised', () => {
    expect(shareLinkMinutes(at('2026-11-26T10:00:30Z'), at('2026-11-26T10:02:10Z'))).toEqual({
      startMs: at('2026-11-26T10:00:00Z'),
      endMs: at('2026-11-26T10:03:00Z'),
    });
  });

  it('refuses reversed, too long (counted in whole minutes), future and unreadable ranges', () => {
    const start = at('2026-11-26T09:00:00Z');
    expect(shareRangeError(start, start + 60 * 60_000, now)).toBeNull();
    expect(shareRangeError(start + 30_000, start + 60 * 60_000 + 1, now)).toBe('too_long');
    expect(shareRangeError(start, start, now)).toBe('order');
    expect(shareRangeError(now + 60_000, now + 120_000, now)).toBe('future');
    expect(shareRangeError(Number.NaN, start, now)).toBe('invalid');
    expect(SHARE_LINK_MAX_MINUTES).toBe(60);
  });

  it('starts on the chosen minute with two minutes either side, never past the current minute', () => {
    expect(defaultShareRange(at('2026-11-26T10:10:00Z'), now)).toEqual({
      startMs: at('2026-11-26T10:08:00Z'),
      endMs: at('2026-11-26T10:13:00Z'),
    });
    expect(defaultShareRange(at('2026-11-26T10:30:00Z'), now).endMs).toBe(at('2026-11-26T10:31:00Z'));
    // Live: the five minutes up to the end of the current one.
    expect(defaultShareRange(null, now)).toEqual({
      startMs: at('2026-11-26T10:26:00Z'),
      endMs: at('2026-11-26T10:31:00Z'),
    });
  });

  it('tells active, expired and revoked links apart (revoked first)', () => {
    expect(shareLinkState({ expiresAtMs: now + 1, revokedAtMs: null }, now)).toBe('active');
    expect(shareLinkState({ expiresAtMs: now, revokedAtMs: null }, now)).toBe('expired');
    expect(shareLinkState({ expiresAtMs: now - 1, revokedAtMs: now - 2 }, now)).toBe('revoked');
  });

  it('takes 43-character base64url tokens only', () => {
    expect(SHARE_TOKEN_PATTERN.test('A'.repeat(43))).toBe(true);
    expect(SHARE_TOKEN_PATTERN.test('A'.repeat(42))).toBe(false);
    expect(SHARE_TOKEN_PATTERN.test(`${'A'.repeat(42)}.`)).toBe(false);
  });

  it('the create body: lifetimes of 1 to 168 whole hours, ranges of at most an hour', () => {
    const body = {
      start_datetime: '2026-11-26T09:00:00Z',
      end_datetime: '2026-11-26T10:00:00Z',
      expires_in_hours: 1,
    };
    expect(shareLinkCreateBody.safeParse(body).success).toBe(true);
    expect(shareLinkCreateBody.parse(body).allow_download).toBe(false);
    for (const hours of [0, 169, 1.5])
      expect(shareLinkCreateBody.safeParse({ ...body, expires_in_hours: hours }).success).toBe(false);
    expect(shareLinkCreateBody.safeParse({ ...body, end_datetime: '2026-11-26T10:00:01Z' }).success).toBe(
      false,
    );
    expect(shareLinkCreateBody.safeParse({ ...body, token: 'x' }).success).toBe(false);
  });
});
