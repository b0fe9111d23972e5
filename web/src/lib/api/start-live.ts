// PUT api/cameras/{camera_code}/live: starts live images (or keeps them going); repeated every 60 s (core.md §7).
// The detail page's viewer, its route loader's head start and the wall's tiles all start live through it.
import type { liveStartCall, LiveStart } from '@camwatch/contract/live';
import { routes } from '@camwatch/contract/routes';
import { callApi } from '../api-client.ts';

export const startLive = async (code: string, signal?: AbortSignal): Promise<LiveStart> =>
  (await callApi<typeof liveStartCall>(routes.liveStart, { params: { camera_code: code }, signal })).data;
