// DELETE api/cameratags/{tag_code}: delete a tag, after the dialog's confirmation (core.md §5, §7).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@camwatch/contract/routes';
import type { tagDeleteCall } from '@camwatch/contract/tags';
import { callApi } from '../../../lib/api-client.ts';
import { invalidateAfterTagChange } from './invalidate.ts';

export const deleteTag = async (tagCode: string) =>
  (await callApi<typeof tagDeleteCall>(routes.tagDelete, { params: { tag_code: tagCode } })).data;

export function useDeleteTag() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteTag, onSuccess: () => invalidateAfterTagChange(client) });
}
