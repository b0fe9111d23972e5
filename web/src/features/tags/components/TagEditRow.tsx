// One tag in the dialog's editing mode: rename (the server's tag_name reason as an error toast) and delete
// after a confirmation (core.md §2, §5).
import { ActionIcon, Button, Group, Paper, Text, TextInput } from '@mantine/core';
import { IconDeviceFloppy, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { Tag } from '@camwatch/contract/tags';
import { useTranslation } from '../../../lib/i18n.ts';
import { showToast } from '../../../lib/toast.ts';
import { useDeleteTag } from '../api/delete-tag.ts';
import { useUpdateTag } from '../api/update-tag.ts';
import { tagNameError } from './tag-name-error.ts';

export function TagEditRow({ tag }: { tag: Tag }) {
  const { t } = useTranslation();
  const update = useUpdateTag();
  const remove = useDeleteTag();
  const [name, setName] = useState(tag.tag_name);
  const [isRefused, setRefused] = useState(false);
  const [isConfirming, setConfirming] = useState(false);
  const isChanged = name.trim() !== tag.tag_name;

  const save = () =>
    update.mutate(
      { tagCode: tag.tag_code, tagName: name },
      {
        onSuccess: () => {
          setRefused(false);
          showToast({ color: 'green', message: t('tags.renamed') });
        },
        onError: (err) => {
          // core.md §8: the reason is an error toast; the field keeps a red edge until it is edited.
          setRefused(true);
          showToast({ color: 'red', message: tagNameError(err) });
        },
      },
    );
  const confirmDelete = () =>
    remove.mutate(tag.tag_code, {
      onSuccess: () => showToast({ color: 'green', message: t('tags.deleted', { name: tag.tag_name }) }),
      onError: () => {
        setConfirming(false);
        showToast({ color: 'red', message: t('tags.failed') });
      },
    });

  if (isConfirming)
    return (
      <Paper
        component="li"
        withBorder
        p="xs"
        bg="red.0"
        role="group"
        aria-label={t('tags.delete', { name: tag.tag_name })}
      >
        <Group justify="space-between" gap="xs">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {t('tags.deleteConfirm', { name: tag.tag_name })}
          </Text>
          <Group gap="xs">
            <Button
              size="xs"
              variant="default"
              onClick={() => setConfirming(false)}
              disabled={remove.isPending}
            >
              {t('common.cancel')}
            </Button>
            <Button size="xs" color="red" onClick={confirmDelete} loading={remove.isPending} data-autofocus>
              {t('tags.deleteYes')}
            </Button>
          </Group>
        </Group>
      </Paper>
    );

  return (
    <Group component="li" align="flex-start" gap="xs" wrap="nowrap">
      <TextInput
        aria-label={t('tags.nameOf', { name: tag.tag_name })}
        value={name}
        onChange={(event) => {
          setName(event.currentTarget.value);
          setRefused(false);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.nativeEvent.isComposing && isChanged) save();
        }}
        error={isRefused}
        rightSection={
          <Text size="xs" c="dimmed" pr="xs">
            {t('tags.cameraCount', { count: tag.cameras.length })}
          </Text>
        }
        rightSectionWidth={64}
        style={{ flex: 1 }}
      />
      <ActionIcon
        size="input-sm"
        variant="light"
        aria-label={t('tags.save', { name: tag.tag_name })}
        onClick={save}
        disabled={!isChanged}
        loading={update.isPending}
      >
        <IconDeviceFloppy size={18} aria-hidden />
      </ActionIcon>
      <ActionIcon
        size="input-sm"
        variant="light"
        color="red"
        aria-label={t('tags.delete', { name: tag.tag_name })}
        onClick={() => setConfirming(true)}
      >
        <IconTrash size={18} aria-hidden />
      </ActionIcon>
    </Group>
  );
}
