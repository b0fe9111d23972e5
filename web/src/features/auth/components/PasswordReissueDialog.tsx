// Password reissue dialog (core.md §2, §5, §8): email prefilled from the login form, Enter submits,
// OK disabled while sending, empty or invalid; success and failure messages.
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { showToast } from '../../../lib/toast.ts';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { AppDialog } from '../../../components/ui/AppDialog.tsx';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { emailProblem } from '../email-rules.ts';

export default function PasswordReissueDialog({
  opened,
  onClose,
  initialEmail,
}: {
  opened: boolean;
  onClose: () => void;
  initialEmail: string;
}) {
  const { t } = useTranslation();
  const [email, setEmail] = useState(initialEmail);
  const [touched, setTouched] = useState(false);
  const mutation = useRequestPasswordReset();

  useEffect(() => {
    if (opened) {
      setEmail(initialEmail);
      setTouched(initialEmail.length > 0);
      mutation.reset();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset only when the dialog opens
  }, [opened]);

  const problem = emailProblem(email);
  const canSubmit = problem === null && !mutation.isPending;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!canSubmit) return;
    try {
      await mutation.mutateAsync(email.trim());
      showToast({ color: 'green', message: t('messages.reissueSent'), autoClose: 8000 });
      onClose();
    } catch {
      showToast({ color: 'red', message: t('messages.reissueFailed'), autoClose: 8000 });
    }
  };

  return (
    <AppDialog opened={opened} onClose={onClose} title={t('login.reissueTitle')} loading={mutation.isPending}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          <Text size="sm">{t('login.reissueDescription')}</Text>
          <TextInput
            label={t('login.email')}
            type="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            onBlur={() => setTouched(true)}
            error={
              touched && problem
                ? t(problem === 'required' ? 'messages.required' : 'messages.invalidEmail')
                : null
            }
            required
            autoComplete="email"
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={!canSubmit} loading={mutation.isPending}>
              {t('common.ok')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppDialog>
  );
}
