// POST api/feedback (core.md §7).
import { useMutation } from '@tanstack/react-query';
import type { feedbackCall } from '@camwatch/contract/feedback';
import { routes } from '@camwatch/contract/routes';
import { callApi } from '../../../lib/api-client.ts';

export const useSendFeedback = () =>
  useMutation({
    mutationFn: (input: { message: string; page: string }) =>
      callApi<typeof feedbackCall>(routes.feedback, { body: input }),
  });
