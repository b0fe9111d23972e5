// The feedback button and its dialog (core.md §2, §5, §8): send disabled while empty; thanks or 'failed to send'.
// The button sits in the footer, which is always on screen, rather than floating over the page, where it hid
// row icons, the wall's timestamps and the end of every page (issue 17 point 9).
import { ActionIcon, Button, Group, Stack, Textarea, useMatches } from '@mantine/core';
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
  // On phones the footer's line is short: the icon alone, named for screen readers.
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
      {isCompact ? (
        <ActionIcon
          size="md"
          radius="xl"
          variant="light"
          aria-label={t('feedback.open')}
          onClick={() => setOpen(true)}
          data-testid="feedback-button"
        >
          <IconMessage size={16} aria-hidden />
        </ActionIcon>
      ) : (
        <Button
          leftSection={<IconMessage size={14} aria-hidden />}
          radius="xl"
          size="compact-sm"
          variant="light"
          onClick={() => setOpen(true)}
          data-testid="feedback-button"
        >
          {t('feedback.open')}
        </Button>
      )}
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
