// How the table types read and write timestamps, jsonb and computed columns (Kysely ColumnType).
import type { ColumnType } from 'kysely';

export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;
export type Json<T> = ColumnType<T, string | undefined, string>;
/** A column PostgreSQL computes (GENERATED ALWAYS … STORED): readable, never written. */
export type Computed<T> = ColumnType<T, never, never>;
