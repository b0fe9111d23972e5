// The title of a screen; also sets the document title.
import { Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from '../../lib/i18n.ts';

export function PageTitle({ children }: { children: string }) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${children} | ${t('common.appName')}`;
  }, [children, t]);
  return (
    <Title order={1} size="h3" mb="md" id="page-title">
      {children}
    </Title>
  );
}
