// Table types of the events page (migration 0028): one row per camera event, and each user's reviewed marks.
import type { ColumnType, Generated } from 'kysely';
import type { Json, NullableTimestamp, Timestamp } from './column-types.ts';

export type CameraEventKindColumn =
  'motion' | 'person' | 'entry' | 'people_pass' | 'camera_down' | 'camera_up';

/** What else is known of an event (the contract's CameraEventDetail). */
export interface CameraEventDetailColumn {
  area_name?: string;
  in_out?: 'I' | 'O';
  is_staff?: boolean;
  movements?: number;
}

export interface CameraEventsTable {
  id: Generated<number>;
  customer_id: number;
  camera_id: number;
  kind: CameraEventKindColumn;
  /** Millisecond precision (a CHECK holds it), so a keyset cursor made from a Date is exact. */
  at: ColumnType<Date, Date, Date>;
  ends_at: NullableTimestamp;
  /** The clip the event was found in; no foreign key (the event outlives its recording). */
  clip_id: number | null;
  detail: Json<CameraEventDetailColumn>;
  created_at: Timestamp;
}

export interface EventReviewMarksTable {
  user_id: number;
  /** Every event with an id up to this one is reviewed. */
  reviewed_through: number;
  updated_at: Timestamp;
}

export interface EventReviewsTable {
  user_id: number;
  event_id: number;
  reviewed_at: Timestamp;
}
