// POST api/password/reset_request (core.md §5, §7): return_url is this site's origin plus /password_reissue.
import { useMutation } from '@tanstack/react-query';
import type { passwordResetRequestCall } from '@camwatch/contract/password-reset';
import { routes } from '@camwatch/contract/routes';
import { callApi } from '../../../lib/api-client.ts';

export const useRequestPasswordReset = () =>
  useMutation({
    mutationFn: (email: string) =>
      callApi<typeof passwordResetRequestCall>(routes.passwordResetRequest, {
        body: { email, return_url: `${window.location.origin}/password_reissue` },
        unauthorizedIsAnswer: true,
      }),
  });
