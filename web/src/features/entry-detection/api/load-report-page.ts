// What the entry detection report needs before it renders, asked for by its route loader while the screen's
// code downloads: the camera, and its area links — which also answer 404 for a camera without entry detection.
import { routes } from '@camwatch/contract/routes';
import type { areaLinkListCall } from '@camwatch/contract/entry-detection';
import { callApi } from '../../../lib/api-client.ts';
import { cameraDetailQueryOptions } from '../../../lib/api/camera-detail.ts';
import { queryClient } from '../../../lib/query-client.ts';

export async function loadEntryReportPage(code: string): Promise<void> {
  await Promise.all([
    queryClient.ensureQueryData(cameraDetailQueryOptions(code)),
    callApi<typeof areaLinkListCall>(routes.areaLinkList, { params: { cameraCode: code } }),
  ]);
}
