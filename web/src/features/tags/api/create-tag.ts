// POST api/cameratags: add a tag; a bad name answers 400 under errors.tag_name (core.md §7, §8).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@camwatch/contract/routes';
import type { tagCreateCall } from '@camwatch/contract/tags';
import { callApi } from '../../../lib/api-client.ts';
import { invalidateAfterTagChange } from './invalidate.ts';

export const createTag = async (tagName: string) =>
  (await callApi<typeof tagCreateCall>(routes.tagCreate, { body: { tag_name: tagName } })).data;

export function useCreateTag() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createTag, onSuccess: () => invalidateAfterTagChange(client) });
}
