// Archive download (core.md §2 more-menu; advanced.md §8, §9): this month's allowance of a camera, the request
// for a range, and the state of the job, asked every 2 s until it is ready or has failed.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  allowanceCall,
  Download,
  downloadRequestCall,
  downloadStatusCall,
  Allowance,
} from '@camwatch/contract/downloads';
import { routes } from '@camwatch/contract/routes';
import { callApi } from '../../../lib/api-client.ts';
import { browserTimeZone } from '../../../lib/local-time.ts';

export const DOWNLOAD_POLL_MS = 2_000;

export const allowanceQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ['downloads', 'allowance', code] as const,
    queryFn: async ({ signal }) =>
      (await callApi<typeof allowanceCall>(routes.allowance, { params: { camera_code: code }, signal })).data,
    staleTime: 0,
  });

export const useAllowance = (code: string, enabled: boolean) =>
  useQuery({ ...allowanceQueryOptions(code), enabled });

export type DownloadRequestResult =
  | { ok: true; download: Download; allowance: Allowance }
  | { ok: false; reason: 'limit_exceeded' | 'no_data' };

export async function requestDownload(
  code: string,
  range: { start_datetime: string; end_datetime: string },
): Promise<DownloadRequestResult> {
  const answer = await callApi<typeof downloadRequestCall>(routes.downloadRequest, {
    params: { camera_code: code },
    // The file is named on the server; in our zone it reads as the range the user picked.
    body: { ...range, time_zone: browserTimeZone() },
  });
  return 'result' in answer ? { ok: false, reason: answer.data.reason } : { ok: true, ...answer.data };
}

/** A job that will not change any more. */
export const isDownloadSettled = (download: Pick<Download, 'status'>): boolean =>
  download.status === 'ready' || download.status === 'failed' || download.status === 'expired';

export const useDownloadStatus = (downloadId: string | null) =>
  useQuery({
    queryKey: ['downloads', 'status', downloadId] as const,
    queryFn: async ({ signal }) =>
      (
        await callApi<typeof downloadStatusCall>(routes.downloadStatus, {
          params: { download_id: downloadId ?? '' },
          signal,
        })
      ).data.download,
    enabled: downloadId !== null,
    refetchInterval: (query) =>
      query.state.data && isDownloadSettled(query.state.data) ? false : DOWNLOAD_POLL_MS,
    refetchIntervalInBackground: true,
  });
