// The filter dialog (core.md §2): functions the environment mode shows, tags, and down cameras only. OK
// applies the draft (the caller goes to page 1); Cancel and Escape leave the list as it was; Clear empties
// the draft.
import { Button, Checkbox, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { AppDialog } from '../../../components/ui/AppDialog.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import type { TagOption } from '../camera-list-slots.ts';
import { emptyDraft, type FilterDraft, type FilterFunction } from '../list-filters.ts';

export interface FilterDialogProps {
  opened: boolean;
  initial: FilterDraft;
  functions: FilterFunction[];
  tags: TagOption[];
  onApply: (draft: FilterDraft) => void;
  onClose: () => void;
}

export function FilterDialog({ opened, ...rest }: FilterDialogProps) {
  const { t } = useTranslation();
  return (
    <AppDialog opened={opened} onClose={rest.onClose} title={t('cameraList.filterTitle')} size="lg">
      {/* Mounted only while open, so each opening starts from the list's current conditions. */}
      {opened && <FilterForm {...rest} />}
    </AppDialog>
  );
}

function FilterForm({ initial, functions, tags, onApply, onClose }: Omit<FilterDialogProps, 'opened'>) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<FilterDraft>(initial);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onApply(draft);
      }}
    >
      <Stack gap="lg">
        <Checkbox.Group
          label={t('cameraList.functions')}
          value={draft.func}
          onChange={(func) => setDraft({ ...draft, func: func as FilterFunction[] })}
        >
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" verticalSpacing="xs" mt="xs">
            {functions.map((f) => (
              <Checkbox key={f} value={f} label={t(`cameras.function.${f}`)} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <Checkbox.Group
          label={t('cameraList.tags')}
          value={draft.tags}
          onChange={(codes) => setDraft({ ...draft, tags: codes })}
        >
          {tags.length === 0 ? (
            <Text size="sm" c="dimmed" mt="xs">
              {t('cameraList.noTags')}
            </Text>
          ) : (
            <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" verticalSpacing="xs" mt="xs">
              {tags.map((tag) => (
                <Checkbox
                  key={tag.tag_code}
                  value={tag.tag_code}
                  label={tag.tag_name}
                  styles={{ label: { overflowWrap: 'anywhere' } }}
                />
              ))}
            </SimpleGrid>
          )}
        </Checkbox.Group>
        <Checkbox.Group
          label={t('cameraList.watchStatus')}
          value={draft.downOnly ? ['down'] : []}
          onChange={(values) => setDraft({ ...draft, downOnly: values.includes('down') })}
        >
          <Checkbox value="down" label={t('cameraList.downOnly')} mt="xs" />
        </Checkbox.Group>
        <Group justify="space-between">
          <Button variant="subtle" onClick={() => setDraft(emptyDraft)}>
            {t('cameraList.clear')}
          </Button>
          <Group gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit">{t('common.ok')}</Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
