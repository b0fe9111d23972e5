import { describe, expect, it } from 'vitest';
import { notificationTabEvent, notificationTabs, visibleNotificationTabs } from './notification-tabs.ts';
import { notificationListQuery, pushSubscriptionBody } from './notifications.ts';

describe('notifications', () => {
  it('core.md §9: at most 20 per page, 20 by default', () => {
    expect(notificationListQuery.parse({})).toEqual({ page: 1, limit: 20 });
    expect(notificationListQuery.parse({ limit: '5', event: 'down' })).toEqual({
      page: 1,
      limit: 5,
      event: 'down',
    });
    expect(notificationListQuery.safeParse({ limit: '21' }).success).toBe(false);
    expect(notificationListQuery.safeParse({ event: 'weather' }).success).toBe(false);
  });

  it('core.md §9: each tab shows one event type', () => {
    expect(notificationTabEvent.Monitor).toBe('down');
    expect(notificationTabEvent.EnterAlert).toBe('entry');
    expect(new Set(Object.values(notificationTabEvent)).size).toBe(notificationTabs.length);
  });

  it('core.md §9: TLT tabs only in TLT modes; Announcement only where the mode shows it', () => {
    expect(visibleNotificationTabs({ isTlt: false, showAnnouncement: false })).toEqual([
      'Motion',
      'Monitor',
      'Download',
    ]);
    expect(visibleNotificationTabs({ isTlt: true, showAnnouncement: true })).toEqual([...notificationTabs]);
  });

  it('core.md §3: a push subscription has endpoint, publicKey, authSecret, contentEncoding, expires', () => {
    const body = {
      endpoint: 'https://push.example.com/abc',
      publicKey: 'BPk',
      authSecret: 'sec',
      contentEncoding: 'aes128gcm',
      expires: null,
    };
    expect(pushSubscriptionBody.parse(body)).toEqual(body);
    expect(pushSubscriptionBody.safeParse({ ...body, endpoint: 'not a url' }).success).toBe(false);
    expect(pushSubscriptionBody.safeParse({ ...body, authSecret: '' }).success).toBe(false);
  });
});
