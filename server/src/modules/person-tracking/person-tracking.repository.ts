// A camera's person tracking setting (person_tracking_settings, migration 0024) and what the result screen draws
// over: a picture of the camera. Every query is scoped by the caller's customer (the camera found by code within
// it; a write goes through the cameras table with the customer id).
import type { PersonTrackingSetting } from '@camwatch/contract/person-tracking';
import type { Db } from '../../db/database.ts';
import { customerCamera } from '../../db/scoped-queries.ts';

export class PersonTrackingRepository {
  constructor(private readonly db: Db) {}

  /** The customer's camera with this code, its function flag and its stored setting (null: never saved). */
  findCamera(customerId: number, code: string) {
    return customerCamera(this.db, customerId, code)
      .leftJoin('person_tracking_settings as s', 's.camera_id', 'cameras.id')
      .select(['cameras.id', 'cameras.use_person_tracking', 's.setting'])
      .executeTakeFirst();
  }

  /** Replaces the camera's setting; nothing when the camera is not the customer's (or was removed). */
  async save(customerId: number, cameraId: number, setting: PersonTrackingSetting): Promise<boolean> {
    const json = JSON.stringify(setting);
    const result = await this.db
      .insertInto('person_tracking_settings')
      .columns(['camera_id', 'setting'])
      .expression((eb) =>
        eb
          .selectFrom('cameras')
          .select((s) => ['cameras.id', s.cast<string>(s.val(json), 'jsonb').as('setting')])
          .where('cameras.customer_id', '=', customerId)
          .where('cameras.id', '=', cameraId),
      )
      .onConflict((oc) =>
        oc.column('camera_id').doUpdateSet((eb) => ({
          setting: eb.ref('excluded.setting'),
          updated_at: new Date(),
        })),
      )
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** The blob key of the camera's picture nearest the period's start (the newest before it), else its first after. */
  async pictureKey(cameraId: number, at: Date): Promise<string | null> {
    const before = await this.db
      .selectFrom('thumbnails')
      .select('blob_key')
      .where('camera_id', '=', cameraId)
      .where('start_time', '<=', at)
      .orderBy('start_time', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (before) return before.blob_key;
    const after = await this.db
      .selectFrom('thumbnails')
      .select('blob_key')
      .where('camera_id', '=', cameraId)
      .where('start_time', '>', at)
      .orderBy('start_time')
      .limit(1)
      .executeTakeFirst();
    return after?.blob_key ?? null;
  }
}
