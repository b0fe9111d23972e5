// setting (core.md §2; issue 7): language, display options kept in the browser, web push, device authentication, the
// audit log link (parent users; issue 16), and resetting the settings kept in the browser.
import { Anchor, Box, Button, Divider, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AppDialog } from '../../../components/ui/AppDialog.tsx';
import { PageTitle } from '../../../components/ui/PageTitle.tsx';
import { resetSettings, useBrowserState } from '../../../lib/browser-state.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { LanguageSelect } from '../../../components/ui/LanguageSelect.tsx';
import { showToast } from '../../../lib/toast.ts';
import { meQueryOptions } from '../../../lib/current-user.ts';
import { DeviceAuthSection } from './DeviceAuthSection.tsx';
import { useSettingsSlots } from '../settings-slots.ts';

export default function SettingsPage() {
  const { t } = useTranslation();
  const { data: user } = useQuery(meQueryOptions);
  const [display, setDisplay] = useBrowserState('displaySettings');
  const [isResetOpen, setResetOpen] = useState(false);
  const { PushSection } = useSettingsSlots();

  return (
    <Box p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="page-title" maw={720}>
      <PageTitle>{t('pages.setting')}</PageTitle>
      <Stack gap="lg">
        <Stack component="section" aria-labelledby="language-title" gap="xs">
          <Title order={2} size="h5" id="language-title">
            {t('common.language')}
          </Title>
          <LanguageSelect w={200} />
        </Stack>
        <Divider />
        <Stack component="section" aria-labelledby="display-title" gap="xs">
          <Title order={2} size="h5" id="display-title">
            {t('settingsPage.display.title')}
          </Title>
          <Switch
            label={t('settingsPage.display.showDownNotice')}
            checked={display.showDownNotice}
            onChange={(e) => setDisplay({ ...display, showDownNotice: e.currentTarget.checked })}
          />
        </Stack>
        {PushSection && (
          <>
            <Divider />
            <PushSection />
          </>
        )}
        {user?.permissions.modDevauth && (
          <>
            <Divider />
            <DeviceAuthSection user={user} />
          </>
        )}
        {user && !user.isChild && (
          <>
            <Divider />
            <Stack component="section" aria-labelledby="audit-title" gap="xs" align="flex-start">
              <Title order={2} size="h5" id="audit-title">
                {t('settingsPage.audit.title')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('settingsPage.audit.description')}
              </Text>
              <Anchor component={Link} to="/setting/audit-log">
                {t('settingsPage.audit.open')}
              </Anchor>
            </Stack>
          </>
        )}
        <Divider />
        <Stack component="section" aria-labelledby="reset-title" gap="xs" align="flex-start">
          <Title order={2} size="h5" id="reset-title">
            {t('settingsPage.reset.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('settingsPage.reset.description')}
          </Text>
          <Button variant="default" color="red" onClick={() => setResetOpen(true)}>
            {t('settingsPage.reset.button')}
          </Button>
        </Stack>
      </Stack>
      <AppDialog
        opened={isResetOpen}
        onClose={() => setResetOpen(false)}
        title={t('settingsPage.reset.title')}
      >
        <Text mb="md">{t('settingsPage.reset.confirm')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setResetOpen(false)}>
            {t('common.cancel')}
          </Button>
          <Button
            color="red"
            onClick={() => {
              resetSettings();
              setResetOpen(false);
              showToast({ color: 'green', message: t('settingsPage.reset.done') });
            }}
          >
            {t('common.ok')}
          </Button>
        </Group>
      </AppDialog>
    </Box>
  );
}
