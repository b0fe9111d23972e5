// PUT api/cameras/{camera_code}/live: starts live images (or keeps them going); repeated every 60 s (core.md §7).
import type { liveStartCall, LiveStart } from '@camwatch/contract/live';
import { routes } from '@camwatch/contract/routes';
import { callApi } from '../../../lib/api-client.ts';

export const startLive = async (code: string, signal?: AbortSignal): Promise<LiveStart> =>
  (await callApi<typeof liveStartCall>(routes.liveStart, { params: { camera_code: code }, signal })).data;
