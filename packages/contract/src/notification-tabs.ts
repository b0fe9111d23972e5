// Notification event types and the tabs of the notification screen (core.md §3, §9). Pure: no zod.

/** Event types: `entry` is enter alert, `down` a camera failure, `download` a ready archive or heat map. */
export const notificationEvents = [
  'motion',
  'entry',
  'down',
  'download',
  'person_tracking',
  'operation_analysis',
  'announcement',
] as const;
export type NotificationEvent = (typeof notificationEvents)[number];

/** Tabs of the notification screen in display order, each showing one event type (core.md §9). */
export const notificationTabs = [
  'Announcement',
  'Motion',
  'EnterAlert',
  'PersonTracking',
  'OperationAnalysis',
  'Monitor',
  'Download',
] as const;
export type NotificationTab = (typeof notificationTabs)[number];

export const notificationTabEvent: Readonly<Record<NotificationTab, NotificationEvent>> = {
  Announcement: 'announcement',
  Motion: 'motion',
  EnterAlert: 'entry',
  PersonTracking: 'person_tracking',
  OperationAnalysis: 'operation_analysis',
  Monitor: 'down',
  Download: 'download',
};

const tltTabs: readonly NotificationTab[] = ['EnterAlert', 'PersonTracking', 'OperationAnalysis'];

/**
 * The tabs shown: TLT-only features (enter alert, person tracking, operation analysis) need a TLT mode,
 * and Announcement appears only in some modes, which the spec does not name, so the caller decides.
 */
export const visibleNotificationTabs = (opts: {
  isTlt: boolean;
  showAnnouncement: boolean;
}): NotificationTab[] =>
  notificationTabs.filter(
    (tab) => (tab !== 'Announcement' || opts.showAnnouncement) && (opts.isTlt || !tltTabs.includes(tab)),
  );
