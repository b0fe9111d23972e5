// When a live player stops trying quietly and says so (core.md §8 'Live start failure: cannot live, please
// contact'; advanced.md §2, §4): shared by the detail page's live viewer and the wall's poller. Passing
// failures are retried, but a spinner must not stay for ever.
import { LIVE_IMAGE_MAX_AGE_SEC } from '@camwatch/contract/constants';

/** Failed starts in a row (5xx, no answer) after which a player says live cannot start, while still trying; a
 * refusal (4xx: offline, no right) says so at once. Three tries take about 2.5 s with the live retry delays. */
export const LIVE_START_FAILURES_BEFORE_MESSAGE = 3;

export const hasStartKeptFailing = (failuresInARow: number): boolean =>
  failuresInARow >= LIVE_START_FAILURES_BEFORE_MESSAGE;

/** No fresh picture since `sinceMs` for longer than a still may be old (60 s + live_interval, core.md §8): live
 * counts as unavailable, as a still that old would. */
export const isLiveQuietTooLong = (sinceMs: number, nowMs: number, liveIntervalSec = 0): boolean =>
  nowMs - sinceMs > (LIVE_IMAGE_MAX_AGE_SEC + liveIntervalSec) * 1000;
