// The setting screen's web push section (core.md §4): the state (receive, no receive, blocked) and a switch.
import { Alert, Badge, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { showToast } from '../../../lib/toast.ts';
import { disablePush, enablePush, usePushSnapshot } from '../push-client.ts';

const stateColors = { receive: 'green', noReceive: 'gray', blocked: 'red', unsupported: 'gray' } as const;

export function PushSettingSection() {
  const { t } = useTranslation();
  const push = usePushSnapshot();
  const canSwitch = push.isKnown && push.state !== 'blocked' && push.state !== 'unsupported';

  const onChange = async (on: boolean) => {
    try {
      const state = on ? await enablePush() : await disablePush();
      if (on && state === 'receive') showToast({ color: 'green', message: t('push.turnedOn') });
      if (!on && state !== 'receive') showToast({ color: 'green', message: t('push.turnedOff') });
    } catch {
      showToast({ color: 'red', message: t('push.failed.generic') });
    }
  };

  return (
    <Stack component="section" aria-labelledby="push-title" gap="xs" data-testid="push-section">
      <Title order={2} size="h5" id="push-title">
        {t('push.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('push.description')}
      </Text>
      <Group gap="xs">
        <Text size="sm">{t('push.stateLabel')}</Text>
        <Badge
          color={stateColors[push.state]}
          variant="light"
          data-testid="push-state"
          data-state={push.state}
        >
          {push.isKnown ? t(`push.states.${push.state}`) : '…'}
        </Badge>
      </Group>
      <Switch
        label={t('push.switch')}
        checked={push.state === 'receive'}
        disabled={!canSwitch || push.isBusy}
        onChange={(e) => void onChange(e.currentTarget.checked)}
      />
      {push.state === 'blocked' && (
        <Alert color="red" variant="light">
          {t('push.blockedHelp')}
        </Alert>
      )}
      {push.failure && push.state !== 'blocked' && (
        <Alert color="red" variant="light" role="alert" data-testid="push-failure">
          {t(`push.failed.${push.failure}`)}
          {push.failureDetail ? ` (${push.failureDetail})` : ''}
        </Alert>
      )}
    </Stack>
  );
}
