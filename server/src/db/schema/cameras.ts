// Table types of cameras and what describes them: locations, tags, device tokens, status changes.
import type { ColumnType, Generated } from 'kysely';
import type { Computed, Json, NullableTimestamp, Timestamp } from './column-types.ts';

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
  /** Bitrate cap of the recording in kbit/s; null: none. */
  video_max_kbps: number | null;
  /** When the agent was last heard (heartbeat, upload or control channel). */
  last_seen_at: NullableTimestamp;
  /** When the agent was first heard (set by migration 0029's trigger); uptime counts from it. */
  first_seen_at: NullableTimestamp;
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

export interface DeviceTokensTable {
  id: Generated<number>;
  camera_id: number;
  token_hash: string;
  label: Generated<string>;
  created_at: Timestamp;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

export interface CameraStatusChangesTable {
  id: Generated<number>;
  camera_id: number;
  status: 'down' | 'normal';
  at: Timestamp;
}

/** Per camera, its recorded media's size and newest clip (migration 0029: kept by triggers on clips and thumbnails). */
export interface CameraStorageTable {
  camera_id: number;
  clip_bytes: ColumnType<number, number | undefined, number>;
  clip_count: ColumnType<number, number | undefined, number>;
  still_bytes: ColumnType<number, number | undefined, number>;
  still_count: ColumnType<number, number | undefined, number>;
  latest_clip_at: Date | null;
}
