// Heat map batch download (advanced.md: archive and heat map batch download, batchDownload right; issue 14):
// the caller's newest batches with the customer's allowance of the month (GET api/heatmap/downloads), the request
// (POST), and one batch's state, asked every 2 s while it is being made (GET api/heatmap/downloads/:id).
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Allowance } from '@camwatch/contract/downloads';
import type {
  HeatmapDownload,
  heatmapDownloadListCall,
  HeatmapDownloadRequestBody,
  heatmapDownloadRequestCall,
  heatmapDownloadStatusCall,
} from '@camwatch/contract/heatmap-downloads';
import { routes } from '@camwatch/contract/routes';
import { callApi } from '../../../lib/api-client.ts';
import { heatmapDownloadListPollInterval, heatmapDownloadPollInterval } from '../heatmap-download-rules.ts';

export const heatmapDownloadListQueryOptions = queryOptions({
  queryKey: ['heatmap', 'downloads', 'list'] as const,
  queryFn: async ({ signal }) =>
    (await callApi<typeof heatmapDownloadListCall>(routes.heatmapDownloadList, { signal })).data,
  // The allowance is read before asking: never an old one.
  staleTime: 0,
});

/** The list and the allowance; asked again every 2 s while `isWatching` and one of them is being made. */
export const useHeatmapDownloads = (enabled: boolean, isWatching = false) =>
  useQuery({
    ...heatmapDownloadListQueryOptions,
    enabled,
    refetchInterval: (query) =>
      isWatching ? heatmapDownloadListPollInterval(query.state.data?.downloads) : false,
  });

const statusKey = (downloadId: string | null) => ['heatmap', 'downloads', 'status', downloadId] as const;

export const useHeatmapDownloadStatus = (downloadId: string | null) =>
  useQuery({
    queryKey: statusKey(downloadId),
    queryFn: async ({ signal }) =>
      (
        await callApi<typeof heatmapDownloadStatusCall>(routes.heatmapDownloadStatus, {
          params: { download_id: downloadId ?? '' },
          signal,
        })
      ).data.download,
    enabled: downloadId !== null,
    refetchInterval: (query) => heatmapDownloadPollInterval(query.state.data),
    // The dialog says how far it got even while the tab is in the background.
    refetchIntervalInBackground: true,
  });

export type HeatmapDownloadRequestResult =
  { ok: true; download: HeatmapDownload; allowance: Allowance } | { ok: false; reason: 'limit_exceeded' };

/** POSTs a batch; a refusal for the allowance is an answer, bad input throws ApiError (400 by field, 404, 403). */
export async function requestHeatmapDownload(
  body: HeatmapDownloadRequestBody,
): Promise<HeatmapDownloadRequestResult> {
  const answer = await callApi<typeof heatmapDownloadRequestCall>(routes.heatmapDownloadRequest, { body });
  return 'result' in answer ? { ok: false, reason: answer.data.reason } : { ok: true, ...answer.data };
}

/** A new batch goes to the top of the list at once (with the allowance it used), and its state is known. */
export function rememberHeatmapDownload(
  client: QueryClient,
  download: HeatmapDownload,
  allowance: Allowance,
): void {
  client.setQueryData(statusKey(download.download_id), download);
  client.setQueryData(heatmapDownloadListQueryOptions.queryKey, (list) =>
    list
      ? {
          downloads: [download, ...list.downloads.filter((d) => d.download_id !== download.download_id)],
          allowance,
        }
      : list,
  );
  void client.invalidateQueries({ queryKey: heatmapDownloadListQueryOptions.queryKey, exact: true });
}

/** A batch's new state goes into the list, so the list shows what the dialog shows. */
export function updateListedHeatmapDownload(client: QueryClient, download: HeatmapDownload): void {
  client.setQueryData(heatmapDownloadListQueryOptions.queryKey, (list) =>
    list
      ? {
          ...list,
          downloads: list.downloads.map((d) => (d.download_id === download.download_id ? download : d)),
        }
      : list,
  );
}
