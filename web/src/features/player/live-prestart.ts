// Starting live images before the detail screen renders (core.md §7; figure "first live image after opening a
// camera"): the route's loader has the user and the camera; when the page will open on live stills, it asks
// for live and for the first still right then, alongside the screen's code download, and the live viewer
// takes over those two answers instead of asking again once it has rendered. Same conditions as the page, so
// nothing is asked that the page would not ask.
import type { CameraDetail } from '@camwatch/contract/cameras';
import type { LiveStart } from '@camwatch/contract/live';
import { isLivePossible, liveSwitchVisible } from '@camwatch/contract/permissions';
import { startLive } from './api/start-live.ts';
import { fetchLiveImage, type LiveImageAnswer } from '../../lib/live-image.ts';
import { liveModeOf, parseDateQuery } from './live-mode.ts';

/** A head start older than this is not used (the viewer asks afresh). */
const FRESH_MS = 10_000;

interface HeadStart {
  at: number;
  start: Promise<LiveStart>;
  firstImage: Promise<LiveImageAnswer>;
}

const headStarts = new Map<string, HeadStart>();

type Rights = Parameters<typeof isLivePossible>[0];

/** Whether the detail page opens on live stills (core.md §4: the remembered LIVE choice, a date query opens the archive). */
export function opensOnLiveStills(
  perms: Rights,
  camera: CameraDetail,
  storedLive: boolean,
  dateQuery: string | null,
  nowMs: number,
): boolean {
  const possible = isLivePossible(perms, camera);
  if (!possible || liveModeOf(camera) !== 'images') return false;
  if (!liveSwitchVisible({ isLivePossible: possible, perms })) return true;
  return parseDateQuery(dateQuery, nowMs) === null && storedLive;
}

/** Asks for live and the first still of the camera now; the viewer picks them up with takeLiveHeadStart. */
export function startLiveEarly(code: string): void {
  const abort = new AbortController();
  const start = startLive(code);
  const firstImage = start.then((source) => fetchLiveImage(source.url, 0, source.isApi, abort.signal));
  // Failures are the viewer's to handle when it takes these; unused ones must not count as unhandled.
  start.catch(() => {});
  firstImage.catch(() => {});
  headStarts.set(code, { at: Date.now(), start, firstImage });
  setTimeout(() => {
    if (headStarts.get(code)?.start === start) headStarts.delete(code);
  }, FRESH_MS);
}

/** The head start for this camera, once (a second viewer asks afresh); null when there is none or it is old. */
export function takeLiveHeadStart(code: string): Omit<HeadStart, 'at'> | null {
  const found = headStarts.get(code);
  headStarts.delete(code);
  return found && Date.now() - found.at < FRESH_MS ? found : null;
}
