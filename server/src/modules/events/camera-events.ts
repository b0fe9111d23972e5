// What each finder's results become on the events page (issue 22), as pure functions: the motion of a recorded
// minute, the people the vision engine started tracking in a clip, a clip's entry alerts and people counter
// passes. Times are kept to the millisecond (camera_events.at holds no finer). And how a page is read: which
// index serves which filters (planEventPage), chosen so that no page reads far more rows than it shows.
import type { CameraEventKind } from '@camwatch/contract/events-rules';
import type { CameraEventDetailColumn, CameraEventKindColumn } from '../../db/schema/events.ts';
import type { EntryAlertSpan, MotionSpan } from '../../db/schema.ts';
import type { Track } from '../../vision/types.ts';

/** An event as a finder hands it to the writer (camera-event.repository.ts replaceClipEvents). */
export interface FoundEvent {
  at: Date;
  endsAt: Date | null;
  detail: CameraEventDetailColumn;
}

/** A moment of a clip's minute (seconds, possibly below 0 or past 60), to the millisecond. */
export const momentOf = (minute: Date, sec: number): Date =>
  new Date(minute.getTime() + Math.round(sec * 1000));

/** A minute's motion is one event: from its first movement's start to its last one's end. */
export function motionEvents(minute: Date, spans: readonly MotionSpan[]): FoundEvent[] {
  const first = spans[0];
  const last = spans.at(-1);
  if (!first || !last) return [];
  return [
    {
      at: momentOf(minute, first.startSec),
      endsAt: momentOf(minute, Math.max(first.startSec, last.endSec)),
      detail: { movements: spans.length },
    },
  ];
}

/** Each entry alert that begins in the minute (one continuing the previous minute's is that minute's event). */
export function entryEvents(minute: Date, alerts: readonly EntryAlertSpan[]): FoundEvent[] {
  return alerts
    .filter((alert) => !alert.continued)
    .map((alert) => ({
      at: momentOf(minute, alert.startSec),
      endsAt: momentOf(minute, Math.max(alert.startSec, alert.endSec)),
      detail: { area_name: alert.areaName },
    }));
}

/**
 * A person is an event when the vision engine starts tracking them: the tracks whose id this clip's analysis made
 * (`idPrefix`), not those carried on from the previous clip. Point times are seconds of the minute.
 */
export function personEvents(minute: Date, tracks: readonly Track[], idPrefix: string): FoundEvent[] {
  return tracks.flatMap((track) => {
    const first = track.points[0];
    const last = track.points.at(-1);
    if (!track.id.startsWith(idPrefix) || !first || !last) return [];
    return [{ at: momentOf(minute, first.t), endsAt: momentOf(minute, last.t), detail: {} }];
  });
}

/** A people counter's pass: from when it began (before the minute, when start is below 0) to when it completed. */
export function passEvents(
  minute: Date,
  passes: readonly { inOut: 'I' | 'O'; startSec: number; endSec: number; isStaff: boolean }[],
): FoundEvent[] {
  return passes.map((pass) => ({
    at: momentOf(minute, Math.min(pass.startSec, pass.endSec)),
    endsAt: momentOf(minute, pass.endSec),
    detail: { in_out: pass.inOut, is_staff: pass.isStaff },
  }));
}

/** Kinds found in a clip (replaced per clip and kind when the clip is analysed again). */
export type ClipEventKind = Extract<CameraEventKindColumn, 'motion' | 'person' | 'entry' | 'people_pass'>;

/**
 * Branches of one page query at most: each reads one index range newest first and PostgreSQL merges them in time
 * order (Merge Append), so a page reads about `limit` rows per branch at worst, never the whole table.
 */
export const MAX_PAGE_BRANCHES = 60;

/**
 * How a page is read, by the filters:
 * - `customer`: the customer's events newest first (index customer, at, id); the kinds and cameras, when given,
 *   filter the rows read (used when they are many, so most rows read pass).
 * - `branches`: one range per camera, per kind, or per camera and kind, merged in time order.
 */
export type EventPagePlan =
  | { kind: 'customer'; cameraIds: number[] | null; kinds: CameraEventKind[] | null }
  | {
      kind: 'branches';
      branches: { cameraId: number | null; kind: CameraEventKind | null }[];
      /** Cameras filtered among the rows of per-kind branches (too many cameras for a branch each). */
      cameraIds: number[] | null;
      /** Kinds filtered among the rows of per-camera branches (too many pairs for a branch each). */
      kinds: CameraEventKind[] | null;
    };

export function planEventPage(
  cameraIds: readonly number[] | null,
  kinds: readonly CameraEventKind[] | null,
  allKinds: number,
): EventPagePlan {
  const someKinds = kinds && kinds.length < allKinds ? [...kinds] : null;
  if (cameraIds === null) {
    if (someKinds === null) return { kind: 'customer', cameraIds: null, kinds: null };
    return {
      kind: 'branches',
      branches: someKinds.map((kind) => ({ cameraId: null, kind })),
      cameraIds: null,
      kinds: null,
    };
  }
  const cameras = [...cameraIds];
  if (someKinds !== null && cameras.length * someKinds.length <= MAX_PAGE_BRANCHES)
    return {
      kind: 'branches',
      branches: cameras.flatMap((cameraId) => someKinds.map((kind) => ({ cameraId, kind }))),
      cameraIds: null,
      kinds: null,
    };
  if (cameras.length <= MAX_PAGE_BRANCHES)
    return {
      kind: 'branches',
      branches: cameras.map((cameraId) => ({ cameraId, kind: null })),
      cameraIds: null,
      kinds: someKinds,
    };
  if (someKinds !== null)
    return {
      kind: 'branches',
      branches: someKinds.map((kind) => ({ cameraId: null, kind })),
      cameraIds: cameras,
      kinds: null,
    };
  return { kind: 'customer', cameraIds: cameras, kinds: null };
}
