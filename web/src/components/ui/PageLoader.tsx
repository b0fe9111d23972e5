// Shown while a screen's code or data loads.
import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center mih="40vh" role="status" aria-label={t('common.loading')}>
      <Loader size="md" />
    </Center>
  );
}
