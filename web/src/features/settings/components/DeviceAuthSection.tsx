// Device authentication (core.md §4, §6): register this browser, see and revoke registered browsers, and
// switch the check on (only from a registered browser) or off. Needs the modDevauth right.
import { Alert, Button, Group, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import type { UserInfo } from '@camwatch/contract/auth';
import { useBrowserState } from '../../../lib/browser-state.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { showToast } from '../../../lib/toast.ts';
import { useAppKeys, useDeviceAuthMutations } from '../api/device-auth.ts';

export function DeviceAuthSection({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const [appKey, setAppKey] = useBrowserState('appKey');
  const [name, setName] = useState('');
  const { data } = useAppKeys(user.permissions.modDevauth);
  const { register, revoke, setEnabled } = useDeviceAuthMutations();
  if (!user.permissions.modDevauth) return null;

  const isBusy = register.isPending || revoke.isPending || setEnabled.isPending;
  const fail = () => showToast({ color: 'red', message: t('settingsPage.devauth.failed') });

  const onRegister = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    try {
      const answer = await register.mutateAsync(name.trim());
      setAppKey(answer.data.appKey);
      setName('');
      showToast({ color: 'green', message: t('settingsPage.devauth.registered') });
    } catch {
      fail();
    }
  };

  const onSwitch = async (enabled: boolean) => {
    try {
      await setEnabled.mutateAsync({ enabled, appKey });
      showToast({
        color: 'green',
        message: t(enabled ? 'settingsPage.devauth.turnedOn' : 'settingsPage.devauth.turnedOff'),
      });
    } catch {
      showToast({ color: 'red', message: t('settingsPage.devauth.registerFirst') });
    }
  };

  return (
    <Stack component="section" aria-labelledby="devauth-title" gap="sm">
      <Title order={2} size="h5" id="devauth-title">
        {t('settingsPage.devauth.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('settingsPage.devauth.description')}
      </Text>
      <Switch
        label={t('settingsPage.devauth.switch')}
        checked={data?.enabled ?? user.devauthEnabled}
        disabled={isBusy}
        onChange={(e) => void onSwitch(e.currentTarget.checked)}
      />
      <form onSubmit={(e) => void onRegister(e)}>
        <Group align="flex-end">
          <TextInput
            label={t('settingsPage.devauth.browserName')}
            placeholder={t('settingsPage.devauth.browserNamePlaceholder')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={100}
          />
          <Button type="submit" disabled={!name.trim() || isBusy} loading={register.isPending}>
            {t('settingsPage.devauth.register')}
          </Button>
        </Group>
      </form>
      {data && data.keys.length === 0 ? (
        <Alert color="gray">{t('settingsPage.devauth.none')}</Alert>
      ) : (
        <Table aria-label={t('settingsPage.devauth.registeredList')}>
          <Table.Tbody>
            {data?.keys.map((key) => (
              <Table.Tr key={key.id}>
                <Table.Td>{key.name}</Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed">
                    {t('settingsPage.devauth.lastUsed', {
                      when: key.lastUsedAt ? formatDateTime(new Date(key.lastUsedAt)) : '—',
                    })}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Button
                    size="compact-xs"
                    variant="default"
                    disabled={isBusy}
                    onClick={() => void revoke.mutateAsync(key.id).catch(fail)}
                    aria-label={`${t('settingsPage.devauth.revoke')}: ${key.name}`}
                  >
                    {t('settingsPage.devauth.revoke')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
