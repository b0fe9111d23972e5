// GET api/cameras/{cameraCode}/snapshots for a whole day: the call covers at most 60 minutes, so the day is
// asked hour by hour (a few at a time) and the images joined, oldest first (core.md §7; advanced.md §1).
import { useQuery } from '@tanstack/react-query';
import type { snapshotsCall } from '@camwatch/contract/live';
import { routes } from '@camwatch/contract/routes';
import { callApi } from '../../../lib/api-client.ts';
import { toOffsetIso } from '../../../lib/local-time.ts';
import { dayWindows, type TimeLapseFrame } from '../time-lapse-rules.ts';

/** Hours asked at once: enough to fill a day quickly without queueing the browser's connections. */
const PARALLEL_HOURS = 4;

async function getWindow(code: string, startMs: number, endMs: number, signal: AbortSignal) {
  const answer = await callApi<typeof snapshotsCall>(routes.snapshots, {
    params: { camera_code: code },
    query: { startDatetime: toOffsetIso(startMs), endDatetime: toOffsetIso(endMs) },
    signal,
  });
  return answer.data.images.map((image, index): TimeLapseFrame => {
    const taken = Date.parse((image as { dateTime?: string }).dateTime ?? '');
    return { imageUrl: image.imageUrl, takenAt: Number.isFinite(taken) ? taken : startMs + index * 60_000 };
  });
}

export async function getDaySnapshots(
  code: string,
  dayStartMs: number,
  nowMs: number,
  signal: AbortSignal,
): Promise<TimeLapseFrame[]> {
  const windows = dayWindows(dayStartMs, nowMs);
  const results: TimeLapseFrame[][] = [];
  for (let i = 0; i < windows.length; i += PARALLEL_HOURS) {
    const batch = windows.slice(i, i + PARALLEL_HOURS);
    results.push(...(await Promise.all(batch.map((w) => getWindow(code, w.startMs, w.endMs, signal)))));
  }
  return results.flat().sort((a, b) => a.takenAt - b.takenAt);
}

export const useDaySnapshots = (code: string, dayStartMs: number, enabled: boolean) =>
  useQuery({
    queryKey: ['snapshots', 'day', code, dayStartMs] as const,
    queryFn: ({ signal }) => getDaySnapshots(code, dayStartMs, Date.now(), signal),
    enabled,
    // Image addresses are signed for a while (MEDIA_URL_TTL_SECONDS): ask again rather than keep old ones.
    staleTime: 60_000,
    gcTime: 120_000,
    retry: false,
  });
