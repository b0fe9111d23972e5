// Shareable clip links (issue 22): the limits of a link and the checks of its range, zod-free so the browser's
// share dialog applies the very rules the server does. Pure.

/**
 * The longest range one link shares. A link is for showing an incident to someone without an account: an hour
 * covers one with its lead-up, keeps what a leaked link exposes small, and keeps the public call's clip list short
 * (60 one-minute clips).
 */
export const SHARE_LINK_MAX_MINUTES = 60;
/** How long a link may live: from 1 hour to 7 days (issue 22). */
export const SHARE_LINK_MIN_HOURS = 1;
export const SHARE_LINK_MAX_HOURS = 7 * 24;
/** The lifetimes the share dialog offers, in hours. */
export const SHARE_LINK_EXPIRY_CHOICES = [1, 6, 24, 72, 168] as const;
/** The dialog's default range: this many minutes before the chosen minute, and after it. */
export const SHARE_LINK_DEFAULT_CONTEXT_MINUTES = 2;

/** The browser's page of a link (the token is the only secret; the server keeps its SHA-256 alone). */
export const shareLinkPagePath = (token: string) => `/share/${token}`;

/** How the server writes a token: 32 random bytes in base64url (43 characters). */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const MINUTE_MS = 60_000;

/** A range covers whole recorded minutes: its start floored and its end raised to the minute. */
export function shareLinkMinutes(startMs: number, endMs: number): { startMs: number; endMs: number } {
  return {
    startMs: Math.floor(startMs / MINUTE_MS) * MINUTE_MS,
    endMs: Math.ceil(endMs / MINUTE_MS) * MINUTE_MS,
  };
}

export type ShareRangeError = 'invalid' | 'order' | 'too_long' | 'future';

/** What is wrong with a range the user picked (ms since the epoch), or null; whole minutes are what count. */
export function shareRangeError(startMs: number, endMs: number, nowMs: number): ShareRangeError | null {
  if (!Number.isFinite(startMs) || !Number.isFinite(endMs)) return 'invalid';
  if (endMs <= startMs) return 'order';
  const minutes = shareLinkMinutes(startMs, endMs);
  if (minutes.endMs - minutes.startMs > SHARE_LINK_MAX_MINUTES * MINUTE_MS) return 'too_long';
  if (startMs > nowMs) return 'future';
  return null;
}

/**
 * The share dialog's first range: the chosen minute with SHARE_LINK_DEFAULT_CONTEXT_MINUTES either side, never
 * past the current minute's end; without a chosen minute (live), the minutes just before now.
 */
export function defaultShareRange(
  minuteMs: number | null,
  nowMs: number,
): { startMs: number; endMs: number } {
  const context = SHARE_LINK_DEFAULT_CONTEXT_MINUTES * MINUTE_MS;
  const nowMinuteEnd = Math.ceil(nowMs / MINUTE_MS) * MINUTE_MS;
  if (minuteMs === null) return { startMs: nowMinuteEnd - 2 * context - MINUTE_MS, endMs: nowMinuteEnd };
  const minute = Math.floor(minuteMs / MINUTE_MS) * MINUTE_MS;
  return { startMs: minute - context, endMs: Math.min(minute + MINUTE_MS + context, nowMinuteEnd) };
}

/** Whether a link still opens at `nowMs`, or why not. */
export type ShareLinkState = 'active' | 'expired' | 'revoked';

export function shareLinkState(
  link: { expiresAtMs: number; revokedAtMs: number | null },
  nowMs: number,
): ShareLinkState {
  if (link.revokedAtMs !== null) return 'revoked';
  return link.expiresAtMs <= nowMs ? 'expired' : 'active';
}
