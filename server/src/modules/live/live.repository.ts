// The few camera columns live, PTZ and lighting decisions need, always scoped to the caller's customer.
import type { Db } from '../../db/database.ts';
import { customerCamera } from '../../db/scoped-queries.ts';

export class LiveRepository {
  constructor(private readonly db: Db) {}

  findCamera(customerId: number, cameraCode: string) {
    return customerCamera(this.db, customerId, cameraCode)
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
      .executeTakeFirst();
  }
}

export type LiveCameraRow = NonNullable<Awaited<ReturnType<LiveRepository['findCamera']>>>;
