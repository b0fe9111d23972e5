// Table types of customers, users and how they sign in: sessions, app keys, IP allow rules, password resets.
import type { Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from './column-types.ts';

export interface CustomersTable {
  id: Generated<number>;
  code: string;
  name: string;
  created_at: Timestamp;
  /** Goes up whenever what the customer's camera list shows changes (migration 0010, kept by triggers). */
  browse_version: Generated<number>;
  /** Goes up whenever one of the customer's IP allow-list rules changes (migration 0016, a trigger). */
  ip_allow_version: Generated<number>;
  /** How many cameras the customer has (migration 0025, kept by triggers): the camera list's unfiltered total. */
  camera_count: Generated<number>;
}

export type LockState = 'none' | 'parent' | 'admin';

export interface UsersTable {
  id: Generated<number>;
  customer_id: number;
  parent_user_id: number | null;
  email: string;
  name: string;
  password_hash: string;
  is_admin: Generated<boolean>;
  is_partner: Generated<boolean>;
  perm_live: Generated<boolean>;
  perm_archive: Generated<boolean>;
  perm_ptz: Generated<boolean>;
  perm_mod_password: Generated<boolean>;
  perm_mod_devauth: Generated<boolean>;
  perm_heatmap: Generated<boolean>;
  perm_analytics: Generated<boolean>;
  perm_config_motion: Generated<boolean>;
  perm_config_enter_alert: Generated<boolean>;
  perm_config_person_tracking: Generated<boolean>;
  perm_config_operation_analysis: Generated<boolean>;
  perm_batch_download: Generated<boolean>;
  perm_lighting: Generated<boolean>;
  perm_debug: Generated<boolean>;
  lock_state: Generated<LockState>;
  failed_login_count: Generated<number>;
  system_locked_until: NullableTimestamp;
  devauth_enabled: Generated<boolean>;
  password_changed_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Failed logins of addresses that have no account (0015), counted like users.failed_login_count. */
export interface UnknownLoginFailuresTable {
  email: string;
  failed_count: Generated<number>;
  locked_until: NullableTimestamp;
  updated_at: Generated<Date>;
}

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  ip: string | null;
  user_agent: string | null;
}

export interface AppKeysTable {
  id: Generated<number>;
  user_id: number;
  key_hash: string;
  name: string;
  created_at: Timestamp;
  last_used_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
}

export interface IpAllowRulesTable {
  id: Generated<number>;
  customer_id: number;
  user_id: number | null;
  cidr: string;
  note: Generated<string>;
  created_at: Timestamp;
}

export interface PasswordResetTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}
