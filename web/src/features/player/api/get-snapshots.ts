// GET api/cameras/{cameraCode}/snapshots (core.md §3, §7): the stills of one hour, each with its minute, for
// the thumbnails shown while hovering or scrubbing the timeline and the seek bar. Asked only when needed.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { snapshotsCall } from '@camwatch/contract/live';
import { routes } from '@camwatch/contract/routes';
import { callApi } from '../../../lib/api-client.ts';
import { toOffsetIso } from '../../../lib/local-time.ts';

const MINUTE_MS = 60_000;

/** The hour's snapshots by the start of their minute (ms), so a hovered minute finds its own. */
export async function getHourSnapshots(code: string, hourStart: number, signal?: AbortSignal) {
  const answer = await callApi<typeof snapshotsCall>(routes.snapshots, {
    params: { camera_code: code },
    // The window is at most 60 minutes and includes both ends: the hour's last minute starts at +59.
    query: { startDatetime: toOffsetIso(hourStart), endDatetime: toOffsetIso(hourStart + 59 * MINUTE_MS) },
    signal,
  });
  const byMinute = new Map<number, string>();
  for (const image of answer.data.images) {
    const ms = Date.parse(image.dateTime);
    byMinute.set(ms - (ms % MINUTE_MS), image.imageUrl);
  }
  return byMinute;
}

export const hourSnapshotsQueryOptions = (code: string, hourStart: number) =>
  queryOptions({
    queryKey: ['snapshots', code, hourStart] as const,
    queryFn: ({ signal }) => getHourSnapshots(code, hourStart, signal),
    // The signed image addresses expire after 10 minutes (MEDIA_URL_TTL_SECONDS); ask again well before.
    staleTime: 60_000,
    gcTime: 5 * 60_000,
  });

export const useHourSnapshots = (code: string, hourStart: number | null) =>
  useQuery({ ...hourSnapshotsQueryOptions(code, hourStart ?? 0), enabled: hourStart !== null });
