// Table type of shareable clip links (migration 0027, issue 22).
import type { ColumnType, Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from './column-types.ts';

export interface ShareLinksTable {
  id: Generated<number>;
  customer_id: number;
  camera_id: number;
  created_by: number;
  start_time: Date;
  end_time: Date;
  expires_at: Date;
  allow_download: Generated<boolean>;
  /** The archive download the link asked for when it allows one; null otherwise (or once removed). */
  download_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** SHA-256 (hex) of the token; the token itself is shown once and never stored. */
  token_hash: string;
  revoked_at: NullableTimestamp;
  view_count: Generated<number>;
  last_viewed_at: NullableTimestamp;
  created_at: Timestamp;
}
