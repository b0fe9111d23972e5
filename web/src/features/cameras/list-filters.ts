// The list's narrowing conditions as the header search box and the filter dialog edit them (core.md §2, §5):
// keyword → filter[] words, the dialog's draft ↔ func[] / tags[] / watch_status, and the removable chips.
// Pure; every change goes to page 1, which the caller does by building a list/1 link.
import { CAMERA_FUNCTIONS, TLT_CAMERA_FUNCTIONS } from '@camwatch/contract/constants';
import { splitKeywords } from '@camwatch/contract/keyword';
import type { ListState } from './list-query.ts';

export type FilterFunction = ListState['func'][number];

/** The functions the filter dialog offers: the TLT ones only in TLT environment modes. */
export const filterFunctions = (tltMode: boolean): FilterFunction[] =>
  tltMode ? [...CAMERA_FUNCTIONS, ...TLT_CAMERA_FUNCTIONS] : [...CAMERA_FUNCTIONS];

/** The filter[] words of a typed keyword: split by the contract's rule, each word once. */
export const keywordWords = (text: string): string[] => [...new Set(splitKeywords(text.trim()))];

/** The text the search box shows for the list's current filter[] words. */
export const keywordText = (state: Pick<ListState, 'filter'>): string => state.filter.join(' ');

/** The query with filter[] replaced by the keyword's words (none: the keyword filter is removed). */
export function withKeyword(search: URLSearchParams, text: string): URLSearchParams {
  const next = new URLSearchParams(search);
  next.delete('filter[]');
  for (const word of keywordWords(text)) next.append('filter[]', word);
  return next;
}

/** What the filter dialog edits. */
export interface FilterDraft {
  func: FilterFunction[];
  tags: string[];
  downOnly: boolean;
}

export const emptyDraft: FilterDraft = { func: [], tags: [], downOnly: false };

/** The dialog's draft for the current state. */
export const draftOf = (state: ListState): FilterDraft => ({
  func: [...state.func],
  tags: [...state.tags],
  downOnly: state.watchStatus === 'down',
});

/**
 * The query with the dialog's conditions applied; the keyword, view and division stay. A watch_status other
 * than down (which the dialog does not offer) is kept unless down is chosen.
 */
export function withDraft(
  search: URLSearchParams,
  draft: FilterDraft,
  offered: readonly string[],
): URLSearchParams {
  const next = new URLSearchParams(search);
  next.delete('func[]');
  next.delete('tags[]');
  for (const f of offered.filter((name) => draft.func.includes(name as FilterFunction)))
    next.append('func[]', f);
  for (const tag of new Set(draft.tags)) next.append('tags[]', tag);
  if (draft.downOnly) next.set('watch_status', 'down');
  else if (next.get('watch_status') === 'down') next.delete('watch_status');
  return next;
}

/** One active condition shown as a removable chip above the list. */
export type FilterChip =
  | { kind: 'word'; value: string }
  | { kind: 'func'; value: FilterFunction }
  | { kind: 'tag'; value: string }
  | { kind: 'watch'; value: 'down' | 'normal' };

const chipKey = { word: 'filter[]', func: 'func[]', tag: 'tags[]', watch: 'watch_status' } as const;

export function filterChips(state: ListState): FilterChip[] {
  return [
    ...state.filter.map((value) => ({ kind: 'word', value }) as const),
    ...state.func.map((value) => ({ kind: 'func', value }) as const),
    ...state.tags.map((value) => ({ kind: 'tag', value }) as const),
    ...(state.watchStatus ? [{ kind: 'watch', value: state.watchStatus } as const] : []),
  ];
}

/** A tags[] code not in the list is trusted only as long as this: an older list is asked again first. */
export const TAG_LIST_FRESH_MS = 10_000;

/**
 * What to do about tags[] codes that name no tag (issue 17 point 6: a tag deleted while filtering by it): drop
 * them from the address when the tag list is fresh, else ask for the list again first (another user may have
 * made the tag since); nothing while it is being asked for or when every code is known.
 */
export function unknownTagAction(
  state: Pick<ListState, 'tags'>,
  tagList: { codes: readonly string[]; loadedAt: number; isFetching: boolean },
  nowMs: number,
): { kind: 'none' } | { kind: 'refresh' } | { kind: 'drop'; codes: string[] } {
  const unknown = state.tags.filter((code) => !tagList.codes.includes(code));
  if (unknown.length === 0 || tagList.isFetching) return { kind: 'none' };
  if (nowMs - tagList.loadedAt > TAG_LIST_FRESH_MS) return { kind: 'refresh' };
  return { kind: 'drop', codes: unknown };
}

/** The query without these tags[] codes. */
export function withoutTags(search: URLSearchParams, codes: readonly string[]): URLSearchParams {
  const next = new URLSearchParams(search);
  const kept = next.getAll('tags[]').filter((code) => !codes.includes(code));
  next.delete('tags[]');
  for (const code of kept) next.append('tags[]', code);
  return next;
}

/** The query without one chip's condition. */
export function withoutChip(search: URLSearchParams, chip: FilterChip): URLSearchParams {
  const next = new URLSearchParams(search);
  const key = chipKey[chip.kind];
  const kept = next.getAll(key).filter((value) => value !== chip.value);
  next.delete(key);
  for (const value of kept) next.append(key, value);
  return next;
}
