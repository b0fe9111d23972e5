// Shown when the settings cannot be loaded at start (the server is unreachable or failing).
import { Button, Center, MantineProvider, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../lib/i18n.ts';

export function StartupError() {
  const { t } = useTranslation();
  return (
    <MantineProvider>
      <Center mih="100vh" p="md">
        <Stack align="center" maw={480} role="alert">
          <Title order={1} size="h3">
            {t('common.appName')}
          </Title>
          <Text ta="center">{t('messages.commonError')}</Text>
          <Button onClick={() => window.location.reload()}>{t('common.reload')}</Button>
        </Stack>
      </Center>
    </MantineProvider>
  );
}
