// child_users (advanced.md §2, §6): a parent locks its child accounts, grants password change and device
// authentication authority, and clears a child's device authentication.
import { Badge, Box, Button, Group, Stack, Switch, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import type { ChildUser, ChildUserUpdateBody } from '@camwatch/contract/child-users';
import { AppDialog } from '../../../components/ui/AppDialog.tsx';
import { HintTooltip } from '../../../components/ui/HintTooltip.tsx';
import { PageLoader } from '../../../components/ui/PageLoader.tsx';
import { PageTitle } from '../../../components/ui/PageTitle.tsx';
import { QueryErrorState } from '../../../components/ui/QueryErrorState.tsx';
import { showToast } from '../../../lib/toast.ts';
import { failureToast, refusalReasonText } from '../../../lib/server-reason.ts';
import { useChildUsers, useClearChildAppKeys, useUpdateChildUser } from '../api/child-users.ts';
import '../child-users-texts.ts';

export default function ChildUsersPage() {
  const { t } = useTranslation();
  const childUsers = useChildUsers();
  const { data: children, isPending, isError } = childUsers;
  const update = useUpdateChildUser();
  const clearKeys = useClearChildAppKeys();
  const [confirming, setConfirming] = useState<ChildUser | null>(null);

  const change = async (child: ChildUser, changes: Partial<ChildUserUpdateBody>) => {
    try {
      await update.mutateAsync({ userId: child.userId, changes });
      showToast({ color: 'green', message: t('childUsers.updated', { name: child.user_name }) });
    } catch (error) {
      showToast(failureToast(t('childUsers.updateFailed'), refusalReasonText(error)));
    }
  };

  const clear = async (child: ChildUser) => {
    try {
      await clearKeys.mutateAsync(child.userId);
      showToast({ color: 'green', message: t('childUsers.appKeyCleared', { name: child.user_name }) });
      setConfirming(null);
    } catch (error) {
      showToast(failureToast(t('childUsers.updateFailed'), refusalReasonText(error)));
    }
  };

  const isBusy = update.isPending || clearKeys.isPending;

  return (
    <Box p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="page-title">
      <PageTitle>{t('pages.child_users')}</PageTitle>
      {isPending ? (
        <PageLoader />
      ) : isError ? (
        <QueryErrorState
          message={t('childUsers.loadFailed')}
          error={childUsers.error}
          onRetry={childUsers.refetch}
          isRetrying={childUsers.isFetching}
        />
      ) : children.length === 0 ? (
        <Text>{t('childUsers.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped aria-label={t('childUsers.list')} verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('childUsers.name')}</Table.Th>
                <Table.Th>{t('childUsers.email')}</Table.Th>
                <Table.Th>{t('childUsers.status')}</Table.Th>
                <Table.Th>{t('childUsers.modPassword')}</Table.Th>
                <Table.Th>{t('childUsers.modDevauth')}</Table.Th>
                <Table.Th>{t('childUsers.devauth')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {children.map((child) => (
                <Table.Tr key={child.userId} data-child={child.email}>
                  <Table.Td>{child.user_name}</Table.Td>
                  <Table.Td>{child.email}</Table.Td>
                  <Table.Td>
                    <Stack gap={4} align="flex-start">
                      <Badge color={child.locked ? 'red' : 'green'} variant="light">
                        {!child.locked
                          ? t('childUsers.active')
                          : child.lockedBy === 'admin'
                            ? t('childUsers.lockedByAdmin')
                            : t('childUsers.lockedByParent')}
                      </Badge>
                      {child.lockedBy === 'admin' ? (
                        <HintTooltip label={t('childUsers.adminLockHint')}>
                          <span>
                            <Button size="compact-xs" variant="default" disabled>
                              {t('childUsers.unlock')}
                            </Button>
                          </span>
                        </HintTooltip>
                      ) : (
                        <Button
                          size="compact-xs"
                          variant={child.locked ? 'default' : 'light'}
                          color={child.locked ? undefined : 'red'}
                          disabled={isBusy}
                          onClick={() => void change(child, { locked: !child.locked })}
                          aria-label={`${child.locked ? t('childUsers.unlock') : t('childUsers.lock')}: ${child.user_name}`}
                        >
                          {child.locked ? t('childUsers.unlock') : t('childUsers.lock')}
                        </Button>
                      )}
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <Switch
                      checked={child.modPassword}
                      disabled={isBusy}
                      onChange={(e) => void change(child, { modPassword: e.currentTarget.checked })}
                      aria-label={`${t('childUsers.modPassword')}: ${child.user_name}`}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Switch
                      checked={child.modDevauth}
                      disabled={isBusy}
                      onChange={(e) => void change(child, { modDevauth: e.currentTarget.checked })}
                      aria-label={`${t('childUsers.modDevauth')}: ${child.user_name}`}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Text size="sm" c={child.hasAppKey ? undefined : 'dimmed'}>
                        {child.hasAppKey ? t('childUsers.hasAppKey') : t('childUsers.noAppKey')}
                      </Text>
                      <Button
                        size="compact-xs"
                        variant="default"
                        disabled={isBusy}
                        onClick={() => setConfirming(child)}
                        aria-label={`${t('childUsers.clearAppKey')}: ${child.user_name}`}
                      >
                        {t('childUsers.clearAppKey')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <AppDialog
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={t('childUsers.clearAppKey')}
        loading={clearKeys.isPending}
      >
        <Text mb="md">{t('childUsers.clearAppKeyConfirm', { name: confirming?.user_name ?? '' })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirming(null)} disabled={clearKeys.isPending}>
            {t('common.cancel')}
          </Button>
          <Button
            color="red"
            loading={clearKeys.isPending}
            onClick={() => confirming && void clear(confirming)}
          >
            {t('common.ok')}
          </Button>
        </Group>
      </AppDialog>
    </Box>
  );
}
