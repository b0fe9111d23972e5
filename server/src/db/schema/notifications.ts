// Table types of what reaches users: notifications, push subscriptions, per-camera notification state, mail.
import type { ColumnType, Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from './column-types.ts';

export interface NotificationsTable {
  id: Generated<number>;
  customer_id: number;
  user_id: number;
  event: 'motion' | 'entry' | 'down' | 'download' | 'person_tracking' | 'operation_analysis' | 'announcement';
  kind: 'archive' | 'heatmap' | 'completed' | 'failed' | 'down' | 'up' | null;
  message: string;
  camera_id: number | null;
  url: string | null;
  created_at: Timestamp;
}

export interface NotificationReadsTable {
  user_id: number;
  event: string;
  last_read_at: Timestamp;
}

export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  endpoint: string;
  public_key: string;
  auth_secret: string;
  content_encoding: Generated<string>;
  /** When the subscription stops being pushed to: renewed by the browser (core.md §9). */
  expires_at: ColumnType<Date, Date | string, Date | string>;
  created_at: Timestamp;
  customer_id: number;
  /** The reader's language when the browser last renewed the subscription (push texts use it). */
  language: Generated<string>;
  updated_at: Timestamp;
}

export interface MotionNotificationSettingsTable {
  user_id: number;
  camera_id: number;
  customer_id: number;
  enabled: boolean;
  last_notified_at: NullableTimestamp;
  updated_at: Timestamp;
}

/** When a user was last notified of an entry at a camera (the entry notification cooldown). */
export interface EntryNotificationCooldownsTable {
  user_id: number;
  camera_id: number;
  customer_id: number;
  last_notified_at: NullableTimestamp;
}

export interface MailOutboxTable {
  id: Generated<number>;
  recipient: string;
  subject: string;
  body: string;
  status: Generated<'kept' | 'sent' | 'failed'>;
  error: string | null;
  created_at: Timestamp;
  sent_at: NullableTimestamp;
  /** The customer the mail concerns (0007); null for mail of no customer. */
  customer_id: ColumnType<number | null, number | null | undefined, number | null>;
}
