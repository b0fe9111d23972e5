// Floating feedback button and dialog (core.md §2, §5, §8): send disabled while empty; thanks or 'failed to send'.
import { ActionIcon, Affix, Button, Group, Stack, Textarea, useMatches } from '@mantine/core';
import { showToast } from '../../../lib/toast.ts';
import { IconMessage } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { useLocation } from 'react-router';
import { FEEDBACK_MAX_LENGTH } from '@camwatch/contract/constants';
import { AppDialog } from '../../../components/ui/AppDialog.tsx';
import { useSendFeedback } from '../api/send-feedback.ts';

export function FeedbackWidget() {
  const { t } = useTranslation();
  const location = useLocation();
  const [isOpen, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const mutation = useSendFeedback();
  // On phones the footer is taller and space is short: a round icon button above it.
  const isCompact = useMatches({ base: true, sm: false });

  const send = async (event: React.FormEvent) => {
    event.preventDefault();
    if (message.trim().length === 0 || mutation.isPending) return;
    try {
      await mutation.mutateAsync({ message: message.trim(), page: `${location.pathname}${location.search}` });
      showToast({ color: 'green', message: t('messages.feedbackThanks') });
      setMessage('');
      setOpen(false);
    } catch {
      showToast({ color: 'red', message: t('messages.feedbackFailed') });
    }
  };

  return (
    <>
      <Affix position={{ bottom: isCompact ? 112 : 56, right: 16 }} zIndex={150}>
        {isCompact ? (
          <ActionIcon
            size="xl"
            radius="xl"
            variant="filled"
            aria-label={t('feedback.open')}
            onClick={() => setOpen(true)}
          >
            <IconMessage size={20} aria-hidden />
          </ActionIcon>
        ) : (
          <Button
            leftSection={<IconMessage size={16} aria-hidden />}
            radius="xl"
            style={{ boxShadow: 'var(--mantine-shadow-md)' }}
            onClick={() => setOpen(true)}
          >
            {t('feedback.open')}
          </Button>
        )}
      </Affix>
      <AppDialog
        opened={isOpen}
        onClose={() => setOpen(false)}
        title={t('feedback.title')}
        loading={mutation.isPending}
      >
        <form onSubmit={(e) => void send(e)}>
          <Stack>
            <Textarea
              label={t('feedback.message')}
              placeholder={t('feedback.placeholder')}
              value={message}
              onChange={(e) => setMessage(e.currentTarget.value)}
              minRows={5}
              autosize
              maxLength={FEEDBACK_MAX_LENGTH}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpen(false)} disabled={mutation.isPending}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" disabled={message.trim().length === 0} loading={mutation.isPending}>
                {t('common.send')}
              </Button>
            </Group>
          </Stack>
        </form>
      </AppDialog>
    </>
  );
}
