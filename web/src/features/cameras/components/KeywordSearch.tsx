// The header search box (core.md §2, §5): a keyword becomes the list's filter[] words on page 1; recent
// keywords are offered in a combobox dropdown while the box has focus; the clear button removes the keyword.
import { ActionIcon, Box, TextInput, type BoxProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState, type FormEvent } from 'react';
import { firstUseCode, useFirstUse } from '../../../components/ui/first-use.ts';
import { useLocation, useNavigate } from 'react-router';
import { useBrowserState } from '../../../lib/browser-state.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { keywordText, withKeyword } from '../list-filters.ts';
import { listHref, parseListState } from '../list-query.ts';
import { offeredSearches, rememberSearch } from '../recent-searches.ts';

const comboboxCode = firstUseCode(() => import('./keyword-combobox.ts'));

/** Loads the combobox code now (component tests type into it at once). */
export const preloadKeywordSearch = comboboxCode.load;

export function KeywordSearch(props: BoxProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const onList = /^\/list(\/|$)/.test(location.pathname);
  const current = new URLSearchParams(onList ? location.search : '');
  const urlText = keywordText(parseListState(current));
  const [text, setText] = useState(urlText);
  const [recent, setRecent] = useBrowserState('recentSearches');

  // The box follows the URL: a chip removed, a link followed, back and forward.
  useEffect(() => setText(urlText), [urlText]);

  // Mantine keeps a combobox's dropdown mounted (its keyboard navigation and aria-expanded need that) and
  // positions it as it mounts, forcing style recalculations while the screen is being built (15-35 ms of the
  // first screen after login, and of the detail page's first live still); its code, with Floating UI, is ~25 KB
  // no first screen needs before the box is used (issue 19). So the combobox loads when the pointer is on the box
  // or the box gets the focus (first-use.ts); until then the same box without the recent keywords, whose text
  // and focus it takes over, the caret at the end of what was typed.
  const firstUse = useFirstUse(comboboxCode);
  const Autocomplete = firstUse.code?.Autocomplete;

  const search = (keyword: string) => {
    setText(keyword);
    if (keyword.trim()) setRecent(rememberSearch(recent, keyword));
    void navigate(listHref(1, withKeyword(current, keyword)));
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    search(text);
  };

  const shared = {
    'aria-label': t('search.label'),
    placeholder: t('search.placeholder'),
    value: text,
    leftSection: (
      <ActionIcon type="submit" variant="subtle" size="sm" aria-label={t('search.submit')}>
        <IconSearch size={16} aria-hidden />
      </ActionIcon>
    ),
    leftSectionPointerEvents: 'all' as const,
    size: 'sm',
    w: '100%',
  };

  return (
    <Box component="form" role="search" aria-label={t('search.region')} onSubmit={onSubmit} {...props}>
      {Autocomplete ? (
        <Autocomplete
          {...shared}
          ref={firstUse.ref}
          onChange={setText}
          data={offeredSearches(recent, text)}
          filter={({ options }) => options}
          onOptionSubmit={search}
          clearable
          onClear={() => (onList ? search('') : setText(''))}
          // Mantine hides the clear button from keyboard and screen readers; this one is the way to clear.
          clearButtonProps={{ 'aria-label': t('search.clear'), 'aria-hidden': false, tabIndex: 0 }}
          comboboxProps={{ withinPortal: true }}
        />
      ) : (
        <TextInput
          {...shared}
          ref={firstUse.ref}
          onFocus={firstUse.lightProps.onFocus}
          onPointerEnter={firstUse.lightProps.onPointerEnter}
          onPointerDown={firstUse.lightProps.onPointerDown}
          onChange={(event) => setText(event.currentTarget.value)}
        />
      )}
    </Box>
  );
}
