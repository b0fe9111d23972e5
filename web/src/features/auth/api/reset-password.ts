// POST api/password/reset: the new password with the token of the mailed link.
import { useMutation } from '@tanstack/react-query';
import type { passwordResetCall } from '@camwatch/contract/password-reset';
import { routes } from '@camwatch/contract/routes';
import { callApi } from '../../../lib/api-client.ts';

export const useResetPassword = () =>
  useMutation({
    mutationFn: (input: { token: string; password: string }) =>
      callApi<typeof passwordResetCall>(routes.passwordReset, { body: input, unauthorizedIsAnswer: true }),
  });
