// The camera list's state lives in the URL query (core.md §2): view, division, tags[], func[], watch_status,
// filter[]; and the page in the path. Pure, so a link reproduces the view and the rules are unit-tested.
import {
  CAMERA_FUNCTIONS,
  DEFAULT_MULTI_VIDEO_DIVISION,
  MULTI_VIDEO_DIVISIONS,
  PAGE_LIMIT,
  TLT_CAMERA_FUNCTIONS,
  type MultiVideoDivision,
} from '@camwatch/contract/constants';

export const listViews = ['list', 'tile', 'map', 'multi'] as const;
export type ListView = (typeof listViews)[number];

const knownFunctions: readonly string[] = [...CAMERA_FUNCTIONS, ...TLT_CAMERA_FUNCTIONS];
type CameraFunctionName = (typeof CAMERA_FUNCTIONS)[number] | (typeof TLT_CAMERA_FUNCTIONS)[number];

export interface ListState {
  view: ListView;
  /** Multi-video divisions; kept as written for the views that use it. */
  division: string | null;
  tags: string[];
  func: CameraFunctionName[];
  watchStatus: 'down' | 'normal' | null;
  filter: string[];
}

/** The query keys that narrow the list; clearing conditions removes these. */
export const FILTER_KEYS = ['tags[]', 'func[]', 'watch_status', 'filter[]'] as const;

const unique = (values: string[]) => [...new Set(values.filter((v) => v.length > 0))];

export function parseListState(search: URLSearchParams): ListState {
  const view = search.get('view');
  const watch = search.get('watch_status');
  return {
    view: listViews.includes(view as ListView) ? (view as ListView) : 'list',
    division: search.get('division') || null,
    tags: unique(search.getAll('tags[]')),
    func: unique(search.getAll('func[]')).filter((f): f is CameraFunctionName => knownFunctions.includes(f)),
    watchStatus: watch === 'down' || watch === 'normal' ? watch : null,
    filter: unique(search.getAll('filter[]')),
  };
}

/** The page number of the path; anything but a positive whole number is page 1. */
export function parsePage(raw: string | undefined): number {
  if (!raw || !/^\d+$/.test(raw)) return 1;
  const page = Number(raw);
  return page >= 1 && Number.isSafeInteger(page) ? page : 1;
}

export const lastPage = (total: number, limit = PAGE_LIMIT): number => Math.max(1, Math.ceil(total / limit));

/** The multi-video division of the state: one of 2, 4, 6, 8, 9, 12, 16, else the default 4 (core.md §9). */
export function multiDivision(state: Pick<ListState, 'division'>): MultiVideoDivision {
  const value = Number(state.division);
  return (MULTI_VIDEO_DIVISIONS as readonly number[]).includes(value)
    ? (value as MultiVideoDivision)
    : DEFAULT_MULTI_VIDEO_DIVISION;
}

/** Cameras per page: 50, or in the multi-video view as many as its division has tiles. */
export const pageSize = (state: Pick<ListState, 'view' | 'division'>): number =>
  state.view === 'multi' ? multiDivision(state) : PAGE_LIMIT;

/** A copy of the query with another division; the page stays (core.md §2). */
export function withDivision(search: URLSearchParams, division: MultiVideoDivision): URLSearchParams {
  const next = new URLSearchParams(search);
  next.set('division', String(division));
  return next;
}

/** The query of GET api/cameras for a page and a state; callApi writes arrays as `key[]=…`. */
export function cameraListQuery(page: number, state: ListState) {
  return {
    page,
    count: pageSize(state),
    filter: state.filter,
    tags: state.tags,
    func: state.func,
    watch_status: state.watchStatus ?? undefined,
  };
}

/** The map's point and selected camera (show on map); choosing a tab clears them. */
export const MAP_FOCUS_KEYS = ['lat', 'lng', 'camera'] as const;

/** A copy of the query with one view changed; the page stays, choosing the map clears the selected camera (core.md §2). */
export function withView(search: URLSearchParams, view: ListView): URLSearchParams {
  const next = new URLSearchParams(search);
  next.set('view', view);
  for (const key of MAP_FOCUS_KEYS) next.delete(key);
  return next;
}

/** The map tab centred on a camera's site with that camera selected (the row menu's show on map). */
export function withMapFocus(
  search: URLSearchParams,
  camera: { camera_code: string; location_latitude: number | null; location_longitude: number | null },
): URLSearchParams {
  const next = withView(search, 'map');
  // A camera without a position keeps empty values: the map then shows the latitude/longitude error.
  next.set('lat', camera.location_latitude === null ? '' : String(camera.location_latitude));
  next.set('lng', camera.location_longitude === null ? '' : String(camera.location_longitude));
  next.set('camera', camera.camera_code);
  return next;
}

/** The map's point as written in the URL (checked by the map), and its selected camera. */
export const mapFocusOf = (search: URLSearchParams) => ({
  lat: search.get('lat'),
  lng: search.get('lng'),
  camera: search.get('camera'),
});

/** The query without any narrowing condition (the empty result's clear-conditions button). */
export function withoutConditions(search: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const key of FILTER_KEYS) next.delete(key);
  return next;
}

/** Only the down cameras: every other condition is dropped so the list matches the notice's count. */
export function downOnly(search: URLSearchParams): URLSearchParams {
  const next = withoutConditions(search);
  next.set('watch_status', 'down');
  return next;
}

export function hasConditions(state: ListState): boolean {
  return (
    state.tags.length > 0 || state.func.length > 0 || state.watchStatus !== null || state.filter.length > 0
  );
}

/** The path and query of a list page. */
export function listHref(page: number, search: URLSearchParams): string {
  const qs = search.toString();
  return qs ? `/list/${page}?${qs}` : `/list/${page}`;
}
