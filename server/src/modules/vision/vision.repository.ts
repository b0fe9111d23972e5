// The vision engine's queries: the clip a job analyses (with its camera's analytics), the tracker state the
// previous clip of the camera ended with, and the tracks stored per clip (migration 0017).
import type { Db } from '../../db/database.ts';
import type { StoredClipTracks } from '../../vision/track-codec.ts';
import { replaceClipEvents } from '../events/camera-event.repository.ts';
import type { FoundEvent } from '../events/camera-events.ts';

export class VisionRepository {
  constructor(private readonly db: Db) {}

  findClip(clipId: number) {
    return this.db
      .selectFrom('clips as cl')
      .innerJoin('cameras as c', 'c.id', 'cl.camera_id')
      .select([
        'cl.id',
        'cl.camera_id',
        'cl.start_time',
        'cl.offset_ms',
        'cl.duration_ms',
        'cl.blob_key',
        'c.customer_id',
        'c.use_people_counter',
        'c.use_enter_alert',
        'c.use_heatmap',
        // A people counter without a saved setting counts nothing, so its clips need no analysis for it.
        (eb) =>
          eb
            .exists(
              eb
                .selectFrom('people_counter_settings as s')
                .select('s.camera_id')
                .whereRef('s.camera_id', '=', 'c.id'),
            )
            .as('has_counter_setting'),
      ])
      .where('cl.id', '=', clipId)
      .executeTakeFirst();
  }

  /**
   * The end state of the camera's clip that ended where this one begins (the previous minute, or the earlier
   * piece of this minute), when it has been analysed; null otherwise (the tracker starts afresh).
   */
  async previousState(
    cameraId: number,
    startTime: Date,
    offsetMs: number,
  ): Promise<{ endState: unknown; analyticState: unknown } | null> {
    const begins = startTime.getTime() + offsetMs;
    const row = await this.db
      .selectFrom('clip_tracks as t')
      .innerJoin('clips as cl', 'cl.id', 't.clip_id')
      .select(['t.end_state', 't.analytic_state', 'cl.start_time', 'cl.offset_ms', 'cl.duration_ms'])
      .where('t.camera_id', '=', cameraId)
      .where('cl.start_time', '>=', new Date(startTime.getTime() - 60_000))
      .where('cl.start_time', '<=', startTime)
      .orderBy('cl.start_time', 'desc')
      .orderBy('cl.offset_ms', 'desc')
      .execute();
    // The piece that ends within two seconds of this clip's beginning (not this clip itself).
    const previous = row.find((r) => {
      const ends = r.start_time.getTime() + r.offset_ms + r.duration_ms;
      return r.start_time.getTime() + r.offset_ms < begins && Math.abs(ends - begins) <= 2_000;
    });
    return previous ? { endState: previous.end_state, analyticState: previous.analytic_state } : null;
  }

  /**
   * Stores (or replaces, for a clip analysed again) a clip's tracks, and the people first seen in it as events of
   * the events page, in one transaction.
   */
  async saveTracks(
    clip: { id: number; camera_id: number; customer_id: number; start_time: Date },
    stored: StoredClipTracks,
    people: readonly FoundEvent[] = [],
  ): Promise<void> {
    const values = {
      tracks: JSON.stringify(stored.tracks),
      end_state: JSON.stringify(stored.endState),
      frames: stored.frames,
      detected_frames: stored.detectedFrames,
      cpu_ms: stored.cpuMs,
      analyzed_at: new Date(),
    };
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('clip_tracks')
        .values({ clip_id: clip.id, camera_id: clip.camera_id, start_time: clip.start_time, ...values })
        .onConflict((oc) => oc.column('clip_id').doUpdateSet(values))
        .execute();
      await replaceClipEvents(
        trx,
        { customerId: clip.customer_id, cameraId: clip.camera_id, clipId: clip.id, minute: clip.start_time },
        'person',
        people,
      );
    });
  }

  /** What the analytics hand on from this clip to the next. */
  async saveAnalyticState(clipId: number, state: Record<string, unknown>): Promise<void> {
    await this.db
      .updateTable('clip_tracks')
      .set({ analytic_state: JSON.stringify(state) })
      .where('clip_id', '=', clipId)
      .execute();
  }

  /** The stored tracks of a camera's clips in [from, to), oldest first. */
  tracksBetween(cameraId: number, from: Date, to: Date) {
    return this.db
      .selectFrom('clip_tracks')
      .select(['clip_id', 'start_time', 'tracks', 'frames', 'detected_frames', 'cpu_ms'])
      .where('camera_id', '=', cameraId)
      .where('start_time', '>=', from)
      .where('start_time', '<', to)
      .orderBy('start_time')
      .execute();
  }
}
