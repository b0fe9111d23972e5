// POST api/feedback (core.md §7).
import { useMutation } from '@tanstack/react-query';
import { feedbackCall } from '@camwatch/contract/feedback';
import { callApi } from '../../../lib/api-client.ts';

export const useSendFeedback = () =>
  useMutation({
    mutationFn: (input: { message: string; page: string }) => callApi(feedbackCall, { body: input }),
  });
