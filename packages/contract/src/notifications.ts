// Notifications, their read state per event type, and web push subscriptions (core.md §3, §4, §7; advanced.md §3).
import { z } from 'zod';
import { defineCall } from './call.ts';
import { NOTIFICATIONS_LIMIT } from './constants.ts';
import { dataEnvelope, errorBody, validationErrorBody } from './envelope.ts';
import { queryCount, queryPage } from './query.ts';
import { notificationEvents, type NotificationEvent } from './notification-tabs.ts';

export type { NotificationEvent };

export const notificationEventSchema = z.enum(notificationEvents);

/** Sub-kind of an event: which download, how an analysis ended, or whether a camera went down or came back. */
export const notificationKinds = ['archive', 'heatmap', 'completed', 'failed', 'down', 'up'] as const;

export const notificationSchema = z
  .object({
    id: z.number().int(),
    event: notificationEventSchema,
    kind: z.enum(notificationKinds).nullable(),
    message: z.string(),
    dateTime: z.iso.datetime({ offset: true }),
    camera_code: z.string().nullable(),
    camera_name: z.string().nullable(),
    /** Where the notification leads, e.g. a ready download or an analysis result. */
    url: z.string().nullable(),
    read: z.boolean(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuery = z.object({
  event: notificationEventSchema.optional(),
  page: queryPage,
  limit: queryCount(NOTIFICATIONS_LIMIT),
});
export type NotificationListQuery = z.infer<typeof notificationListQuery>;

export const notificationListCall = defineCall({
  method: 'GET',
  path: '/api/notifications',
  summary: 'The user’s notifications, newest first, optionally of one event type',
  source: 'core.md §2, §3 (path from the issue)',
  tags: ['notifications'],
  access: 'session',
  query: notificationListQuery,
  responses: {
    200: dataEnvelope(
      z.object({ notifications: z.array(notificationSchema), total: z.number().int().nonnegative() }),
    ),
    400: validationErrorBody,
    401: errorBody,
  },
});

export const notificationReadStateSchema = z
  .object({
    event: notificationEventSchema,
    /** Notifications of this type newer than the last time the user read the tab. */
    unread: z.number().int().nonnegative(),
    latest: notificationSchema.nullable(),
  })
  .meta({ id: 'NotificationReadState' });
export type NotificationReadState = z.infer<typeof notificationReadStateSchema>;

export const notificationReadListCall = defineCall({
  method: 'GET',
  path: '/api/notifications/read',
  summary: 'Read state of every event type; polled every 60 s when push is not subscribed',
  source: 'core.md §7',
  tags: ['notifications'],
  access: 'session',
  responses: {
    200: dataEnvelope(z.object({ reads: z.array(notificationReadStateSchema) })),
    401: errorBody,
  },
});

export const notificationMarkReadCall = defineCall({
  method: 'PUT',
  path: '/api/notifications/read/:event',
  summary: 'Mark every notification of an event type as read',
  source: 'core.md §7',
  tags: ['notifications'],
  access: 'session',
  params: z.object({ event: notificationEventSchema }),
  responses: { 200: dataEnvelope(notificationReadStateSchema), 400: validationErrorBody, 401: errorBody },
});

export const vapidKeyCall = defineCall({
  method: 'GET',
  path: '/api/notifications/vapid',
  summary: 'The VAPID public key the browser subscribes to web push with',
  source: 'core.md §7',
  tags: ['notifications'],
  access: 'session',
  responses: { 200: dataEnvelope(z.object({ publicKey: z.string() })), 401: errorBody },
});

const endpointSchema = z.url({ protocol: /^https?$/ }).max(2000);

export const pushSubscriptionBody = z
  .object({
    endpoint: endpointSchema,
    publicKey: z.string().min(1).max(200),
    authSecret: z.string().min(1).max(200),
    contentEncoding: z.string().min(1).max(50).default('aes128gcm'),
    /** The subscription's expiry as epoch milliseconds, or null when it does not expire. */
    expires: z.number().int().nonnegative().nullable().default(null),
  })
  .meta({ id: 'PushSubscription' });
export type PushSubscriptionBody = z.input<typeof pushSubscriptionBody>;

export const pushSubscribeCall = defineCall({
  method: 'POST',
  path: '/api/notifications/subscription',
  summary: 'Save this browser’s web push subscription (renewed every 10 minutes)',
  source: 'core.md §7',
  tags: ['notifications'],
  access: 'session',
  body: pushSubscriptionBody,
  responses: {
    200: dataEnvelope(z.object({ endpoint: z.string() })),
    400: validationErrorBody,
    401: errorBody,
  },
});

export const pushUnsubscribeBody = z.object({ endpoint: endpointSchema });

export const pushUnsubscribeCall = defineCall({
  method: 'DELETE',
  path: '/api/notifications/subscription',
  summary: 'Remove a web push subscription; done before logout',
  source: 'core.md §7',
  tags: ['notifications'],
  access: 'session',
  body: pushUnsubscribeBody,
  responses: {
    200: dataEnvelope(z.object({ endpoint: z.string() })),
    400: validationErrorBody,
    401: errorBody,
    /** The caller has no subscription with that endpoint (another user's answers the same). */
    404: errorBody,
  },
});
