// PUT api/auth/password (core.md §5, §6).
import { useMutation } from '@tanstack/react-query';
import type { passwordUpdateCall } from '@camwatch/contract/auth';
import { routes } from '@camwatch/contract/routes';
import { callApi } from '../../../lib/api-client.ts';

export const useChangePassword = () =>
  useMutation({
    mutationFn: (input: { currentPassword: string; password: string }) =>
      callApi<typeof passwordUpdateCall>(routes.passwordUpdate, { body: input }),
  });
