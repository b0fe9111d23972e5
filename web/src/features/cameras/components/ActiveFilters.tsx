// The active conditions as removable chips above the list (core.md §2): keyword words, functions, tags and
// the watch status; removing one goes to page 1 like any filter change.
import { Button, Group, Pill } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import type { TagOption } from '../camera-list-slots.ts';
import type { FilterChip } from '../list-filters.ts';

export interface ActiveFiltersProps {
  chips: FilterChip[];
  tags: TagOption[];
  onRemove: (chip: FilterChip) => void;
  onClearAll: () => void;
}

export function ActiveFilters({ chips, tags, onRemove, onClearAll }: ActiveFiltersProps) {
  const { t } = useTranslation();
  if (chips.length === 0) return null;
  const labelOf = (chip: FilterChip): string => {
    switch (chip.kind) {
      case 'word':
        return t('cameraList.chipWord', { value: chip.value });
      case 'func':
        return t('cameraList.chipFunc', { value: t(`cameras.function.${chip.value}`) });
      case 'tag':
        return t('cameraList.chipTag', {
          value: tags.find((tag) => tag.tag_code === chip.value)?.tag_name ?? chip.value,
        });
      case 'watch':
        return chip.value === 'down' ? t('cameraList.chipDown') : t('cameraList.chipNormal');
    }
  };
  return (
    <Group
      gap={6}
      mb="sm"
      role="group"
      aria-label={t('cameraList.activeFilters')}
      data-testid="active-filters"
    >
      {chips.map((chip) => {
        const label = labelOf(chip);
        return (
          <Pill
            key={`${chip.kind}:${chip.value}`}
            size="md"
            withRemoveButton
            onRemove={() => onRemove(chip)}
            // Pill hides its remove button from assistive technology by default (it is meant for PillsInput).
            removeButtonProps={{
              'aria-label': t('cameraList.removeChip', { label }),
              'aria-hidden': false,
              tabIndex: 0,
            }}
          >
            {label}
          </Pill>
        );
      })}
      <Button size="compact-sm" variant="subtle" onClick={onClearAll}>
        {t('cameraList.clearAll')}
      </Button>
    </Group>
  );
}
