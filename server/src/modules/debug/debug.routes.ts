// HTTP for the debug screen and the web app's client error reports.
import {
  clientErrorReportCall,
  debugClientErrorsCall,
  debugEnvironmentCall,
  debugMailOutboxCall,
} from '@camwatch/contract/debug';
import { serve, type ServeContext } from '../../http/serve.ts';
import type { DebugService } from './debug.service.ts';

/** A browser stuck in an error loop reports a few, not thousands (the web app also holds back repeats). */
const CLIENT_ERRORS_PER_MINUTE = 30;
/** The largest report: the field limits with room for JSON escaping. */
const CLIENT_ERROR_BODY_LIMIT = 32 * 1024;

export function registerDebugRoutes(ctx: ServeContext, debug: DebugService): void {
  serve(
    ctx,
    clientErrorReportCall,
    async ({ auth, body }) => {
      await debug.report(auth, body);
      return { data: { kept: true as const } };
    },
    {
      bodyLimit: CLIENT_ERROR_BODY_LIMIT,
      config: { rateLimit: { max: CLIENT_ERRORS_PER_MINUTE, timeWindow: 60_000 } },
    },
  );
  serve(ctx, debugEnvironmentCall, async ({ auth }) => ({ data: await debug.environment(auth) }));
  serve(ctx, debugMailOutboxCall, async ({ auth }) => ({ data: { mails: await debug.mailOutbox(auth) } }));
  serve(ctx, debugClientErrorsCall, async ({ auth }) => ({
    data: { errors: await debug.clientErrors(auth) },
  }));
}
