// POST api/auth/logout.
import { logoutCall } from '@camwatch/contract/auth';
import { callApi } from '../../../lib/api-client.ts';

export async function logout(): Promise<void> {
  await callApi(logoutCall, { unauthorizedIsAnswer: true });
}
