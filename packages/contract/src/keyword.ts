// Keyword search and the recent-search list of the header search box (core.md §5, §9).
import { RECENT_SEARCH_COUNT } from './constants.ts';

/** ASCII space, ideographic space (U+3000), ASCII comma and full-width comma (U+FF0C). */
const KEYWORD_SEPARATORS = /[ \u3000,\uFF0C]+/;

/** Splits a search text into keywords, dropping empty pieces. */
export const splitKeywords = (text: string): string[] =>
  text.split(KEYWORD_SEPARATORS).filter((keyword) => keyword.length > 0);

/** Puts a search first in the recent list: de-duplicated, newest first, at most 5. Blank searches are not kept. */
export function addRecentSearch(recent: readonly string[], search: string): string[] {
  const trimmed = search.trim();
  if (trimmed.length === 0) return recent.slice(0, RECENT_SEARCH_COUNT);
  return [trimmed, ...recent.filter((item) => item !== trimmed)].slice(0, RECENT_SEARCH_COUNT);
}

/** The recent searches offered while typing: those containing the typed text (ignoring case), at most 5. */
export function filterRecentSearches(recent: readonly string[], typed: string): string[] {
  const needle = typed.trim().toLowerCase();
  return recent.filter((item) => item.toLowerCase().includes(needle)).slice(0, RECENT_SEARCH_COUNT);
}
