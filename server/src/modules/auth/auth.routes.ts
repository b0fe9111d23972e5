// HTTP for sign-in, sessions, user info, app keys and password change.
import {
  appKeyCreateCall,
  appKeyDeleteCall,
  appKeyListCall,
  checkLoginCall,
  deviceAuthSetCall,
  loginCall,
  logoutCall,
  meCall,
  passwordUpdateCall,
} from '@camwatch/contract/auth';
import type { Config } from '../../config.ts';
import { serve, type ServeContext } from '../../http/serve.ts';
import { clearSessionCookie, sessionTokenOf, setSessionCookie } from '../../http/session-cookie.ts';
import { clientOf } from '../../http/audit-actor.ts';
import type { AppKeyService } from './app-key.service.ts';
import type { AuthService } from './auth.service.ts';

export interface AuthRoutesDeps {
  auth: AuthService;
  appKeys: AppKeyService;
  config: Pick<Config, 'login'>;
}

export function registerAuthRoutes(ctx: ServeContext, { auth, appKeys, config }: AuthRoutesDeps): void {
  serve(
    ctx,
    loginCall,
    async ({ body, raw }, reply) => {
      const outcome = await auth.login(body.email, body.password, {
        ip: raw.ip,
        userAgent: raw.headers['user-agent'] ?? null,
        appKey: body.appKey,
      });
      await ctx.audit.recordSignIn(body.email, clientOf(raw), outcome);
      if (!outcome.ok) {
        raw.log.info({ reason: outcome.reason }, 'login refused');
        return reply.code(401).send({ result: 'failed' as const, data: { reason: outcome.reason } });
      }
      setSessionCookie(raw, reply, outcome.token, outcome.expiresAt);
      return { result: 'success' as const, data: outcome.user };
    },
    { config: { rateLimit: { max: config.login.rateLimitPerMinute, timeWindow: 60_000 } } },
  );

  serve(ctx, logoutCall, async ({ raw, record }, reply) => {
    await record({ kind: 'logout' });
    await auth.logout(sessionTokenOf(raw));
    clearSessionCookie(raw, reply);
    return { data: { loggedOut: true as const } };
  });

  serve(ctx, checkLoginCall, async ({ auth: caller, body, raw, record }, reply) => {
    const outcome = await auth.checkLogin(caller, {
      ip: raw.ip,
      userAgent: raw.headers['user-agent'] ?? null,
      appKey: body.appKey,
    });
    if (!outcome.ok) {
      // The session was ended by the check (lock, IP allow-list, device authentication).
      await record({ kind: 'logout', detail: { reason: outcome.reason } });
      clearSessionCookie(raw, reply);
      return { result: 'failed' as const, data: { reason: outcome.reason } };
    }
    return { result: 'success' as const, data: outcome.user };
  });

  serve(ctx, meCall, async ({ auth: caller }) => ({ data: caller.info }));

  serve(ctx, appKeyListCall, async ({ auth: caller }) => ({ data: await appKeys.list(caller) }));

  serve(ctx, appKeyCreateCall, async ({ auth: caller, body, record }) => {
    const key = await appKeys.register(caller, body.name);
    await record({ kind: 'appkey_registered', target: body.name });
    return { data: key };
  });

  serve(ctx, appKeyDeleteCall, async ({ auth: caller, body, record }) => {
    await appKeys.revoke(caller, body.id);
    await record({ kind: 'appkey_revoked', target: String(body.id) });
    return { data: { id: body.id } };
  });

  serve(ctx, deviceAuthSetCall, async ({ auth: caller, body, record }) => {
    const enabled = await appKeys.setEnabled(caller, body.enabled, body.appKey);
    await record({ kind: 'devauth_changed', detail: { enabled } });
    return { data: { enabled } };
  });

  serve(
    ctx,
    passwordUpdateCall,
    async ({ auth: caller, body, record }) => {
      await auth.changePassword(caller, body.currentPassword, body.password);
      await record({ kind: 'password_changed' });
      return { data: { updated: true as const } };
    },
    // Per address, like login: each try costs a password hash.
    { config: { rateLimit: { max: config.login.rateLimitPerMinute, timeWindow: 60_000 } } },
  );
}
