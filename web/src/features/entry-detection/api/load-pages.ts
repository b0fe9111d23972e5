// What the entry detection screens need before they render, asked for by their route loaders while the
// screen's code downloads: the camera and a fresh copy of its area links (another person may have changed
// them), and for the edit screen the link itself.
import { queryClient } from '../../../lib/query-client.ts';
import { areaLinkQueryOptions } from './get-area-link.ts';
import { areaLinksQueryOptions } from './get-area-links.ts';
import { cameraDetailQueryOptions } from '../../../lib/api/camera-detail.ts';

export async function loadEntryDetectionPage(code: string, linkId?: string): Promise<void> {
  await Promise.all([
    queryClient.ensureQueryData(cameraDetailQueryOptions(code)),
    queryClient.fetchQuery({ ...areaLinksQueryOptions(code), staleTime: 0 }),
    linkId === undefined
      ? null
      : queryClient.fetchQuery({ ...areaLinkQueryOptions(code, linkId), staleTime: 0 }),
  ]);
}
