// The audit log's kinds of event and its limits (issue 16 "Audit log"), apart from the zod schemas in audit.ts so
// the browser offers the same kinds in its filter without loading zod. Pure.

/** What can be recorded, grouped as the settings screen's filter shows them. */
export const AUDIT_KIND_GROUPS = {
  sign_in: [
    'login_succeeded',
    'login_failed',
    'logout',
    'password_changed',
    'password_reset',
    'appkey_registered',
    'appkey_revoked',
    'devauth_changed',
  ],
  viewing: ['live_viewed', 'archive_viewed', 'camera_controlled'],
  exports: [
    'download_requested',
    'download_fetched',
    'csv_exported',
    'share_link_created',
    'share_link_revoked',
    'share_link_viewed',
  ],
  settings: [
    'camera_setting_changed',
    'motion_notification_changed',
    'tag_created',
    'tag_renamed',
    'tag_deleted',
    'tags_assigned',
  ],
  users: [
    'user_created',
    'child_user_changed',
    'child_appkeys_cleared',
    'user_rights_changed',
    'user_locked',
    'user_unlocked',
    'ip_allow_added',
    'ip_allow_removed',
  ],
} as const;

export type AuditKindGroup = keyof typeof AUDIT_KIND_GROUPS;
export type AuditKind = (typeof AUDIT_KIND_GROUPS)[AuditKindGroup][number];

export const AUDIT_KINDS: readonly AuditKind[] = Object.values(AUDIT_KIND_GROUPS).flat();

/** Events a page of the audit log screen shows (the spec's page limit). */
export const AUDIT_PAGE_SIZE = 50;

/** How long events are kept when AUDIT_RETENTION_DAYS is not set. */
export const AUDIT_RETENTION_DAYS_DEFAULT = 365;

/** A UTC offset as the CSV writes its times in, e.g. `+09:00`. */
export const UTC_OFFSET_PATTERN = /^[+-](?:0\d|1[0-4]):[0-5]\d$/;
