// GET api/notifications/vapid: the key the browser subscribes to web push with (core.md §7).
import type { vapidKeyCall } from '@camwatch/contract/notifications';
import { routes } from '@camwatch/contract/routes';
import { callApi } from '../../../lib/api-client.ts';

export async function getVapidKey(): Promise<string> {
  return (await callApi<typeof vapidKeyCall>(routes.vapidKey)).data.publicKey;
}
