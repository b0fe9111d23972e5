// Change password (core.md §5): both fields required, at least 6 characters, must match; the mismatch message
// once both have 6 or more and differ. Success closes with 'successful'; failure shows 'failed' with the
// server's reason in the reader's language.
import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { showToast } from '../../../lib/toast.ts';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordChangeProblems,
} from '@camwatch/contract/password';
import { AppDialog } from '../../../components/ui/AppDialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { anyFieldReasonText, failureToast, fieldReasonText } from '../../../lib/server-reason.ts';
import { useChangePassword } from '../api/change-password.ts';
import { NewPasswordFields } from './NewPasswordFields.tsx';

export function ChangePasswordDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [currentError, setCurrentError] = useState<string | null>(null);
  const mutation = useChangePassword();
  const problems = passwordChangeProblems(password, confirmation);
  const canSubmit = current.length > 0 && problems.length === 0 && !mutation.isPending;

  const close = () => {
    setCurrent('');
    setPassword('');
    setConfirmation('');
    setCurrentError(null);
    mutation.reset();
    onClose();
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    try {
      await mutation.mutateAsync({ currentPassword: current, password });
      showToast({ color: 'green', message: t('messages.passwordChanged') });
      close();
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) return; // the common error message is shown
      const currentReason = fieldReasonText(error, 'currentPassword', {
        incorrect: 'password.currentIncorrect',
      });
      if (currentReason) setCurrentError(currentReason);
      // The toast says why (issue 17): the same password again, too short, the wrong current one…
      const reason =
        fieldReasonText(
          error,
          'password',
          { too_short: 'serverReasons.passwordTooShort', too_long: 'serverReasons.passwordTooLong' },
          { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH },
        ) ??
        currentReason ??
        anyFieldReasonText(error);
      showToast(failureToast(t('messages.passwordChangeFailed'), reason));
    }
  };

  return (
    <AppDialog opened={opened} onClose={close} title={t('password.title')} loading={mutation.isPending}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          <PasswordInput
            visibilityToggleButtonProps={{ 'aria-label': t('common.togglePassword') }}
            label={t('password.current')}
            value={current}
            onChange={(e) => {
              setCurrent(e.currentTarget.value);
              setCurrentError(null);
            }}
            error={currentError}
            required
            autoComplete="current-password"
            data-autofocus
          />
          <NewPasswordFields
            password={password}
            confirmation={confirmation}
            onPasswordChange={setPassword}
            onConfirmationChange={setConfirmation}
            labels={{ password: t('password.new'), confirmation: t('password.confirm') }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={mutation.isPending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={!canSubmit} loading={mutation.isPending}>
              {t('password.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppDialog>
  );
}
