// The picture behind the area editor when the camera has no thumbnail yet (or it fails to load): one live
// still, by starting live (PUT api/cameras/{camera_code}/live) and asking the live image address once or a
// few times until a first image arrives (core.md §7).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { liveStartCall } from '@camwatch/contract/live';
import { routes } from '@camwatch/contract/routes';
import { callApi } from '../../lib/api-client.ts';
import { fetchLiveImage } from '../../lib/live-image.ts';

/** Each ask waits up to a few seconds on the server for the camera's first image. */
const LIVE_STILL_ATTEMPTS = 4;

export async function fetchLiveStill(code: string, signal: AbortSignal): Promise<Blob | null> {
  const live = (
    await callApi<typeof liveStartCall>(routes.liveStart, { params: { camera_code: code }, signal })
  ).data;
  for (let attempt = 0; attempt < LIVE_STILL_ATTEMPTS; attempt++) {
    const answer = await fetchLiveImage(live.url, 0, live.isApi, signal).catch((error: unknown) => {
      if (signal.aborted) throw error;
      return { kind: 'none' as const };
    });
    if (answer.kind === 'frame') return answer.blob;
  }
  return null;
}

const liveStillQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ['area-editor', 'live-still', code] as const,
    queryFn: ({ signal }) => fetchLiveStill(code, signal),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

export const useLiveStill = (code: string, enabled: boolean) =>
  useQuery({ ...liveStillQueryOptions(code), enabled });
