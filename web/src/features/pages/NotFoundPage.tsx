// notfound: where unknown paths and foreign or unknown camera codes end up.
import { Box, Button, Text } from '@mantine/core';
import { useTranslation } from '../../lib/i18n.ts';
import { Link } from 'react-router';
import { PageTitle } from '../../components/ui/PageTitle.tsx';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Box p={{ base: 'sm', sm: 'md' }} component="section">
      <PageTitle>{t('pages.notfound')}</PageTitle>
      <Text mb="md">{t('notfound.body')}</Text>
      <Button component={Link} to="/list/1" variant="light">
        {t('notfound.back')}
      </Button>
    </Box>
  );
}
