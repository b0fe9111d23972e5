// The tag dialog (core.md §2): for the selected cameras each tag is checked, unchecked or indeterminate, and
// OK sets and unsets what changed (POST api/cameratags/assign); the edit switch turns it into managing the
// tags (rename, delete with confirmation), the only mode without a selection. A new tag can be added in both.
import {
  Alert,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  ScrollArea,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import { useState } from 'react';
import { AppDialog } from '../../../components/ui/AppDialog.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { showToast } from '../../../lib/toast.ts';
import { useAssignTags } from '../api/assign-tags.ts';
import { useTags } from '../api/get-tags.ts';
import { assignChanges, initialTagStates, toggledState, type TagState } from '../tag-states.ts';
import { NewTagField } from './NewTagField.tsx';
import { TagEditRow } from './TagEditRow.tsx';

export interface TagDialogProps {
  opened: boolean;
  cameraCodes: string[];
  editing?: boolean;
  onClose: () => void;
  onAssigned?: () => void;
}

export function TagDialog({ opened, onClose, ...rest }: TagDialogProps) {
  const { t } = useTranslation();
  const assign = useAssignTags();
  return (
    <AppDialog opened={opened} onClose={onClose} title={t('tags.title')} loading={assign.isPending} size="lg">
      {opened && <TagForm {...rest} onClose={onClose} assign={assign} />}
    </AppDialog>
  );
}

function TagForm({
  cameraCodes,
  editing = false,
  onClose,
  onAssigned,
  assign,
}: Omit<TagDialogProps, 'opened'> & { assign: ReturnType<typeof useAssignTags> }) {
  const { t } = useTranslation();
  const tags = useTags();
  const hasSelection = cameraCodes.length > 0;
  const [isEditing, setEditing] = useState(editing || !hasSelection);
  // Only what the user changed; the rest follows the tag list (which a new tag or a rename refreshes).
  const [changed, setChanged] = useState<Record<string, TagState>>({});
  const initial = initialTagStates(tags.data ?? [], cameraCodes);
  const current = { ...initial, ...changed };
  const changes = assignChanges(initial, current);
  const hasChanges = changes.set_tag_code.length + changes.unset_tag_code.length > 0;

  const apply = () =>
    assign.mutate(
      { camera_code: cameraCodes, ...changes },
      {
        onSuccess: () => {
          showToast({ color: 'green', message: t('tags.assigned') });
          onAssigned?.();
          onClose();
        },
        onError: () => showToast({ color: 'red', message: t('tags.failed') }),
      },
    );

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed">
          {hasSelection ? t('tags.targetCount', { count: cameraCodes.length }) : t('tags.noSelection')}
        </Text>
        <Switch
          label={t('tags.edit')}
          checked={isEditing}
          disabled={!hasSelection}
          onChange={(event) => setEditing(event.currentTarget.checked)}
        />
      </Group>
      {tags.isPending ? (
        <Center py="md">
          <Loader size="sm" aria-label={t('common.loading')} />
        </Center>
      ) : tags.isError ? (
        <Alert color="red" variant="light" role="alert">
          {t('tags.loadFailed')}
        </Alert>
      ) : tags.data.length === 0 ? (
        <Text size="sm">{t('tags.empty')}</Text>
      ) : (
        <ScrollArea.Autosize mah={320} type="auto" offsetScrollbars>
          <Stack
            component="ul"
            aria-label={t('tags.list')}
            gap="xs"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
          >
            {tags.data.map((tag) =>
              isEditing ? (
                <TagEditRow key={tag.tag_code} tag={tag} />
              ) : (
                <li key={tag.tag_code}>
                  <Checkbox
                    label={tag.tag_name}
                    checked={current[tag.tag_code] === 'checked'}
                    indeterminate={current[tag.tag_code] === 'indeterminate'}
                    onChange={() =>
                      setChanged({
                        ...changed,
                        [tag.tag_code]: toggledState(current[tag.tag_code] ?? 'unchecked'),
                      })
                    }
                    styles={{ label: { overflowWrap: 'anywhere' } }}
                  />
                </li>
              ),
            )}
          </Stack>
        </ScrollArea.Autosize>
      )}
      <NewTagField
        onCreated={(tag) => {
          if (hasSelection && !isEditing) setChanged((prev) => ({ ...prev, [tag.tag_code]: 'checked' }));
        }}
      />
      <Group justify="flex-end" gap="xs">
        {isEditing ? (
          <Button variant="default" onClick={onClose}>
            {t('common.close')}
          </Button>
        ) : (
          <>
            <Button variant="default" onClick={onClose} disabled={assign.isPending}>
              {t('common.cancel')}
            </Button>
            <Button onClick={apply} disabled={!hasChanges} loading={assign.isPending}>
              {t('tags.apply')}
            </Button>
          </>
        )}
      </Group>
    </Stack>
  );
}
