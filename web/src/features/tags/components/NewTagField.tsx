// Adding a tag inside the tag dialog (core.md §2, §5): add is disabled while the name is empty; the server's
// tag_name reason is shown as an error toast.
import { Button, Group, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { Tag } from '@camwatch/contract/tags';
import { useTranslation } from '../../../lib/i18n.ts';
import { showToast } from '../../../lib/toast.ts';
import { useCreateTag } from '../api/create-tag.ts';
import { tagNameError } from './tag-name-error.ts';

export function NewTagField({ onCreated }: { onCreated?: (tag: Tag) => void }) {
  const { t } = useTranslation();
  const create = useCreateTag();
  const [name, setName] = useState('');
  const [isRefused, setRefused] = useState(false);
  const add = () =>
    create.mutate(name, {
      onSuccess: (tag) => {
        setName('');
        setRefused(false);
        showToast({ color: 'green', message: t('tags.created', { name: tag.tag_name }) });
        onCreated?.(tag);
      },
      onError: (err) => {
        // core.md §8: the reason is an error toast; the field keeps a red edge until it is edited.
        setRefused(true);
        showToast({ color: 'red', message: tagNameError(err) });
      },
    });
  return (
    <Group
      component="form"
      align="flex-start"
      gap="xs"
      wrap="nowrap"
      onSubmit={(event) => {
        event.preventDefault();
        if (name.trim()) add();
      }}
    >
      <TextInput
        label={t('tags.newTag')}
        value={name}
        onChange={(event) => {
          setName(event.currentTarget.value);
          setRefused(false);
        }}
        error={isRefused}
        style={{ flex: 1 }}
      />
      <Button
        type="submit"
        mt={25}
        leftSection={<IconPlus size={14} aria-hidden />}
        disabled={name.trim().length === 0}
        loading={create.isPending}
      >
        {t('tags.add')}
      </Button>
    </Group>
  );
}
