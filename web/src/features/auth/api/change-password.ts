// PUT api/auth/password (core.md §5, §6).
import { useMutation } from '@tanstack/react-query';
import { passwordUpdateCall } from '@camwatch/contract/auth';
import { callApi } from '../../../lib/api-client.ts';

export const useChangePassword = () =>
  useMutation({
    mutationFn: (input: { currentPassword: string; password: string }) =>
      callApi(passwordUpdateCall, { body: input }),
  });
