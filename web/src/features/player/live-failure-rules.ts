// The live viewer's state after a failure (core.md §8; advanced.md §4): the spinner while retrying, a message
// once retrying has gone on too long (lib/live-failure.ts), final states kept.

export type LiveViewState = 'loading' | 'playing' | 'retrying' | 'unavailable' | 'noLiveData' | 'startFailed';

/**
 * After a failed or stale image: the spinner (dimming the last picture once one was shown) while retrying, and
 * 'unavailable' once no fresh picture has come for too long. 'noLiveData' and 'startFailed' stay.
 */
export function liveStateAfterImageFailure(current: LiveViewState, isQuietTooLong: boolean): LiveViewState {
  if (current === 'noLiveData' || current === 'startFailed') return current;
  if (isQuietTooLong) return 'unavailable';
  return current === 'loading' ? 'loading' : 'retrying';
}
