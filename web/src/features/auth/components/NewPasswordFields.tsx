// The new password and its confirmation (core.md §5): at least 6 characters each, and the mismatch message
// once both have 6 or more and differ. Used by the change-password dialog and the reissue page.
import { PasswordInput } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { PASSWORD_MIN_LENGTH, passwordChangeProblems } from '@camwatch/contract/password';

export interface NewPasswordFieldsProps {
  password: string;
  confirmation: string;
  onPasswordChange: (value: string) => void;
  onConfirmationChange: (value: string) => void;
  labels: { password: string; confirmation: string };
  autoFocus?: boolean;
}

export function NewPasswordFields(props: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  const isMismatch = passwordChangeProblems(props.password, props.confirmation).includes('mismatch');
  const tooShort = (value: string) =>
    value.length > 0 && value.length < PASSWORD_MIN_LENGTH
      ? t('messages.passwordTooShort', { min: PASSWORD_MIN_LENGTH })
      : null;
  const toggle = { 'aria-label': t('common.togglePassword') };
  return (
    <>
      <PasswordInput
        visibilityToggleButtonProps={toggle}
        label={props.labels.password}
        value={props.password}
        onChange={(e) => props.onPasswordChange(e.currentTarget.value)}
        error={tooShort(props.password)}
        required
        autoComplete="new-password"
        autoFocus={props.autoFocus}
      />
      <PasswordInput
        visibilityToggleButtonProps={toggle}
        label={props.labels.confirmation}
        value={props.confirmation}
        onChange={(e) => props.onConfirmationChange(e.currentTarget.value)}
        error={tooShort(props.confirmation) ?? (isMismatch ? t('messages.passwordMismatch') : null)}
        required
        autoComplete="new-password"
      />
    </>
  );
}
