// The area links of a camera as a table (advanced.md §3): each link's name, whether it has a machine area, and
// its thresholds in words; a link to edit (or, read-only, to look at) each, and delete with the right to.
import { ActionIcon, Anchor, Badge, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import type { AreaLink } from '@camwatch/contract/entry-detection';
import { useTranslation } from '../../../lib/i18n.ts';
import { thresholdSummary } from '../entry-detection-rules.ts';

interface AreaLinkTableProps {
  links: readonly AreaLink[];
  canEdit: boolean;
  onDelete: (link: AreaLink) => void;
}

export function AreaLinkTable({ links, canEdit, onDelete }: AreaLinkTableProps) {
  const { t } = useTranslation();
  const { code = '' } = useParams();
  return (
    <Table.ScrollContainer minWidth={540}>
      <Table aria-label={t('entryDetection.table')} verticalSpacing="sm" striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('entryDetection.columns.name')}</Table.Th>
            <Table.Th>{t('entryDetection.columns.machine')}</Table.Th>
            <Table.Th>{t('entryDetection.columns.conditions')}</Table.Th>
            <Table.Th ta="right">{t('entryDetection.columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {links.map((link) => {
            const summary = thresholdSummary(link);
            const path = `/detail/${encodeURIComponent(code)}/entry-detection/${encodeURIComponent(link.id)}`;
            return (
              <Table.Tr key={link.id} data-testid="area-link-row" data-name={link.areaName}>
                <Table.Th scope="row" fw={600} miw={110} style={{ wordBreak: 'break-word' }}>
                  {link.areaName}
                </Table.Th>
                <Table.Td>
                  {link.machineArea ? (
                    <Badge color="orange" variant="light" tt="none">
                      {t('entryDetection.machineSet')}
                    </Badge>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {t('entryDetection.machineNone')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{t('entryDetection.summary.frames', summary)}</Text>
                  <Text size="sm">{t('entryDetection.summary.size', summary)}</Text>
                  <Text size="sm">{t('entryDetection.summary.person', summary)}</Text>
                  {link.machineArea && <Text size="sm">{t('entryDetection.summary.running', summary)}</Text>}
                  <Text size="sm">{t('entryDetection.summary.vigilant', summary)}</Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Group gap="xs" wrap="nowrap" justify="flex-end">
                    <Anchor
                      component={Link}
                      to={path}
                      size="sm"
                      aria-label={t(canEdit ? 'entryDetection.edit' : 'entryDetection.view', {
                        name: link.areaName,
                      })}
                    >
                      {t(canEdit ? 'entryDetection.editShort' : 'entryDetection.viewShort')}
                    </Anchor>
                    {canEdit && (
                      <Tooltip label={t('entryDetection.deleteShort')} openDelay={300}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('entryDetection.delete', { name: link.areaName })}
                          onClick={() => onDelete(link)}
                        >
                          <IconTrash size={18} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
