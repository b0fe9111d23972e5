// Recorded minutes (clips rows). A row is written only after its media is in the blob store.
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

export interface NewClip {
  camera_id: number;
  start_time: Date;
  duration_ms: number;
  offset_ms: number;
  bytes: number;
  sha256: string;
  blob_key: string;
  width: number | null;
  height: number | null;
}

const clipColumns = [
  'id',
  'camera_id',
  'start_time',
  'duration_ms',
  'offset_ms',
  'bytes',
  'sha256',
  'blob_key',
  'width',
  'height',
] as const;

export class ClipRepository {
  constructor(private readonly db: Db) {}

  /** The pieces recorded for one minute of the camera (usually one), earliest first. */
  piecesOfMinute(cameraId: number, start: Date) {
    return this.db
      .selectFrom('clips')
      .select(clipColumns)
      .where('camera_id', '=', cameraId)
      .where('start_time', '=', start)
      .orderBy('offset_ms')
      .execute();
  }

  /** Inserts the clip; null when the camera already has a row for that minute and offset. */
  async insert(clip: NewClip) {
    const row = await this.db
      .insertInto('clips')
      .values(clip)
      .onConflict((oc) => oc.columns(['camera_id', 'start_time', 'offset_ms']).doNothing())
      .returning(clipColumns)
      .executeTakeFirst();
    return row ?? null;
  }

  /**
   * Runs fn in a transaction holding a lock on one camera minute, so two uploads of the same minute (on any
   * node) take turns: the second sees the first's row and never overwrites its media.
   */
  withMinuteLock<T>(cameraId: number, start: Date, fn: (clips: ClipRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      const lockName = `clip:${cameraId}:${start.getTime()}`;
      await sql`SELECT pg_advisory_xact_lock(hashtextextended(${lockName}, 0))`.execute(trx);
      return fn(new ClipRepository(trx));
    });
  }
}
