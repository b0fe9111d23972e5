// POST api/cameratags/assign: set and unset tags on the selected cameras in one transaction (core.md §7).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@camwatch/contract/routes';
import type { TagAssignBody, tagAssignCall } from '@camwatch/contract/tags';
import { callApi } from '../../../lib/api-client.ts';
import { invalidateAfterTagChange } from './invalidate.ts';

export const assignTags = async (body: TagAssignBody) =>
  (await callApi<typeof tagAssignCall>(routes.tagAssign, { body })).data.tags;

export function useAssignTags() {
  const client = useQueryClient();
  return useMutation({ mutationFn: assignTags, onSuccess: () => invalidateAfterTagChange(client) });
}
