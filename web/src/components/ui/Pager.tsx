// The pager every paged screen shows (core.md §2, §9): first, previous, at most 5 page buttons around the
// current page, next, last. Each screen names it and its buttons in its own words.
import { Group, Pagination } from '@mantine/core';
import { pagerPages } from './pager-pages.ts';

export interface PagerLabels {
  /** The accessible name of the pager's navigation. */
  nav: string;
  first: string;
  previous: string;
  next: string;
  last: string;
  page: (page: number) => string;
}

export function Pager({
  page,
  last,
  onChange,
  labels,
}: {
  page: number;
  last: number;
  onChange: (page: number) => void;
  labels: PagerLabels;
}) {
  return (
    <Pagination.Root total={last} value={page} onChange={onChange}>
      <Group gap={4} justify="center" component="nav" aria-label={labels.nav} wrap="nowrap">
        <Pagination.First aria-label={labels.first} />
        <Pagination.Previous aria-label={labels.previous} />
        {pagerPages(page, last).map((p) => (
          <Pagination.Control
            key={p}
            active={p === page}
            onClick={() => onChange(p)}
            aria-label={labels.page(p)}
            aria-current={p === page ? 'page' : undefined}
          >
            {p}
          </Pagination.Control>
        ))}
        <Pagination.Next aria-label={labels.next} />
        <Pagination.Last aria-label={labels.last} />
      </Group>
    </Pagination.Root>
  );
}
