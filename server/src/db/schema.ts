// Kysely table types; they mirror migrations/ and change only with a new migration.
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { DetectionSetting, OperationArea } from '@camwatch/contract/operation-analysis';
import type { AnalysisPeriods } from '@camwatch/contract/people-counter-rules';
import type { Point } from '@camwatch/contract/polygon-rules';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string | undefined, string>;
/** A column PostgreSQL computes (GENERATED ALWAYS … STORED): readable, never written. */
type Computed<T> = ColumnType<T, never, never>;

export interface CustomersTable {
  id: Generated<number>;
  code: string;
  name: string;
  created_at: Timestamp;
  /** Goes up whenever what the customer's camera list shows changes (migration 0010, kept by triggers). */
  browse_version: Generated<number>;
  /** Goes up whenever one of the customer's IP allow-list rules changes (migration 0016, a trigger). */
  ip_allow_version: Generated<number>;
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

export interface LocationsTable {
  id: Generated<number>;
  customer_id: number;
  code: string;
  name: string;
  address: Generated<string>;
  latitude: number | null;
  longitude: number | null;
  area_jp: Generated<string>;
  city_jp: Generated<string>;
  /** lower(name) and lower(address), for keyword search. */
  name_lower: Computed<string>;
  address_lower: Computed<string>;
  created_at: Timestamp;
}

export interface CamerasTable {
  id: Generated<number>;
  customer_id: number;
  location_id: number | null;
  code: string;
  name: string;
  model_code: Generated<string>;
  product_name: Generated<string>;
  watch_status: Generated<'normal' | 'down'>;
  watch_status_changed_at: Timestamp;
  image_fps: Generated<number>;
  image_fps_default: number | null;
  image_rs_width: Generated<number>;
  image_rs_height: Generated<number>;
  image_type: Generated<'normal' | 'fisheye' | 'undefined' | 'unknown'>;
  archive_force_raw: Generated<boolean>;
  upload_mode: Generated<'all' | 'motion'>;
  use_motion: Generated<boolean>;
  use_camera_motion: Generated<boolean>;
  use_heatmap: Generated<boolean>;
  use_nolive: Generated<boolean>;
  use_audio: Generated<boolean>;
  use_people_counter: Generated<boolean>;
  use_ptz: Generated<boolean>;
  use_time_lapse: Generated<boolean>;
  use_parking_detect: Generated<boolean>;
  use_streaming: Generated<boolean>;
  use_enter_alert: Generated<boolean>;
  use_person_tracking: Generated<boolean>;
  use_operation_analysis: Generated<boolean>;
  use_dewarp: Generated<boolean>;
  archive_hide: ColumnType<string[], string[] | undefined, string[]>;
  archive_storing_days: Generated<number>;
  can_pan: Generated<boolean>;
  can_tilt: Generated<boolean>;
  can_zoom: Generated<boolean>;
  time_week_from: number | null;
  time_week_to: number | null;
  time_sat_from: number | null;
  time_sat_to: number | null;
  time_holi_from: number | null;
  time_holi_to: number | null;
  note: Generated<string>;
  motion_detect_objects: Json<{ class: 'person' | 'car'; threshold: number }[]>;
  image_mask_objects: Json<unknown[]>;
  motion_area: ColumnType<unknown, string | null | undefined, string | null>;
  live_interval: Generated<number>;
  /** When the agent was last heard (heartbeat, upload or control channel). */
  last_seen_at: NullableTimestamp;
  /** Start of the newest thumbnail's minute, for thumb_url. */
  latest_thumb_at: NullableTimestamp;
  /** lower(name), for keyword search. */
  name_lower: Computed<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TagsTable {
  id: Generated<number>;
  customer_id: number;
  code: string;
  name: string;
  /** lower(name), for keyword search. */
  name_lower: Computed<string>;
  created_at: Timestamp;
}

export interface CameraTagsTable {
  camera_id: number;
  tag_id: number;
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

export interface FeedbackTable {
  id: Generated<number>;
  customer_id: number;
  user_id: number | null;
  message: string;
  page: Generated<string>;
  created_at: Timestamp;
}

export interface ReleasesTable {
  id: Generated<number>;
  version: string;
  released_on: ColumnType<Date, string, string>;
  message: string;
  created_at: Timestamp;
}

export interface SettingsTable {
  key: string;
  value: Json<unknown>;
  updated_at: Timestamp;
}

export interface PasswordResetTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
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

export interface MotionNotificationSettingsTable {
  user_id: number;
  camera_id: number;
  customer_id: number;
  enabled: boolean;
  last_notified_at: NullableTimestamp;
  updated_at: Timestamp;
}

export interface OperationAnalysisSettingsTable {
  camera_id: number;
  operation_areas: Json<OperationArea[]>;
  /** Null until the detection setting is first saved: the defaults apply. */
  detection_setting: ColumnType<DetectionSetting | null, string | null | undefined, string | null>;
  updated_at: Timestamp;
}

/** A camera's people counter setting (migration 0018); a camera without a row is not counted. */
export interface PeopleCounterSettingsTable {
  camera_id: number;
  /** Null: changes are analysed over the whole picture. */
  difference_area: ColumnType<Point[] | null, string | null, string | null>;
  entrance_start_area: Json<Point[]>;
  entrance_end_area: Json<Point[]>;
  analysis_periods: Json<AnalysisPeriods>;
  staff_judgment_days: number;
  staff_admission_threshold: number;
  updated_at: Timestamp;
}

export interface ClientErrorsTable {
  id: Generated<number>;
  customer_id: number;
  user_id: number | null;
  message: string;
  stack: Generated<string>;
  page: Generated<string>;
  user_agent: Generated<string>;
  created_at: Timestamp;
}

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

export interface DeviceTokensTable {
  id: Generated<number>;
  camera_id: number;
  token_hash: string;
  label: Generated<string>;
  created_at: Timestamp;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

export interface MotionSpan {
  startSec: number;
  endSec: number;
}

/** The changed regions of one moving frame: seconds of the minute, boxes in 0..1 picture coordinates. */
export interface MotionFrame {
  sec: number;
  boxes: { x: number; y: number; w: number; h: number }[];
}

/** An entry detection area link of a camera (the contract's AreaLinkInput, checked when read). */
export interface EnterAlertAreaLinksTable {
  id: Generated<number>;
  camera_id: number;
  setting: ColumnType<unknown, string, string>;
  updated_by: number | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** An entry alert in seconds of its minute, with the name of the area link that raised it. */
export interface EntryAlertSpan extends MotionSpan {
  areaName: string;
  /** It continues the previous minute's alert of its area (one alert over the minute's end); absent: false. */
  continued?: boolean;
}

/** When a user was last notified of an entry at a camera (the entry notification cooldown). */
export interface EntryNotificationCooldownsTable {
  user_id: number;
  camera_id: number;
  customer_id: number;
  last_notified_at: NullableTimestamp;
}

export interface ClipsTable {
  id: Generated<number>;
  camera_id: number;
  start_time: Date;
  duration_ms: number;
  /** Recording began this many ms after the minute's start (only the first minute after an agent starts). */
  offset_ms: Generated<number>;
  bytes: ColumnType<number, number, number>;
  sha256: string;
  blob_key: string;
  width: number | null;
  height: number | null;
  motion_state: boolean | null;
  motion_events: Json<MotionSpan[]>;
  motion_boxes: Json<MotionFrame[]>;
  /** Entry alerts in seconds of the minute; null until the entry job has looked at the clip. */
  enter_alert_events: ColumnType<EntryAlertSpan[] | null, string | null | undefined, string | null>;
  /** What entry detection hands the next clip, by area link id (video/entry-detection.ts EntryCarry); null until it ran. */
  enter_alert_state: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  created_at: Timestamp;
}

/** The vision engine's tracks of one clip (migration 0017; shapes in vision/types.ts, stored by vision/track-codec.ts). */
export interface ClipTracksTable {
  clip_id: number;
  camera_id: number;
  start_time: Date;
  tracks: ColumnType<unknown, string, string>;
  end_state: ColumnType<unknown, string, string>;
  frames: number;
  detected_frames: number;
  cpu_ms: number;
  /** By analytic name, what it hands on to the camera's next clip. */
  analytic_state: ColumnType<unknown, string | undefined, string>;
  analyzed_at: Generated<Date>;
}

export interface ThumbnailsTable {
  camera_id: number;
  start_time: Date;
  blob_key: string;
  bytes: number;
  created_at: Timestamp;
}

export interface CameraStatusChangesTable {
  id: Generated<number>;
  camera_id: number;
  status: 'down' | 'normal';
  at: Timestamp;
}

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

export interface JobsTable {
  id: Generated<number>;
  kind: string;
  payload: Json<Record<string, unknown>>;
  dedupe_key: string | null;
  status: Generated<JobStatus>;
  run_at: Timestamp;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  locked_until: Date | null;
  last_error: string | null;
  created_at: Timestamp;
  finished_at: Date | null;
}

export interface DownloadsTable {
  id: Generated<number>;
  customer_id: number;
  user_id: number;
  camera_id: number;
  start_time: Date;
  end_time: Date;
  status: Generated<'queued' | 'running' | 'ready' | 'failed' | 'expired'>;
  progress: Generated<number>;
  bytes: ColumnType<number, number | undefined, number>;
  blob_key: string | null;
  error: string | null;
  created_at: Timestamp;
  finished_at: Date | null;
  /** IANA zone the file is named in; null: UTC. */
  time_zone: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface WeatherAreasTable {
  code: string;
  name: string;
  /** GeoJSON Polygon or MultiPolygon, positions [lng, lat]. */
  geometry: Json<unknown>;
  updated_at: Timestamp;
}

export interface WeatherReportsTable {
  id: Generated<number>;
  publishing_office: string;
  reported_at: Timestamp;
  /** The report's date in Japan time, YYYY-MM-DD. */
  report_date: ColumnType<string, string, string>;
  headline: Generated<string>;
  imported_at: Timestamp;
}

export interface WeatherReportAreasTable {
  report_id: number;
  area_code: string;
}

export interface WeatherWarningsTable {
  report_id: number;
  area_code: string;
  kind_code: string;
  category: 'special_warning' | 'warning' | 'advisory';
  status: string;
  in_force: boolean;
}

/** One recorded event of the audit log (migration 0014); never updated. */
export interface AuditEventsTable {
  id: Generated<number>;
  customer_id: number | null;
  occurred_at: Timestamp;
  kind: string;
  via: Generated<'api' | 'cli'>;
  user_id: number | null;
  user_email: string | null;
  ip: string | null;
  user_agent: string | null;
  camera_code: string | null;
  camera_name: string | null;
  target: string | null;
  detail: Json<Record<string, unknown>>;
}

/** One person in a camera's staff-exclusion gallery (migration 0020, vision/staff.ts). */
export interface PeopleIdentitiesTable {
  id: Generated<number>;
  customer_id: number;
  camera_id: number;
  descriptor: number[];
  /** Distinct local dates seen; read as text (`days_seen::text[]`), YYYY-MM-DD. */
  days_seen: ColumnType<string[], string[] | undefined, string[]>;
  first_seen: Timestamp;
  last_seen: Timestamp;
  pass_count: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The identity a track of one clip was given (migration 0020), so a re-run of the clip changes nothing. */
export interface PeopleIdentityTracksTable {
  camera_id: number;
  track_id: string;
  clip_time: Date;
  identity_id: number;
}

/** One person through a camera's entrance (migration 0019): 'I' in, 'O' out, in the minute it completed. */
export interface PeoplePassesTable {
  id: Generated<number>;
  customer_id: number;
  camera_id: number;
  /** Null once retention removed the clip; the pass stays counted. */
  clip_id: number | null;
  clip_minute: Timestamp;
  at: Timestamp;
  in_out: 'I' | 'O';
  /** Seconds of the minute; start_sec below 0: the pass began in the minute before. */
  start_sec: number;
  end_sec: number;
  track_id: string;
  is_staff: Generated<boolean>;
  descriptor: number[] | null;
  created_at: Generated<Date>;
}

export interface Database {
  customers: CustomersTable;
  users: UsersTable;
  sessions: SessionsTable;
  unknown_login_failures: UnknownLoginFailuresTable;
  app_keys: AppKeysTable;
  ip_allow_rules: IpAllowRulesTable;
  locations: LocationsTable;
  cameras: CamerasTable;
  tags: TagsTable;
  camera_tags: CameraTagsTable;
  notification_reads: NotificationReadsTable;
  push_subscriptions: PushSubscriptionsTable;
  feedback: FeedbackTable;
  releases: ReleasesTable;
  settings: SettingsTable;
  password_reset_tokens: PasswordResetTokensTable;
  mail_outbox: MailOutboxTable;
  notifications: NotificationsTable;
  device_tokens: DeviceTokensTable;
  clips: ClipsTable;
  clip_tracks: ClipTracksTable;
  thumbnails: ThumbnailsTable;
  camera_status_changes: CameraStatusChangesTable;
  jobs: JobsTable;
  weather_areas: WeatherAreasTable;
  weather_reports: WeatherReportsTable;
  weather_report_areas: WeatherReportAreasTable;
  weather_warnings: WeatherWarningsTable;
  downloads: DownloadsTable;
  motion_notification_settings: MotionNotificationSettingsTable;
  client_errors: ClientErrorsTable;
  operation_analysis_settings: OperationAnalysisSettingsTable;
  people_counter_settings: PeopleCounterSettingsTable;
  enter_alert_area_links: EnterAlertAreaLinksTable;
  entry_notification_cooldowns: EntryNotificationCooldownsTable;
  audit_events: AuditEventsTable;
  people_passes: PeoplePassesTable;
  people_identities: PeopleIdentitiesTable;
  people_identity_tracks: PeopleIdentityTracksTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type NewCamera = Insertable<CamerasTable>;
