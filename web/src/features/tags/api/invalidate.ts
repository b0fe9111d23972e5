// After a tag changes, the tag list, the side navigation and the camera list (each row's tags, a tags[]
// filter) are all stale.
import type { QueryClient } from '@tanstack/react-query';
import { tagsQueryKey } from './get-tags.ts';

export const invalidateAfterTagChange = (client: QueryClient) =>
  Promise.all([
    client.invalidateQueries({ queryKey: tagsQueryKey }),
    client.invalidateQueries({ queryKey: ['cameras'] }),
  ]);
