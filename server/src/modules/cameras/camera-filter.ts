// The camera filters shared by the camera list and the map calls (core.md §2, §5, §7), turned from the
// query string into one checked value. Pure: the SQL for it is in camera-filter.query.ts.
import type { CameraFilterQuery, CameraFunction, WatchStatus } from '@camwatch/contract/cameras';
import { TLT_CAMERA_FUNCTIONS } from '@camwatch/contract/constants';
import { isTltMode, type EnvironmentMode } from '@camwatch/contract/environment';
import { splitKeywords } from '@camwatch/contract/keyword';
import { FieldErrors } from '../../lib/errors.ts';

/** More words than this is no longer a search; it would only make the query long. */
export const MAX_KEYWORDS = 20;

export interface CameraFilter {
  /** Every word must match the camera name, location name, location address or a tag name (any case). */
  words: string[];
  /** Cameras carrying ANY of these tags (as the side navigation's per-tag entry shows them). */
  tagCodes: string[];
  /** Cameras having EVERY one of these functions. */
  functions: CameraFunction[];
  watchStatus: WatchStatus | null;
}

/** A latitude/longitude box, bounds included. */
export interface GeoBox {
  latMin: number;
  latMax: number;
  lngMin: number;
  lngMax: number;
}

const tltFunctions: readonly string[] = TLT_CAMERA_FUNCTIONS;

/**
 * Reads the filter query. `keyword` is the search box text, split like the client does; `filter[]` holds
 * search words too (the spec's list route carries the search as `filter[]` and no keyword), each entry
 * split the same way. Both sets of words must all match. TLT functions are refused outside TLT modes.
 */
export function toCameraFilter(query: CameraFilterQuery, mode: EnvironmentMode): CameraFilter {
  const foreignFunctions = isTltMode(mode) ? [] : query['func[]'].filter((f) => tltFunctions.includes(f));
  if (foreignFunctions.length > 0)
    throw FieldErrors.of(
      'func[]',
      `${foreignFunctions.join(', ')} can be used only in TLT environment modes`,
    );

  const fromFilter = query['filter[]'].flatMap(splitKeywords);
  const fromKeyword = splitKeywords(query.keyword ?? '');
  // Case is ignored by the SQL (lower() on both sides); here only exact repeats are dropped.
  const words = [...new Set([...fromFilter, ...fromKeyword])];
  if (words.length > MAX_KEYWORDS)
    throw FieldErrors.of(
      fromKeyword.length > 0 ? 'keyword' : 'filter[]',
      `search with at most ${MAX_KEYWORDS} words`,
    );

  return {
    words,
    tagCodes: [...new Set(query['tags[]'])],
    functions: [...new Set(query['func[]'])],
    watchStatus: query.watch_status ?? null,
  };
}

/** Whether the filter narrows anything; an empty filter shows every camera. */
export const isFilterActive = (filter: CameraFilter): boolean =>
  filter.words.length > 0 ||
  filter.tagCodes.length > 0 ||
  filter.functions.length > 0 ||
  filter.watchStatus !== null;
