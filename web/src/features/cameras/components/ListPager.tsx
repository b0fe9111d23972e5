// The pager: first, previous, at most 5 page buttons around the current page, next, last (core.md §2, §9).
import { Group, Pagination } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { pagerPages } from '../list-query.ts';

export function ListPager({
  page,
  last,
  onChange,
}: {
  page: number;
  last: number;
  onChange: (page: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <Pagination.Root total={last} value={page} onChange={onChange}>
      <Group gap={4} justify="center" component="nav" aria-label={t('cameras.pager')} wrap="nowrap">
        <Pagination.First aria-label={t('cameras.firstPage')} />
        <Pagination.Previous aria-label={t('cameras.previousPage')} />
        {pagerPages(page, last).map((p) => (
          <Pagination.Control
            key={p}
            active={p === page}
            onClick={() => onChange(p)}
            aria-label={t('cameras.page', { page: p })}
            aria-current={p === page ? 'page' : undefined}
          >
            {p}
          </Pagination.Control>
        ))}
        <Pagination.Next aria-label={t('cameras.nextPage')} />
        <Pagination.Last aria-label={t('cameras.lastPage')} />
      </Group>
    </Pagination.Root>
  );
}
