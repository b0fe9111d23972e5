// Query starts several repositories share, so the scoping rules are written once: a camera is found by
// its code only within the caller's customer, and a camera's recordings in a range are its clip pieces
// whose minute starts in [from, to), in time order. Each repository adds the columns it needs.
import type { Db } from './database.ts';

/** The customer's camera with this code (none when unknown or another customer's); add `.select(…)`. */
export const customerCamera = (db: Db, customerId: number, code: string) =>
  db.selectFrom('cameras').where('customer_id', '=', customerId).where('code', '=', code);

/** The camera's clip pieces whose minute starts in [from, to), oldest first; add `.select(…)`. */
export const cameraClipsBetween = (db: Db, cameraId: number, from: Date, to: Date) =>
  db
    .selectFrom('clips')
    .where('camera_id', '=', cameraId)
    .where('start_time', '>=', from)
    .where('start_time', '<', to)
    .orderBy('start_time')
    .orderBy('offset_ms');
