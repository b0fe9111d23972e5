// After each non-public navigation, check the login (core.md §2, §8): on failure show the reason for 5 s,
// then log out and go to login.
import { showToast } from '../../lib/toast.ts';
import { useEffect } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { useLocation } from 'react-router';
import { checkLogin } from '../../features/auth/api/check-login.ts';
import { logout } from '../../features/auth/api/logout.ts';
import { readState } from '../../lib/browser-state.ts';
import { endSession } from '../session.ts';

export const LOGIN_CHECK_FAILURE_MS = 5_000;

export function useLoginCheck(): void {
  const location = useLocation();
  const { t } = useTranslation();
  useEffect(() => {
    let isCurrent = true;
    checkLogin(readState('appKey'))
      .then((result) => {
        if (result.ok || !isCurrent) return;
        showToast({
          id: 'login-check-failed',
          color: 'red',
          title: t('messages.checkLoginFailed'),
          message: t(`messages.loginFailure.${result.reason}`),
          autoClose: LOGIN_CHECK_FAILURE_MS,
        });
        setTimeout(() => {
          void logout()
            .catch(() => undefined)
            .finally(() => endSession({ keepRedirect: true }));
        }, LOGIN_CHECK_FAILURE_MS);
      })
      .catch(() => undefined); // 401 and network errors are handled by the API client
    return () => {
      isCurrent = false;
    };
  }, [location.pathname, location.search, t]);
}
