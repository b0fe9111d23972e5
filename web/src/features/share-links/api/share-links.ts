// GET api/share-links and DELETE api/share-links/:share_link_id (issue 22): the user's links and revoking one.
import { useQuery } from '@tanstack/react-query';
import type { shareLinkListCall, shareLinkRevokeCall } from '@camwatch/contract/share-links';
import { routes } from '@camwatch/contract/routes';
import { callApi } from '../../../lib/api-client.ts';

export const shareLinksQueryKey = ['share-links', 'mine'] as const;

export const useShareLinks = () =>
  useQuery({
    queryKey: shareLinksQueryKey,
    queryFn: async ({ signal }) =>
      (await callApi<typeof shareLinkListCall>(routes.shareLinkList, { signal })).data.share_links,
  });

export const revokeShareLink = async (shareLinkId: string) =>
  (
    await callApi<typeof shareLinkRevokeCall>(routes.shareLinkRevoke, {
      params: { share_link_id: shareLinkId },
    })
  ).data.share_link;
