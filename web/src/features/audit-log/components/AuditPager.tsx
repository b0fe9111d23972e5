// The audit log's pager (core.md §9's pager, as the camera list shows it), in the audit log's words.
import '../audit-log-texts.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { Pager } from '../../../components/ui/Pager.tsx';

export function AuditPager(props: { page: number; last: number; onChange: (page: number) => void }) {
  const { t } = useTranslation();
  return (
    <Pager
      {...props}
      labels={{
        nav: t('auditLog.pager'),
        first: t('auditLog.firstPage'),
        previous: t('auditLog.previousPage'),
        next: t('auditLog.nextPage'),
        last: t('auditLog.lastPage'),
        page: (page) => t('auditLog.page', { page }),
      }}
    />
  );
}
