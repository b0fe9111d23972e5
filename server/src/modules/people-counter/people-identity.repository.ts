// Storage of the staff-exclusion gallery (migration 0020): a camera's identities and which identity each track
// of a clip was given. Every query is scoped by the customer and the camera; it runs on whatever it is given,
// the counting job's transaction included.
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Identity, NewIdentity } from '../../vision/staff.ts';

export interface TrackIdentity {
  trackId: string;
  identityId: number;
}

export class PeopleIdentityRepository {
  constructor(private readonly db: Db) {}

  /**
   * Locks the customer's camera for the gallery's update (clips of one camera analysed at once would both
   * make a new identity for the same person); false when the camera is not the customer's. NO KEY UPDATE
   * lets clips and passes that reference the camera be written meanwhile.
   */
  async lockCamera(customerId: number, cameraId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('cameras')
      .select('id')
      .where('id', '=', cameraId)
      .where('customer_id', '=', customerId)
      .forNoKeyUpdate()
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The camera's gallery. */
  async gallery(customerId: number, cameraId: number): Promise<Identity[]> {
    const rows = await this.db
      .selectFrom('people_identities')
      .select([
        'id',
        'descriptor',
        sql<string[]>`days_seen::text[]`.as('days_seen'),
        'first_seen',
        'last_seen',
        'pass_count',
      ])
      .where('customer_id', '=', customerId)
      .where('camera_id', '=', cameraId)
      .orderBy('id')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      descriptor: r.descriptor.map(Number),
      daysSeen: r.days_seen,
      firstSeen: new Date(r.first_seen),
      lastSeen: new Date(r.last_seen),
      passCount: r.pass_count,
    }));
  }

  async insert(customerId: number, cameraId: number, identity: NewIdentity): Promise<number> {
    const row = await this.db
      .insertInto('people_identities')
      .values({
        customer_id: customerId,
        camera_id: cameraId,
        descriptor: sql<number[]>`${identity.descriptor}::real[]`,
        days_seen: sql<string[]>`${identity.daysSeen}::date[]`,
        first_seen: identity.firstSeen,
        last_seen: identity.lastSeen,
        pass_count: identity.passCount,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(customerId: number, cameraId: number, identity: Identity): Promise<void> {
    await this.db
      .updateTable('people_identities')
      .set({
        descriptor: sql<number[]>`${identity.descriptor}::real[]`,
        days_seen: sql<string[]>`${identity.daysSeen}::date[]`,
        first_seen: identity.firstSeen,
        last_seen: identity.lastSeen,
        pass_count: identity.passCount,
        updated_at: sql`now()`,
      })
      .where('id', '=', identity.id)
      .where('customer_id', '=', customerId)
      .where('camera_id', '=', cameraId)
      .execute();
  }

  async remove(customerId: number, cameraId: number, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .deleteFrom('people_identities')
      .where('customer_id', '=', customerId)
      .where('camera_id', '=', cameraId)
      .where('id', 'in', ids)
      .execute();
  }

  /** The identities the tracks were given in this clip (a re-run), of the customer's camera. */
  async tracksOfClip(
    customerId: number,
    cameraId: number,
    clipTime: Date,
    trackIds: readonly string[],
  ): Promise<TrackIdentity[]> {
    if (trackIds.length === 0) return [];
    return this.db
      .selectFrom('people_identity_tracks as t')
      .innerJoin('people_identities as i', 'i.id', 't.identity_id')
      .select(['t.track_id as trackId', 't.identity_id as identityId'])
      .where('i.customer_id', '=', customerId)
      .where('t.camera_id', '=', cameraId)
      .where('t.clip_time', '=', clipTime)
      .where('t.track_id', 'in', trackIds)
      .execute();
  }

  /**
   * The identity each track was last given in an earlier clip (a person still there when the clip ended
   * keeps the track id into the next one).
   */
  async tracksBefore(
    customerId: number,
    cameraId: number,
    clipTime: Date,
    trackIds: readonly string[],
  ): Promise<TrackIdentity[]> {
    if (trackIds.length === 0) return [];
    return this.db
      .selectFrom('people_identity_tracks as t')
      .innerJoin('people_identities as i', 'i.id', 't.identity_id')
      .distinctOn('t.track_id')
      .select(['t.track_id as trackId', 't.identity_id as identityId'])
      .where('i.customer_id', '=', customerId)
      .where('t.camera_id', '=', cameraId)
      .where('t.clip_time', '<', clipTime)
      .where('t.track_id', 'in', trackIds)
      .orderBy('t.track_id')
      .orderBy('t.clip_time', 'desc')
      .execute();
  }

  /** Records the identities given in this clip; the ids must be of the customer's camera (from `gallery`). */
  async rememberTracks(cameraId: number, clipTime: Date, tracks: readonly TrackIdentity[]): Promise<void> {
    if (tracks.length === 0) return;
    await this.db
      .insertInto('people_identity_tracks')
      .values(
        tracks.map((t) => ({
          camera_id: cameraId,
          track_id: t.trackId,
          clip_time: clipTime,
          identity_id: t.identityId,
        })),
      )
      .onConflict((oc) => oc.columns(['camera_id', 'track_id', 'clip_time']).doNothing())
      .execute();
  }

  /** Forgets the customer's camera's tracks of clips before `before`. */
  async forgetTracksBefore(customerId: number, cameraId: number, before: Date): Promise<void> {
    await this.db
      .deleteFrom('people_identity_tracks')
      .where('camera_id', '=', cameraId)
      .where('camera_id', 'in', (eb) =>
        eb.selectFrom('cameras').select('id').where('customer_id', '=', customerId),
      )
      .where('clip_time', '<', before)
      .execute();
  }
}
