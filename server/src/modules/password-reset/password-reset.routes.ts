// HTTP for password reissue by mail.
import { passwordResetCall, passwordResetRequestCall } from '@camwatch/contract/password-reset';
import { clientOf } from '../../http/audit-actor.ts';
import { serve, type ServeContext } from '../../http/serve.ts';
import type { PasswordResetService } from './password-reset.service.ts';

/** `perMinute` per client address: enough for a person who mistyped, too few to mail-bomb someone. */
export function registerPasswordResetRoutes(
  ctx: ServeContext,
  resets: PasswordResetService,
  options: { linkOrigins: ReadonlySet<string>; perMinute: number },
): void {
  serve(
    ctx,
    passwordResetRequestCall,
    async ({ body, raw }) => {
      const { mailing } = await resets.request(body.email, body.return_url, options.linkOrigins);
      // Mailed after the answer, but in flight: shutdown (and a test) can wait until it is handed over.
      ctx.inFlight.run(() => mailing).catch((err: unknown) => raw.log.error({ err }, 'reset mail failed'));
      return { data: { sent: true as const } };
    },
    { config: { rateLimit: { max: options.perMinute, timeWindow: 60_000 } } },
  );

  serve(
    ctx,
    passwordResetCall,
    async ({ body, raw }) => {
      const { userId } = await resets.reset(body.token, body.password);
      await ctx.audit.recordForUser(userId, clientOf(raw), { kind: 'password_reset' });
      return { data: { reset: true as const } };
    },
    { config: { rateLimit: { max: options.perMinute * 2, timeWindow: 60_000 } } },
  );
}
