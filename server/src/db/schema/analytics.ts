// Table types of video analytics: settings per camera, the vision engine's tracks, people passes and identities.
import type { ColumnType, Generated } from 'kysely';
import type { DetectionSetting, OperationArea } from '@camwatch/contract/operation-analysis';
import type { AnalysisPeriods } from '@camwatch/contract/people-counter-rules';
import type { PersonTrackingSetting } from '@camwatch/contract/person-tracking';
import type { Point } from '@camwatch/contract/polygon-rules';
import type { Json, NullableTimestamp, Timestamp } from './column-types.ts';

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

/** An entry detection area link of a camera (the contract's AreaLinkInput, checked when read). */
export interface EnterAlertAreaLinksTable {
  id: Generated<number>;
  camera_id: number;
  setting: ColumnType<unknown, string, string>;
  updated_by: number | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
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

/** One analysed clip's heat grid (migration 0022): person-seconds per cell, float32 little-endian. */
export interface HeatmapClipCellsTable {
  clip_id: number;
  camera_id: number;
  /** The UTC hour the clip's minute falls in. */
  hour: Date;
  cells: Uint8Array;
}

/** A camera's heat grid summed over the clips of one UTC hour (migration 0022). */
export interface HeatmapHoursTable {
  camera_id: number;
  customer_id: number;
  hour: Date;
  cells: Uint8Array;
  /** Sum of the cells (person-seconds). */
  total: number;
  /** Clips analysed in the hour. */
  clips: number;
  updated_at: Generated<Date>;
}

/** An analysis job (migration 0024): a period of one camera's recordings analysed for one kind of result. */
export interface AnalysisJobsTable {
  id: Generated<number>;
  customer_id: number;
  camera_id: number;
  kind: 'person_tracking' | 'operation_analysis';
  period_start: Date;
  period_end: Date;
  /** The kind's settings the analysis runs with, as they were when it was asked for. */
  settings: Json<unknown>;
  state: ColumnType<
    'running' | 'completed' | 'failed' | 'request_failed',
    'running' | 'completed' | 'failed' | 'request_failed' | undefined,
    'running' | 'completed' | 'failed' | 'request_failed'
  >;
  clips_done: Generated<number>;
  clips_total: Generated<number>;
  clips_skipped: Generated<number>;
  /** A reason code the screens translate (no_recordings, camera_unavailable, analysis_failed). */
  error: string | null;
  /** The error's own text, for the logs and support; never shown to users. */
  error_detail: string | null;
  requested_by: number | null;
  created_at: Timestamp;
  started_at: NullableTimestamp;
  finished_at: NullableTimestamp;
}

/** An analysis job's results (migration 0024), written with its completion in one transaction. */
export interface AnalysisResultsTable {
  job_id: number;
  result: Json<unknown>;
  created_at: Timestamp;
}

/** A camera's person tracking setting (migration 0024); a camera without a row uses the defaults. */
export interface PersonTrackingSettingsTable {
  camera_id: number;
  setting: Json<PersonTrackingSetting>;
  updated_at: Timestamp;
}
