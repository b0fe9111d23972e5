// POST api/auth/checklogin: run after each non-public navigation (core.md §2, §8).
import type { checkLoginCall, LoginFailureReason } from '@camwatch/contract/auth';
import { routes } from '@camwatch/contract/routes';
import { callApi } from '../../../lib/api-client.ts';

export async function checkLogin(
  appKey: string | null,
): Promise<{ ok: true } | { ok: false; reason: LoginFailureReason }> {
  const answer = await callApi<typeof checkLoginCall>(routes.checkLogin, { body: { appKey } });
  return answer.result === 'success' ? { ok: true } : { ok: false, reason: answer.data.reason };
}
