// Shown on the login screen to browsers the app does not support, linking to help (core.md §2).
import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link } from 'react-router';
import { AppDialog } from '../../../components/ui/AppDialog.tsx';

export default function UnsupportedBrowserDialog({
  opened,
  onClose,
}: {
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <AppDialog opened={opened} onClose={onClose} title={t('login.unsupportedTitle')}>
      <Text mb="md">{t('login.unsupportedBody')}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('common.close')}
        </Button>
        <Button component={Link} to="/help" onClick={onClose}>
          {t('login.unsupportedHelp')}
        </Button>
      </Group>
    </AppDialog>
  );
}
