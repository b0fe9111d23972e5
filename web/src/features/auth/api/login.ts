// POST api/auth/login (core.md §4, §7, §8).
import type { loginCall, LoginFailureReason, UserInfo } from '@camwatch/contract/auth';
import { routes } from '@camwatch/contract/routes';
import { ApiError, callApi } from '../../../lib/api-client.ts';

export type LoginResult =
  { ok: true; user: UserInfo } | { ok: false; reason: LoginFailureReason | 'rate_limited' | 'error' };

export async function login(email: string, password: string, appKey: string | null): Promise<LoginResult> {
  try {
    const answer = await callApi<typeof loginCall>(routes.login, {
      body: { email, password, appKey },
      unauthorizedIsAnswer: true,
    });
    return { ok: true, user: answer.data };
  } catch (error) {
    if (error instanceof ApiError) {
      const reason = (error.body as { data?: { reason?: LoginFailureReason } } | null)?.data?.reason;
      if (reason) return { ok: false, reason };
      if (error.status === 429) return { ok: false, reason: 'rate_limited' };
    }
    return { ok: false, reason: 'error' };
  }
}
