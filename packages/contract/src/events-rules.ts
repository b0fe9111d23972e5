// The events page's rules (issue 22 "Events page"), zod-free for the browser bundle: the kinds of camera event,
// the page size, the keyset cursor's form, and how the unreviewed count reads in the navigation.

/**
 * Every kind of camera event: motion found in a recorded minute, a person the vision engine started tracking, an
 * entry alert, a people counter's pass, and the camera going down and coming back up.
 */
export const CAMERA_EVENT_KINDS = [
  'motion',
  'person',
  'entry',
  'people_pass',
  'camera_down',
  'camera_up',
] as const;
export type CameraEventKind = (typeof CAMERA_EVENT_KINDS)[number];

/** Events a page holds when the caller does not say, and at most. */
export const EVENTS_PAGE_SIZE = 50;
export const EVENTS_PAGE_MAX = 100;
/** Cameras one list may name (`camera[]`). */
export const EVENTS_CAMERAS_MAX = 50;
/** Events one mark-reviewed call may name. */
export const EVENTS_REVIEW_MAX = 200;

/**
 * The unreviewed count stops counting here, so it stays cheap however many events there are: a count at the cap
 * means "this many or more" and reads `99+`.
 */
export const UNREVIEWED_COUNT_CAP = 100;

/** The cursor of the page after an event: its time in ms since the epoch and its id, `1764150000000_42`. */
export const EVENT_CURSOR_PATTERN = /^\d{1,15}_[1-9]\d{0,17}$/;

export const eventCursorOf = (atMs: number, id: string | number): string => `${atMs}_${id}`;

/** The event a cursor points after; null when it is not one. */
export function parseEventCursor(cursor: string): { atMs: number; id: string } | null {
  if (!EVENT_CURSOR_PATTERN.test(cursor)) return null;
  const [at, id] = cursor.split('_') as [string, string];
  return { atMs: Number(at), id };
}

/** The navigation's badge: nothing at zero, the number up to 99, `99+` from the cap on. */
export function unreviewedBadge(count: number): string | null {
  if (count <= 0) return null;
  return count >= UNREVIEWED_COUNT_CAP ? `${UNREVIEWED_COUNT_CAP - 1}+` : String(count);
}
