// PUT api/cameratags/{tag_code}: rename a tag (core.md §7, §8).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@camwatch/contract/routes';
import type { tagUpdateCall } from '@camwatch/contract/tags';
import { callApi } from '../../../lib/api-client.ts';
import { invalidateAfterTagChange } from './invalidate.ts';

export const updateTag = async ({ tagCode, tagName }: { tagCode: string; tagName: string }) =>
  (
    await callApi<typeof tagUpdateCall>(routes.tagUpdate, {
      params: { tag_code: tagCode },
      body: { tag_name: tagName },
    })
  ).data;

export function useUpdateTag() {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateTag, onSuccess: () => invalidateAfterTagChange(client) });
}
