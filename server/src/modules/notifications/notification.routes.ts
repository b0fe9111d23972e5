// HTTP for notifications and their read state.
import {
  notificationListCall,
  notificationMarkReadCall,
  notificationReadListCall,
} from '@camwatch/contract/notifications';
import { serve, type ServeContext } from '../../http/serve.ts';
import type { NotificationService } from './notification.service.ts';

export function registerNotificationRoutes(ctx: ServeContext, notifications: NotificationService): void {
  serve(ctx, notificationListCall, async ({ auth, query }) => ({
    data: await notifications.list(auth, query),
  }));
  serve(ctx, notificationReadListCall, async ({ auth }) => ({
    data: { reads: await notifications.readStates(auth) },
  }));
  serve(ctx, notificationMarkReadCall, async ({ auth, params }) => ({
    data: await notifications.markRead(auth, params.event),
  }));
}
