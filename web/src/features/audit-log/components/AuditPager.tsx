// The audit log's pager: first, previous, at most 5 page buttons around the current page, next, last
// (core.md §9's pager, as the camera list shows it).
import { Group, Pagination } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { pagerPages } from '../audit-filters.ts';

export function AuditPager({
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
      <Group gap={4} justify="center" component="nav" aria-label={t('auditLog.pager')} wrap="nowrap">
        <Pagination.First aria-label={t('auditLog.firstPage')} />
        <Pagination.Previous aria-label={t('auditLog.previousPage')} />
        {pagerPages(page, last).map((p) => (
          <Pagination.Control
            key={p}
            active={p === page}
            onClick={() => onChange(p)}
            aria-label={t('auditLog.page', { page: p })}
            aria-current={p === page ? 'page' : undefined}
          >
            {p}
          </Pagination.Control>
        ))}
        <Pagination.Next aria-label={t('auditLog.nextPage')} />
        <Pagination.Last aria-label={t('auditLog.lastPage')} />
      </Group>
    </Pagination.Root>
  );
}
