// The events page's filters as the address keeps them (camera, tag, site, kinds, from and to days), the query
// they make (days are whole local days, `to` inclusive), the keyboard's moves through the list, and the detail
// page address that plays an event's recording. Pure.
import { CAMERA_EVENT_KINDS, type CameraEventKind } from '@camwatch/contract/events-rules';
import { nextLocalMidnight, parseDateInput, toOffsetIso } from '../../lib/local-time.ts';

export interface EventFilters {
  camera: string;
  tag: string;
  site: string;
  kinds: CameraEventKind[];
  /** `YYYY-MM-DD` or empty. */
  from: string;
  to: string;
}

export const EMPTY_EVENT_FILTERS: EventFilters = {
  camera: '',
  tag: '',
  site: '',
  kinds: [],
  from: '',
  to: '',
};

const isKind = (value: string): value is CameraEventKind =>
  (CAMERA_EVENT_KINDS as readonly string[]).includes(value);
const dayOrEmpty = (value: string | null): string =>
  Number.isNaN(parseDateInput(value ?? '')) ? '' : (value ?? '');

export function eventFiltersFromSearch(search: URLSearchParams): EventFilters {
  return {
    camera: search.get('camera') ?? '',
    tag: search.get('tag') ?? '',
    site: search.get('site') ?? '',
    kinds: CAMERA_EVENT_KINDS.filter((kind) => search.getAll('kind').includes(kind) && isKind(kind)),
    from: dayOrEmpty(search.get('from')),
    to: dayOrEmpty(search.get('to')),
  };
}

export function eventFiltersToSearch(filters: EventFilters): URLSearchParams {
  const search = new URLSearchParams();
  for (const key of ['camera', 'tag', 'site'] as const) if (filters[key]) search.set(key, filters[key]);
  for (const kind of filters.kinds) search.append('kind', kind);
  if (filters.from) search.set('from', filters.from);
  if (filters.to) search.set('to', filters.to);
  return search;
}

/** The query of GET api/events (the client repeats arrays as `key[]=…`). */
export interface EventsQuery {
  camera?: string[];
  tag?: string;
  location?: string;
  kind?: CameraEventKind[];
  from?: string;
  to?: string;
}

/** The call's query for the filters, or why there is none (the last day before the first). */
export function eventsQueryOf(filters: EventFilters): { query: EventsQuery } | { problem: 'toBeforeFrom' } {
  const query: EventsQuery = {};
  if (filters.camera) query.camera = [filters.camera];
  if (filters.tag) query.tag = filters.tag;
  if (filters.site) query.location = filters.site;
  if (filters.kinds.length > 0) query.kind = [...filters.kinds];
  const fromMs = parseDateInput(filters.from);
  const toStartMs = parseDateInput(filters.to);
  if (!Number.isNaN(fromMs) && !Number.isNaN(toStartMs) && toStartMs < fromMs)
    return { problem: 'toBeforeFrom' };
  if (!Number.isNaN(fromMs)) query.from = toOffsetIso(fromMs);
  if (!Number.isNaN(toStartMs)) query.to = toOffsetIso(nextLocalMidnight(toStartMs));
  return { query };
}

export type ListKey = 'next' | 'previous' | 'open' | 'review' | 'first' | 'last';

/** What a key does in the list: j/↓ next, k/↑ previous, Enter open, r mark reviewed, Home/End first/last. */
export function listKeyOf(key: string): ListKey | null {
  switch (key) {
    case 'j':
    case 'ArrowDown':
      return 'next';
    case 'k':
    case 'ArrowUp':
      return 'previous';
    case 'Enter':
      return 'open';
    case 'r':
      return 'review';
    case 'Home':
      return 'first';
    case 'End':
      return 'last';
    default:
      return null;
  }
}

/** The row selected after a move among `count` rows (-1: none selected yet). */
export function movedIndex(
  current: number,
  move: 'next' | 'previous' | 'first' | 'last',
  count: number,
): number {
  if (count === 0) return -1;
  if (move === 'first') return 0;
  if (move === 'last') return count - 1;
  if (current < 0) return 0;
  return Math.min(count - 1, Math.max(0, current + (move === 'next' ? 1 : -1)));
}

/**
 * The detail page playing the recording at the event's moment: the player's `date` query opens the archive at
 * that minute and second (a camera-down event opens where the recording stopped).
 */
export const eventRecordingPath = (cameraCode: string, atIso: string): string =>
  `/detail/${encodeURIComponent(cameraCode)}?date=${encodeURIComponent(atIso)}`;

/** Seconds of hover preview: the clip from the event's moment, this long, then again. */
export const PREVIEW_SECONDS = 4;

/** Where the hover preview starts in the archive's video and where it loops back (seconds). */
export function previewWindow(clipOffsetSec: number, durationSec: number): { start: number; end: number } {
  // Before the video's length is known, the window runs from the event's moment.
  const duration = Number.isFinite(durationSec) ? durationSec : Number.POSITIVE_INFINITY;
  const start = Math.max(0, Math.min(clipOffsetSec, Math.max(0, duration - PREVIEW_SECONDS)));
  return { start, end: Math.min(duration, start + PREVIEW_SECONDS) };
}

/** A page as it reads after marking these events (ids) or every event up to one (through_id) reviewed. */
export function withMarks<P extends { events: { id: string; reviewed: boolean }[] }>(
  page: P,
  body: { ids?: readonly string[] | undefined; through_id?: string | undefined },
): P {
  const ids = new Set(body.ids ?? []);
  const through = body.through_id === undefined ? null : Number(body.through_id);
  const isMarked = (id: string) => ids.has(id) || (through !== null && Number(id) <= through);
  return {
    ...page,
    events: page.events.map((event) =>
      !event.reviewed && isMarked(event.id) ? { ...event, reviewed: true } : event,
    ),
  };
}
