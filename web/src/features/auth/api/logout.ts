// POST api/auth/logout.
import type { logoutCall } from '@camwatch/contract/auth';
import { routes } from '@camwatch/contract/routes';
import { callApi } from '../../../lib/api-client.ts';

export async function logout(): Promise<void> {
  await callApi<typeof logoutCall>(routes.logout, { unauthorizedIsAnswer: true });
}
