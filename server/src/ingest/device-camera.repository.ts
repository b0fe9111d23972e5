// What the ingest side reads and writes on the cameras a device speaks for: its recording settings and
// when its agent was last heard.
import type { Db } from '../db/database.ts';

export class DeviceCameraRepository {
  constructor(private readonly db: Db) {}

  /** A camera by its (globally unique) code, for the operator CLI. */
  findByCode(code: string) {
    return this.db
      .selectFrom('cameras')
      .select(['id', 'code', 'name', 'customer_id'])
      .where('code', '=', code)
      .executeTakeFirst();
  }

  /** The columns the device configuration is built from. */
  findSettings(cameraId: number) {
    return this.db
      .selectFrom('cameras')
      .select([
        'code',
        'image_fps',
        'image_rs_width',
        'image_rs_height',
        'live_interval',
        'motion_area',
        'can_pan',
        'can_tilt',
        'can_zoom',
      ])
      .where('id', '=', cameraId)
      .executeTakeFirst();
  }

  /** The agent was heard at `at`: the camera's last_seen_at and the token's last_used_at move forward. */
  async markSeen(cameraId: number, tokenId: number, at: Date): Promise<void> {
    await this.db
      .updateTable('cameras')
      .set({ last_seen_at: at })
      .where('id', '=', cameraId)
      .where((eb) => eb.or([eb('last_seen_at', 'is', null), eb('last_seen_at', '<', at)]))
      .execute();
    await this.db
      .updateTable('device_tokens')
      .set({ last_used_at: at })
      .where('id', '=', tokenId)
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', at)]))
      .execute();
  }
}
