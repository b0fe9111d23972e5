// GET api/cameras/{camera_code}/archives for the wall: one hour of one camera (core.md §7), and the signed
// address of one minute's MP4 (GET {data_url}?return_url=t).
import type { archiveVideoCall, archivesCall } from '@camwatch/contract/archives';
import { routes } from '@camwatch/contract/routes';
import { callApi } from '../../../lib/api-client.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** `2024-05-01T09:00:00+09:00` in the browser's time zone: the archives call wants an offset. */
export function offsetIso(ms: number): string {
  const d = new Date(ms);
  const offset = -d.getTimezoneOffset();
  const abs = Math.abs(offset);
  return (
    `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}` +
    `T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}` +
    `${offset >= 0 ? '+' : '-'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
  );
}

export const getHourArchives = async (code: string, hourStart: number, signal?: AbortSignal) =>
  (
    await callApi<typeof archivesCall>(routes.archives, {
      params: { camera_code: code },
      query: { start_date: offsetIso(hourStart), period: 1 },
      signal,
    })
  ).data.archives;

/** Not cached: the address expires, so each minute asks afresh. */
export const getArchiveVideoUrl = async (archiveId: string, signal?: AbortSignal): Promise<string> =>
  (
    await callApi<typeof archiveVideoCall>(routes.archiveVideo, {
      params: { archive_id: archiveId },
      query: { return_url: 't' },
      signal,
    })
  ).url;
