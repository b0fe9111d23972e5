// GET {data_url}?return_url=t: the signed, short-lived address of one archive minute's MP4 (core.md §7), for
// the player and the wall.
import type { archiveVideoCall } from '@camwatch/contract/archives';
import { routes } from '@camwatch/contract/routes';
import { callApi } from '../api-client.ts';

/** Not cached: the address expires, so each play asks afresh. */
export const getArchiveVideoUrl = async (archiveId: string, signal?: AbortSignal): Promise<string> =>
  (
    await callApi<typeof archiveVideoCall>(routes.archiveVideo, {
      params: { archive_id: archiveId },
      query: { return_url: 't' },
      signal,
    })
  ).url;
