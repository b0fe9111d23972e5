// The heat map screen for a user without the heatmap right (core.md §6 "Missing rights show 'You do not have
// permission'"): its title and that message; the server is asked nothing.
import { Alert, Box } from '@mantine/core';
import { PageTitle } from '../../../components/ui/PageTitle.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

export function HeatmapNoPermission() {
  const { t } = useTranslation();
  return (
    <Box p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="page-title">
      <PageTitle>{t('pages.heatmap')}</PageTitle>
      <Alert color="yellow" data-testid="heatmap-no-permission">
        {t('messages.noPermission')}
      </Alert>
    </Box>
  );
}
