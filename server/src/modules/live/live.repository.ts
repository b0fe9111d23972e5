// The few camera columns live, PTZ and lighting decisions need, always scoped to the caller's customer.
import type { Db } from '../../db/database.ts';

export class LiveRepository {
  constructor(private readonly db: Db) {}

  findCamera(customerId: number, cameraCode: string) {
    return this.db
      .selectFrom('cameras')
      .select([
        'id',
        'code',
        'model_code',
        'use_nolive',
        'use_ptz',
        'can_pan',
        'can_tilt',
        'can_zoom',
        'watch_status',
        'live_interval',
      ])
      .where('customer_id', '=', customerId)
      .where('code', '=', cameraCode)
      .executeTakeFirst();
  }
}

export type LiveCameraRow = NonNullable<Awaited<ReturnType<LiveRepository['findCamera']>>>;
