// Starting live images before the detail screen renders (core.md §7; figure "first live image after opening a
// camera"): the route's loader has the user and the camera; when the page will open on live stills, it asks
// for live and for the first still right then, alongside the screen's code download, and the live viewer
// takes over those two answers instead of asking again once it has rendered. Same conditions as the page, so
// nothing is asked that the page would not ask.
import type { CameraDetail } from '@camwatch/contract/cameras';
import type { LiveStart } from '@camwatch/contract/live';
import { isLivePossible, liveSwitchVisible } from '@camwatch/contract/permissions';
import { startLive } from '../../lib/api/start-live.ts';
import { cameraDetailQueryOptions } from '../../lib/api/camera-detail.ts';
import { meQueryOptions } from '../../lib/current-user.ts';
import { queryClient } from '../../lib/query-client.ts';
import { fetchLiveImage, type LiveImageAnswer } from '../../lib/live-image.ts';
import { liveModeOf, parseDateQuery } from './live-mode.ts';
import { readState } from '../../lib/browser-state.ts';

/** A head start older than this is not used (the viewer asks afresh). */
const FRESH_MS = 10_000;

/** A still, maybe decoded already (null: it could not be, and the viewer says so; absent: not tried yet). */
export type DecodedLiveImage =
  | (Extract<LiveImageAnswer, { kind: 'frame' }> & { bitmap?: ImageBitmap | null })
  | Extract<LiveImageAnswer, { kind: 'none' }>;

interface HeadStart {
  at: number;
  start: Promise<LiveStart>;
  firstImage: Promise<DecodedLiveImage>;
}

/** Decodes a still off the main thread while the screen's code still loads, so the viewer only draws it. */
async function decoded(answer: LiveImageAnswer): Promise<DecodedLiveImage> {
  if (answer.kind === 'none') return answer;
  const bitmap = await createImageBitmap(answer.blob).catch(() => null);
  return { ...answer, bitmap };
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

/** Asks for live and the first still of the camera now (unless that is on its way already); the viewer picks
 * them up with takeLiveHeadStart. */
export function startLiveEarly(code: string): void {
  const pending = headStarts.get(code);
  if (pending && Date.now() - pending.at < FRESH_MS) return;
  const abort = new AbortController();
  const start = startLive(code);
  const firstImage = start
    .then((source) => fetchLiveImage(source.url, 0, source.isApi, abort.signal))
    .then(decoded);
  // Failures are the viewer's to handle when it takes these; unused ones must not count as unhandled.
  start.catch(() => {});
  firstImage.catch(() => {});
  headStarts.set(code, { at: Date.now(), start, firstImage });
  setTimeout(() => {
    if (headStarts.get(code)?.start !== start) return;
    // Not taken: its decoded still is let go now rather than when garbage is collected.
    headStarts.delete(code);
    void firstImage.then(
      (image) => image.kind === 'frame' && image.bitmap?.close(),
      () => {},
    );
  }, FRESH_MS);
}

/** The head start for this camera, once (a second viewer asks afresh); null when there is none or it is old. */
export function takeLiveHeadStart(code: string): Omit<HeadStart, 'at'> | null {
  const found = headStarts.get(code);
  headStarts.delete(code);
  return found && Date.now() - found.at < FRESH_MS ? found : null;
}

/** The camera code of a detail page address (`/detail/{code}` only, not its sub-pages), else null. */
export function detailCodeOf(pathname: string): string | null {
  const match = /^\/detail\/([^/]+)\/?$/.exec(pathname);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null; // a malformed address: the route's own handling says not found
  }
}

/**
 * The detail page's data, asked for as early as it can be: by the start-up when the app opens on a detail
 * address (alongside the settings), else by the route's loader, which then takes the same answers over. The
 * user and the camera at once, then live when the page will open on live stills. Null without a user (the
 * page base sends to login); the camera call's error (404: unknown or another customer's camera) is thrown.
 */
export async function loadDetailPage(code: string, dateQuery: string | null): Promise<CameraDetail | null> {
  const cameraLoad = queryClient.ensureQueryData(cameraDetailQueryOptions(code));
  cameraLoad.catch(() => undefined); // awaited below once the user is known
  const me = await queryClient.ensureQueryData(meQueryOptions).catch(() => null);
  if (!me) return null;
  const camera = await cameraLoad;
  if (opensOnLiveStills(me.permissions, camera, readState('liveSwitch'), dateQuery, Date.now()))
    startLiveEarly(camera.camera_code);
  return camera;
}
