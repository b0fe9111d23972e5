// password_reissue (public): the page a reset mail links to; sets a new password with the same rules as change.
import { Alert, Anchor, Button, Center, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link, useSearchParams } from 'react-router';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordChangeProblems,
} from '@camwatch/contract/password';
import { PageTitle } from '../../../components/ui/PageTitle.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { fieldReasonText } from '../../../lib/server-reason.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { NewPasswordFields } from './NewPasswordFields.tsx';
import '../reissue-texts.ts';

export default function PasswordReissuePage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const mutation = useResetPassword();
  const problems = passwordChangeProblems(password, confirmation);
  const isInvalidLink =
    token.length === 0 ||
    (mutation.error instanceof ApiError && mutation.error.fieldMessage('token') !== undefined);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (problems.length === 0 && !mutation.isPending) mutation.mutate({ token, password });
  };

  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper component="main" withBorder shadow="sm" p="xl" radius="md" w="100%" maw={420}>
        <PageTitle>{t('pages.password_reissue')}</PageTitle>
        {mutation.isSuccess ? (
          <Stack>
            <Alert color="green" role="status">
              {t('reissue.success')}
            </Alert>
            <Button component={Link} to="/login">
              {t('reissue.toLogin')}
            </Button>
          </Stack>
        ) : isInvalidLink ? (
          <Stack>
            <Alert color="red" role="alert">
              {t('reissue.invalidLink')}
            </Alert>
            <Anchor component={Link} to="/login">
              {t('reissue.toLogin')}
            </Anchor>
          </Stack>
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack>
              <Text size="sm">{t('reissue.description')}</Text>
              {mutation.isError && (
                <Alert color="red" role="alert" title={t('messages.passwordChangeFailed')}>
                  {fieldReasonText(
                    mutation.error,
                    'password',
                    {
                      too_short: 'serverReasons.passwordTooShort',
                      too_long: 'serverReasons.passwordTooLong',
                    },
                    { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH },
                  )}
                </Alert>
              )}
              <NewPasswordFields
                password={password}
                confirmation={confirmation}
                onPasswordChange={setPassword}
                onConfirmationChange={setConfirmation}
                labels={{ password: t('reissue.newPassword'), confirmation: t('reissue.confirm') }}
                autoFocus
              />
              <Button type="submit" disabled={problems.length > 0} loading={mutation.isPending}>
                {t('reissue.submit')}
              </Button>
            </Stack>
          </form>
        )}
      </Paper>
    </Center>
  );
}
