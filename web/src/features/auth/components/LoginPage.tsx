// Login screen (core.md §2, §4, §5, §8).
import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Paper,
  PasswordInput,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { readState, writeState } from '../../../lib/browser-state.ts';
import { isSupportedBrowser } from '../../../lib/browser-support.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { LanguageSelect } from '../../../components/ui/LanguageSelect.tsx';
import { queryClient } from '../../../lib/query-client.ts';
import { PageTitle } from '../../../components/ui/PageTitle.tsx';
import { login, type LoginResult } from '../api/login.ts';
import { meQueryKey } from '../../../lib/current-user.ts';
import { emailProblem } from '../email-rules.ts';
import { afterLoginTarget, appKeyInRedirect } from '../login-redirect.ts';

// Dialogs load when first opened, keeping the login page's first download small.
const PasswordReissueDialog = lazy(() => import('./PasswordReissueDialog.tsx'));
const UnsupportedBrowserDialog = lazy(() => import('./UnsupportedBrowserDialog.tsx'));

type Failure = Extract<LoginResult, { ok: false }>['reason'];

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const redirect = search.get('redirect');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [isEmailValidated, setEmailValidated] = useState(false);
  const [isBusy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [isReissueOpen, setReissueOpen] = useState(false);
  const [isUnsupportedOpen, setUnsupportedOpen] = useState(() => !isSupportedBrowser());

  const problem = emailProblem(email);
  const canSubmit = !isBusy && isEmailValidated && problem === null && password.length > 0;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    setBusy(true);
    setFailure(null);
    const result = await login(email.trim(), password, appKeyInRedirect(redirect) ?? readState('appKey'));
    if (!result.ok) {
      setBusy(false);
      setFailure(result.reason);
      return;
    }
    writeState('loggedIn', true);
    queryClient.setQueryData(meQueryKey, result.user);
    const target = afterLoginTarget(redirect);
    if (target.fullLoad) window.location.assign(target.path);
    else await navigate(target.path, { replace: true });
  };

  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper component="main" withBorder shadow="sm" p="xl" radius="md" w="100%" maw={420}>
        <Stack>
          <Group justify="space-between" align="center">
            <Title order={2} c="blue.8">
              {t('common.appName')}
            </Title>
            <LanguageSelect w={130} size="xs" />
          </Group>
          <PageTitle>{t('login.title')}</PageTitle>
          {failure && (
            <Alert color="red" role="alert" data-testid="login-error">
              {failure === 'error' ? t('messages.commonError') : t(`messages.loginFailure.${failure}`)}
            </Alert>
          )}
          <form onSubmit={(e) => void submit(e)} noValidate>
            <Stack>
              <TextInput
                label={t('login.email')}
                type="email"
                value={email}
                onChange={(e) => setEmail(e.currentTarget.value)}
                onBlur={() => setEmailValidated(true)}
                error={
                  isEmailValidated && problem
                    ? t(problem === 'required' ? 'messages.required' : 'messages.invalidEmail')
                    : null
                }
                required
                autoComplete="username"
                autoFocus
              />
              <PasswordInput
                visibilityToggleButtonProps={{ 'aria-label': t('common.togglePassword') }}
                label={t('login.password')}
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
                onFocus={() => email.length > 0 && setEmailValidated(true)}
                required
                autoComplete="current-password"
              />
              <Button type="submit" disabled={!canSubmit} loading={isBusy} fullWidth>
                {t('login.submit')}
              </Button>
            </Stack>
          </form>
          <Group justify="space-between">
            <Anchor component="button" type="button" size="sm" onClick={() => setReissueOpen(true)}>
              {t('login.lostPassword')}
            </Anchor>
            <Anchor component={Link} to="/help" size="sm">
              {t('login.help')}
            </Anchor>
          </Group>
        </Stack>
      </Paper>
      <Suspense fallback={null}>
        {isReissueOpen && (
          <PasswordReissueDialog opened onClose={() => setReissueOpen(false)} initialEmail={email} />
        )}
        {isUnsupportedOpen && <UnsupportedBrowserDialog opened onClose={() => setUnsupportedOpen(false)} />}
      </Suspense>
    </Center>
  );
}
