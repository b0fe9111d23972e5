// The bar of tag-setting mode (core.md §2): select the page's cameras, how many are selected, and the
// 'select tag' dialog for them.
import { Button, Checkbox, Group, Paper, Text } from '@mantine/core';
import { IconTags } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n.ts';

export interface TagModeBarProps {
  pageCodes: string[];
  selected: ReadonlySet<string>;
  onSelectPage: (select: boolean) => void;
  onClear: () => void;
  onSelectTag: () => void;
}

export function TagModeBar({ pageCodes, selected, onSelectPage, onClear, onSelectTag }: TagModeBarProps) {
  const { t } = useTranslation();
  const onPage = pageCodes.filter((code) => selected.has(code)).length;
  const all = pageCodes.length > 0 && onPage === pageCodes.length;
  return (
    <Paper withBorder p="xs" mb="sm" role="region" aria-label={t('cameraList.selection')} bg="blue.0">
      <Group justify="space-between" gap="xs">
        <Group gap="md">
          <Checkbox
            label={t('cameraList.selectPage')}
            checked={all}
            indeterminate={onPage > 0 && !all}
            onChange={() => onSelectPage(!all)}
          />
          <Text size="sm" aria-live="polite" data-testid="selected-count">
            {selected.size > 0
              ? t('cameraList.selectedCount', { count: selected.size })
              : t('cameraList.tagModeHint')}
          </Text>
        </Group>
        <Group gap="xs">
          <Button size="xs" variant="subtle" onClick={onClear} disabled={selected.size === 0}>
            {t('cameraList.clearSelection')}
          </Button>
          <Button
            size="xs"
            leftSection={<IconTags size={14} aria-hidden />}
            onClick={onSelectTag}
            disabled={selected.size === 0}
          >
            {t('cameraList.selectTag')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
