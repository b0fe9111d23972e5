// POST api/notifications/subscription: saves (or renews) this browser's subscription (core.md §7, §9).
import type { PushSubscriptionBody, pushSubscribeCall } from '@camwatch/contract/notifications';
import { routes } from '@camwatch/contract/routes';
import { callApi } from '../../../lib/api-client.ts';

export async function saveSubscription(body: PushSubscriptionBody): Promise<void> {
  await callApi<typeof pushSubscribeCall>(routes.pushSubscribe, { body });
}
