// The camera list's pager (core.md §2, §9), in the list's words.
import { useTranslation } from '../../../lib/i18n.ts';
import { Pager } from '../../../components/ui/Pager.tsx';

export function ListPager(props: { page: number; last: number; onChange: (page: number) => void }) {
  const { t } = useTranslation();
  return (
    <Pager
      {...props}
      labels={{
        nav: t('cameras.pager'),
        first: t('cameras.firstPage'),
        previous: t('cameras.previousPage'),
        next: t('cameras.nextPage'),
        last: t('cameras.lastPage'),
        page: (page) => t('cameras.page', { page }),
      }}
    />
  );
}
