// Check privileges (core.md §6, advanced.md §6): each right as available or not available.
import { Badge, Table } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import type { UserInfo } from '@camwatch/contract/auth';
import { privilegeList } from '@camwatch/contract/permissions';
import { AppDialog } from '../../../components/ui/AppDialog.tsx';
import { useEnvSettings } from '../../../lib/env-settings.tsx';

export function PrivilegesDialog({
  opened,
  onClose,
  user,
}: {
  opened: boolean;
  onClose: () => void;
  user: UserInfo;
}) {
  const { t } = useTranslation();
  const { environmentMode, experimentalFeatures } = useEnvSettings();
  return (
    <AppDialog opened={opened} onClose={onClose} title={t('privileges.title')} size="lg">
      <Table striped aria-label={t('privileges.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('privileges.right')}</Table.Th>
            <Table.Th>{t('privileges.state')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {privilegeList(user.permissions, environmentMode, experimentalFeatures).map((p) => (
            <Table.Tr key={p.key} data-privilege={p.key}>
              <Table.Td>{t(`privileges.items.${p.key}`)}</Table.Td>
              <Table.Td>
                <Badge color={p.available ? 'green' : 'gray'} variant={p.available ? 'light' : 'outline'}>
                  {p.available ? t('common.available') : t('common.notAvailable')}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </AppDialog>
  );
}
