// Adding a tag inside the tag dialog (core.md §2, §5): add is disabled while the name is empty; the server's
// tag_name error is shown under the field.
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
  const [error, setError] = useState<string | null>(null);
  const add = () =>
    create.mutate(name, {
      onSuccess: (tag) => {
        setName('');
        setError(null);
        showToast({ color: 'green', message: t('tags.created', { name: tag.tag_name }) });
        onCreated?.(tag);
      },
      onError: (err) => setError(tagNameError(err)),
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
          setError(null);
        }}
        error={error}
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
