// Kysely table types; they mirror migrations/ and change only with a new migration. The row types live by domain
// in schema/; this file joins them into the Database interface and re-exports those the modules import.
import type { Insertable, Selectable, Updateable } from 'kysely';
import type {
  AppKeysTable,
  CustomersTable,
  IpAllowRulesTable,
  PasswordResetTokensTable,
  SessionsTable,
  UnknownLoginFailuresTable,
  UsersTable,
} from './schema/accounts.ts';
import type {
  CamerasTable,
  CameraStatusChangesTable,
  CameraStorageTable,
  CameraTagsTable,
  DeviceTokensTable,
  LocationsTable,
  TagsTable,
} from './schema/cameras.ts';
import type {
  ClipsTable,
  DownloadsTable,
  HeatmapDownloadCamerasTable,
  HeatmapDownloadsTable,
  ThumbnailsTable,
} from './schema/media.ts';
import type {
  AnalysisJobsTable,
  AnalysisResultsTable,
  ClipTracksTable,
  EnterAlertAreaLinksTable,
  HeatmapClipCellsTable,
  HeatmapHoursTable,
  OperationAnalysisSettingsTable,
  PeopleCounterSettingsTable,
  PeopleIdentitiesTable,
  PeopleIdentityTracksTable,
  PeoplePassesTable,
  PersonTrackingSettingsTable,
} from './schema/analytics.ts';
import type {
  EntryNotificationCooldownsTable,
  MailOutboxTable,
  MotionNotificationSettingsTable,
  NotificationReadsTable,
  NotificationsTable,
  PushSubscriptionsTable,
} from './schema/notifications.ts';
import type {
  WeatherAreasTable,
  WeatherReportAreasTable,
  WeatherReportsTable,
  WeatherWarningsTable,
} from './schema/weather.ts';
import type {
  AuditEventsTable,
  ClientErrorsTable,
  FeedbackTable,
  JobsTable,
  ReleasesTable,
  SettingsTable,
} from './schema/system.ts';
import type { ShareLinksTable } from './schema/share-links.ts';
import type { CameraEventsTable, EventReviewMarksTable, EventReviewsTable } from './schema/events.ts';

export type { LockState, UsersTable } from './schema/accounts.ts';
export type { CamerasTable, LocationsTable } from './schema/cameras.ts';
export type { EntryAlertSpan, MotionFrame, MotionSpan } from './schema/media.ts';
export type { NotificationsTable } from './schema/notifications.ts';
export type { WeatherWarningsTable } from './schema/weather.ts';

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
  camera_storage: CameraStorageTable;
  jobs: JobsTable;
  weather_areas: WeatherAreasTable;
  weather_reports: WeatherReportsTable;
  weather_report_areas: WeatherReportAreasTable;
  weather_warnings: WeatherWarningsTable;
  downloads: DownloadsTable;
  heatmap_downloads: HeatmapDownloadsTable;
  heatmap_download_cameras: HeatmapDownloadCamerasTable;
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
  heatmap_clip_cells: HeatmapClipCellsTable;
  heatmap_hours: HeatmapHoursTable;
  analysis_jobs: AnalysisJobsTable;
  analysis_results: AnalysisResultsTable;
  person_tracking_settings: PersonTrackingSettingsTable;
  camera_events: CameraEventsTable;
  event_review_marks: EventReviewMarksTable;
  event_reviews: EventReviewsTable;
  share_links: ShareLinksTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type NewCamera = Insertable<CamerasTable>;
