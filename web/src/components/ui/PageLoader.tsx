// Shown while a screen's code or data loads.
import { Center, Loader } from '@mantine/core';
import { useTranslation } from '../../lib/i18n.ts';

export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center mih="40vh" role="status" aria-label={t('common.loading')}>
      <Loader size="md" />
    </Center>
  );
}
