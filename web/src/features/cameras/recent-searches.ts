// The header search box's recent keywords (core.md §3, §5, §9): kept in the browser, newest first,
// de-duplicated, at most 10 kept; the dropdown offers those containing the typed text, at most 5 (the
// contract's rule). Pure.
import { filterRecentSearches } from '@camwatch/contract/keyword';

export const RECENT_SEARCHES_KEPT = 10;

/** Puts a keyword first; blank keywords are not kept. Whitespace runs are collapsed so "a  b" equals "a b". */
export function rememberSearch(recent: readonly string[], keyword: string): string[] {
  const text = keyword.trim().replace(/\s+/g, ' ');
  if (text.length === 0) return recent.slice(0, RECENT_SEARCHES_KEPT);
  return [text, ...recent.filter((item) => item !== text)].slice(0, RECENT_SEARCHES_KEPT);
}

/** The recent keywords the dropdown offers for the typed text. */
export const offeredSearches = (recent: readonly string[], typed: string): string[] =>
  filterRecentSearches(recent, typed);
