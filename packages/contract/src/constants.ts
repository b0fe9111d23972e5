// Business constants and limits of the spec (core.md §9, advanced.md §9), named once for server and web.
// Values the spec leaves open are marked "not shown" and left out rather than guessed.
export { PASSWORD_MIN_LENGTH } from './password.ts';

// ── Product ─────────────────────────────────────────────────────────────────────────────
export const APP_VERSION = '2.78.0';
export const LANGUAGES = ['ja', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'ja';

// ── Paging and lists ────────────────────────────────────────────────────────────────────
/** Cameras per page; also the largest `count` the camera list accepts. */
export const PAGE_LIMIT = 50;
export const NOTIFICATIONS_LIMIT = 20;
/** Page buttons the pager shows at once. */
export const PAGER_BUTTONS = 5;
/** Recent search keywords kept and shown. */
export const RECENT_SEARCH_COUNT = 5;
export const TAG_NAME_MAX_LENGTH = 50;
export const FEEDBACK_MAX_LENGTH = 4000;
export const TILE_GAP_PX = 4;

// ── Camera functions ────────────────────────────────────────────────────────────────────
export const CAMERA_FUNCTIONS = [
  'motion',
  'heatmap',
  'live',
  'audio',
  'people_counter',
  'ptz',
  'time_lapse',
] as const;
/** Functions that exist only for TLT models and TLT environment modes. */
export const TLT_CAMERA_FUNCTIONS = [
  'enter_alert',
  'person_tracking',
  'dewarp',
  'operation_analysis',
] as const;
/** Model with no live-related function (core.md §3). */
export const NO_LIVE_MODEL_CODE = 'L21';
/** Model codes starting with this form the TLT family (core.md §3). */
export const TLT_MODEL_PREFIX = 'TLT';

// ── Live and streaming ──────────────────────────────────────────────────────────────────
export const STREAMING_EXPIRES_ARCHIVE_SEC = 3600;
export const STREAMING_EXPIRES_LIVE_SEC = 43200;
/** An on-demand stream covers one archive minute. */
export const STREAM_ARCHIVE_WINDOW_MIN = 1;
/** Start-live is repeated this often to keep the live session. */
export const LIVE_RENEWAL_INTERVAL_MS = 60000;
/** A live image older than this plus the camera's live_interval counts as an error. */
export const LIVE_IMAGE_MAX_AGE_SEC = 60;
export const LIVE_IMAGE_TIMEOUT_MS = 3000;
export const LIVE_IMAGE_RETRY = { initialMs: 1000, factor: 1.5, maxMs: 60000 } as const;
export const LIVE_UPDATE_BASE_MS = 1000;
/** Live update interval: 1000 ms divided by the number of live cameras (core.md §9). */
export const liveUpdateIntervalMs = (liveCameraCount: number): number =>
  LIVE_UPDATE_BASE_MS / Math.max(1, liveCameraCount);
/** Snapshots cover the last 60 minutes. */
export const SNAPSHOT_WINDOW_MIN = 60;

// ── Multi-video wall ────────────────────────────────────────────────────────────────────
export const MULTI_VIDEO_DIVISIONS = [2, 4, 6, 8, 9, 12, 16] as const;
export type MultiVideoDivision = (typeof MULTI_VIDEO_DIVISIONS)[number];
export const MULTI_VIDEO_ROWS: Readonly<Record<MultiVideoDivision, number>> = {
  2: 1,
  4: 2,
  6: 2,
  8: 2,
  9: 3,
  12: 3,
  16: 4,
};
export const DEFAULT_MULTI_VIDEO_DIVISION: MultiVideoDivision = 4;
export const MAX_AUTO_PLAYS = 60;
/** No-data retry: 5 s, doubled each time, at most 5 retries. */
export const MULTI_VIDEO_RETRY = { baseMs: 5000, factor: 2, maxRetries: 5 } as const;

// ── Archives and playback ───────────────────────────────────────────────────────────────
export const ARCHIVE_CLIP_SEC = 60;
export const SEEK_BAR_SEC_PER_ARCHIVE = 60;
export const PLAYBACK_POLLING_MS = 300;
export const CONTROLLER_HIDE_MS = 3000;
/** The latest archive starts this long before now. */
export const LATEST_ARCHIVE_OFFSET_MIN = 2;
export const ARCHIVE_FUTURE_WINDOW_MIN = 30;
export const ARCHIVE_PERIOD_HOURS = [1, 6, 12, 24] as const;
export type ArchivePeriodHours = (typeof ARCHIVE_PERIOD_HOURS)[number];
/** Display periods with their timeline lines; the lines of 12H are not shown in the spec. */
export const ARCHIVE_PERIODS: readonly { hours: ArchivePeriodHours; label: string; lines: number | null }[] =
  [
    { hours: 1, label: '1H', lines: 10 },
    { hours: 6, label: '6H', lines: 6 },
    { hours: 12, label: '12H', lines: null },
    { hours: 24, label: '24H', lines: 12 },
  ];
/** The map wall asks for one hour of archives. */
export const MAP_WALL_ARCHIVE_PERIOD: ArchivePeriodHours = 1;
export const PLAY_SPEEDS = [1, 2, 4, 8, 12] as const;
export type PlaySpeed = (typeof PLAY_SPEEDS)[number];
export const DEFAULT_VOLUME = 0.5;
export const VOLUME_STEP = 0.1;
export const TIME_LAPSE_DEFAULT_SORT = 'asc';

// ── Notifications and push ──────────────────────────────────────────────────────────────
export const PUSH_SUBSCRIPTION_EXPIRY_MS = 660000;
export const PUSH_SUBSCRIPTION_UPDATE_MS = 600000;
export const NOTIFICATION_READ_POLLING_MS = 60000;
export const TOOLTIP_ROW_PX = 45;

// ── Map and weather ─────────────────────────────────────────────────────────────────────
/** Highest zoom of each marker kind: ≤5 national, 6-7 area, 8-12 city, above 12 cameras. */
export const MAP_ZOOM_THRESHOLDS = { national: 5, area: 7, city: 12 } as const;
export const DEFAULT_MAP_ZOOM = 16;
/** Default centre in Tokyo (Tokyo Station). */
export const DEFAULT_MAP_CENTER = { lat: 35.681236, lng: 139.767125 } as const;
export const MAP_MARKER_COLORS = ['red', 'blue', 'yellow', 'purple', 'green'] as const;
export const WEATHER_CATEGORIES = ['special_warning', 'warning', 'advisory'] as const;
export type WeatherCategory = (typeof WEATHER_CATEGORIES)[number];
export const WEATHER_CATEGORY_COLORS: Readonly<Record<WeatherCategory, string>> = {
  special_warning: 'purple',
  warning: 'red',
  advisory: 'yellow',
};

// ── Layout and timing ───────────────────────────────────────────────────────────────────
/** Breakpoints in px; a medium size exists but its value is not shown. */
export const BREAKPOINTS = { mobile: 480, pc: 1024 } as const;
export const TOOLTIP_HIDE_DELAY_MS = 500;
export const COACH_MARK_MS = 3000;
export const CHUNK_LOAD_TIMEOUT_MS = 120000;
export const COMMON_ERROR_DISPLAY_MS = 5000;
export const LOGIN_CHECK_REASON_DISPLAY_MS = 5000;
export const CLOCK_UPDATE_MS = 1000;
export const CLOCK_FORMAT = 'YYYY/MM/DD HH:mm:ss';
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

// ── Exports and downloads ───────────────────────────────────────────────────────────────
export const EXPORT_FORMATS = ['mp4', 'csv', 'json', 'jpg'] as const;
/** CSV files start with a UTF-8 byte-order mark. */
export const CSV_BOM = '\uFEFF';
/** Monthly download allowance per camera: 50 GB (read as binary gigabytes). */
export const MONTHLY_DOWNLOAD_ALLOWANCE_BYTES = 50 * 1024 ** 3;
/** A download-ready notification is expected within this many minutes of the request. */
export const DOWNLOAD_NOTIFY_WITHIN_MIN = 60;
export const PERSON_TRACKING_DOWNLOAD_MAX_HOURS = 3;
/** The longest range one archive download may cover. */
export const DOWNLOAD_MAX_HOURS = 24;
/** How long a ready download's file (archive or heat map batch) is kept, in days. */
export const DOWNLOAD_KEEP_DAYS = 7;

// ── Analytics (advanced.md §5, §9) ──────────────────────────────────────────────────────
/** Heat map and people counter default range: from 31 days ago to 1 day ago. */
export const ANALYTICS_DEFAULT_RANGE_DAYS = { startDaysAgo: 31, endDaysAgo: 1 } as const;
export const AGGREGATION_MAX_MONTHS = 3;
export const HOURLY_VISITORS_MIN_DAYS = 2;
export const ENTRY_REPORT_CHART_TYPES = ['Stack', 'set'] as const;
export const ENTRY_HISTORY_INTERVALS_MIN = [1, 5, 10, 30] as const;
export const CONTINUE_TIME_OPTIONS_MIN = [1, 5] as const;
export const AREA_POLYGON_MAX_POINTS = 10;
export const AREA_LINKS_MAX = 5;
export const ENTRY_DETECTION_AREAS_MAX = 1;
export const MACHINE_AREAS_MAX = 1;
export const OPERATION_AREAS_MAX = 10;

// ── Fisheye viewer (advanced.md §9) ─────────────────────────────────────────────────────
export const FISHEYE_RENDER_INTERVAL_MAX_MS = 200;
/** Render interval 1000/fps, but at most 200 ms. */
export const fisheyeRenderIntervalMs = (fps: number): number =>
  fps > 0 ? Math.min(1000 / fps, FISHEYE_RENDER_INTERVAL_MAX_MS) : FISHEYE_RENDER_INTERVAL_MAX_MS;
export const FISHEYE_WHEEL_ZOOM_STEP = 0.005;
export const FISHEYE_INITIAL_PITCH = 1.5;
export const FISHEYE_TEXTURE_SIZE = 1024;
export const FISHEYE_DEFAULT_RESOLUTION = { width: 1280, height: 720 } as const;
export const FISHEYE_ZOOM_RANGE = { min: 0.3, max: 0.85 } as const;
/**
 * Image-circle radius per resolution `WIDTHxHEIGHT`. The spec names maxZoom, minZoom, pitchMax, pitchMin and
 * pitchRangeForZoom as calibration fields too, but gives no per-resolution values for them.
 */
export const FISHEYE_RADIUS_BY_RESOLUTION: Readonly<Record<string, number>> = {
  '1280x720': 426,
  '1920x1080': 587,
  '720x720': 330,
  '1200x1200': 560,
  '1280x1280': 600,
  '1440x1440': 680,
  '1920x1920': 890,
};
