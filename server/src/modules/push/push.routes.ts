// HTTP for web push: GET api/notifications/vapid, POST and DELETE api/notifications/subscription.
import { pushSubscribeCall, pushUnsubscribeCall, vapidKeyCall } from '@camwatch/contract/notifications';
import { serve, type ServeContext } from '../../http/serve.ts';
import type { PushLanguage } from './push-messages.ts';
import type { PushService } from './push.service.ts';

/** The app sends its chosen language as Accept-Language (core.md §7); pushes are written in it. */
const languageOfHeader = (header: string | undefined): PushLanguage =>
  header?.trim().toLowerCase().startsWith('en') ? 'en' : 'ja';

export function registerPushRoutes(ctx: ServeContext, push: PushService): void {
  serve(ctx, vapidKeyCall, async () => ({ data: { publicKey: push.vapidPublicKey } }));
  serve(ctx, pushSubscribeCall, async ({ auth, body, raw }) => {
    const saved = await push.subscribe(auth, body, languageOfHeader(raw.headers['accept-language']));
    return { data: { endpoint: saved.endpoint } };
  });
  serve(ctx, pushUnsubscribeCall, async ({ auth, body }) => ({
    data: await push.unsubscribe(auth, body.endpoint),
  }));
}
