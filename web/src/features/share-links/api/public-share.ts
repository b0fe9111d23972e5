// GET api/public/share/:token (issue 22): what a shared link shows, asked without an account. A refused link
// (403: invalid, expired, revoked) is an answer, not an error to retry.
import { useQuery } from '@tanstack/react-query';
import type { publicShareCall } from '@camwatch/contract/share-links';
import { routes } from '@camwatch/contract/routes';
import { ApiError, callApi } from '../../../lib/api-client.ts';

export const usePublicShare = (token: string) =>
  useQuery({
    queryKey: ['share-links', 'public', token] as const,
    queryFn: async ({ signal }) =>
      (await callApi<typeof publicShareCall>(routes.publicShare, { signal, params: { token } })).data,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
    // Each answer counts as a view (and is an audit event): asked once, and again only when the viewer asks.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

/** Why the server refused the link (its error code), when it did. */
export function refusalOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 403) return null;
  return (error.body as { error?: { code?: string } } | null)?.error?.code ?? 'share_link_invalid';
}
