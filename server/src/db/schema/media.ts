// Table types of recorded media: minute clips with their motion and entry alerts, thumbnails, downloads.
import type { ColumnType, Generated } from 'kysely';
import type { Json, Timestamp } from './column-types.ts';

export interface MotionSpan {
  startSec: number;
  endSec: number;
}

/** The changed regions of one moving frame: seconds of the minute, boxes in 0..1 picture coordinates. */
export interface MotionFrame {
  sec: number;
  boxes: { x: number; y: number; w: number; h: number }[];
}

/** An entry alert in seconds of its minute, with the name of the area link that raised it. */
export interface EntryAlertSpan extends MotionSpan {
  areaName: string;
  /** It continues the previous minute's alert of its area (one alert over the minute's end); absent: false. */
  continued?: boolean;
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

export interface ThumbnailsTable {
  camera_id: number;
  start_time: Date;
  blob_key: string;
  bytes: number;
  created_at: Timestamp;
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

/** A heat map batch download (migration 0023): one ZIP of heat map images of some cameras over a period. */
export interface HeatmapDownloadsTable {
  id: Generated<number>;
  customer_id: number;
  user_id: number;
  /** `date` columns: selected as `::text` (YYYY-MM-DD), since drivers turn a bare date into a local midnight. */
  start_day: ColumnType<string, string, string>;
  end_day: ColumnType<string, string, string>;
  hour_from: number;
  hour_to: number;
  weekdays: string[];
  per: 'day' | 'period';
  time_zone: string;
  status: Generated<'queued' | 'running' | 'ready' | 'failed' | 'expired'>;
  progress: Generated<number>;
  bytes: ColumnType<number, number | undefined, number>;
  blob_key: string | null;
  error: string | null;
  created_at: Timestamp;
  finished_at: Date | null;
}

/** The cameras of a heat map batch, in the order asked. */
export interface HeatmapDownloadCamerasTable {
  download_id: number;
  camera_id: number;
  position: number;
}
