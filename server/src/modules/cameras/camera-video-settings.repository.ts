// A camera's video settings on its cameras row (issue 20): read and written only within the caller's
// customer, so a code alone never reaches another customer's camera.
import type { Db } from '../../db/database.ts';
import { customerCamera } from '../../db/scoped-queries.ts';

export interface VideoSettingsValues {
  image_rs_width: number;
  image_rs_height: number;
  image_fps: number;
  video_max_kbps: number | null;
  live_interval: number;
}

/** Every column the agent's configuration is built from (ingest/device-config.ts). */
const settingsColumns = [
  'id',
  'code',
  'image_fps',
  'image_rs_width',
  'image_rs_height',
  'live_interval',
  'video_max_kbps',
  'motion_area',
  'can_pan',
  'can_tilt',
  'can_zoom',
] as const;

export class CameraVideoSettingsRepository {
  constructor(private readonly db: Db) {}

  find(customerId: number, code: string) {
    return customerCamera(this.db, customerId, code).select(settingsColumns).executeTakeFirst();
  }

  /** Writes the settings; the row as it is afterwards, or none when the camera is gone. */
  update(customerId: number, cameraId: number, values: VideoSettingsValues) {
    return this.db
      .updateTable('cameras')
      .set({ ...values, updated_at: new Date() })
      .where('id', '=', cameraId)
      .where('customer_id', '=', customerId)
      .returning(settingsColumns)
      .executeTakeFirst();
  }
}
