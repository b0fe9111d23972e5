// DELETE api/notifications/subscription: removes this browser's subscription (before logout, core.md §4).
import type { pushUnsubscribeCall } from '@camwatch/contract/notifications';
import { routes } from '@camwatch/contract/routes';
import { callApi } from '../../../lib/api-client.ts';

export async function deleteSubscription(endpoint: string): Promise<void> {
  await callApi<typeof pushUnsubscribeCall>(routes.pushUnsubscribe, { body: { endpoint } });
}
