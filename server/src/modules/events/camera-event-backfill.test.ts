// Migration 0028 fills camera_events from what the finders had stored before it: a clip's motion and entry alerts,
// the people first seen in a camera's tracks (a track carried on to the next clip is one person), people counter
// passes and status changes. Run on its own database, since it reads every row there is.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDb } from '../../../test/helpers/test-database.ts';
import { createCustomer, createLocationAndCamera } from '../../../test/helpers/test-app.ts';
import type { Db } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { backfillCameraEvents } from '../../db/migrations/0028-camera-events.ts';

let db: Db;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await freshDb());
  await migrateToLatest(db);
});
afterAll(() => close());

const minute = new Date('2026-03-01T10:00:00.000Z');
const next = new Date('2026-03-01T10:01:00.000Z');

describe('migration 0028 backfill', () => {
  it('makes one event per motion minute, entry alert begun, person first seen, pass and status change', async () => {
    const customer = await createCustomer(db);
    const { camera } = await createLocationAndCamera(db, customer.id, 'Old camera');
    const clip = (start: Date, fields: object) =>
      db
        .insertInto('clips')
        .values({
          camera_id: camera.id,
          start_time: start,
          duration_ms: 60_000,
          bytes: 1,
          sha256: 'x',
          blob_key: `clips/${camera.id}/${start.getTime()}.mp4`,
          ...fields,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const first = await clip(minute, {
      motion_state: true,
      motion_events: JSON.stringify([
        { startSec: 1.5, endSec: 3 },
        { startSec: 10, endSec: 12.25 },
      ]),
      enter_alert_events: JSON.stringify([{ startSec: 30, endSec: 35, areaName: 'Gate' }]),
    });
    const second = await clip(next, {
      motion_state: false,
      enter_alert_events: JSON.stringify([{ startSec: 0, endSec: 2, areaName: 'Gate', continued: true }]),
    });
    const track = (id: string, t0: number, t1: number) => ({
      id,
      s: 0.9,
      d: null,
      p: [
        [t0, 0, 0, 0.1, 0.2, 0.9],
        [t1, 0, 0, 0.1, 0.2, 0.9],
      ],
    });
    for (const [clipId, start, tracks] of [
      [first.id, minute, [track('a-1', 5, 59)]],
      [second.id, next, [track('a-1', 0, 4), track('b-1', 20, 25)]],
    ] as const)
      await db
        .insertInto('clip_tracks')
        .values({
          clip_id: clipId,
          camera_id: camera.id,
          start_time: start,
          tracks: JSON.stringify(tracks),
          end_state: '{}',
          frames: 1,
          detected_frames: 1,
          cpu_ms: 1,
        })
        .execute();
    await db
      .insertInto('people_passes')
      .values({
        customer_id: customer.id,
        camera_id: camera.id,
        clip_id: second.id,
        clip_minute: next,
        at: new Date(next.getTime() + 8_000),
        in_out: 'O',
        start_sec: -2,
        end_sec: 8,
        track_id: 'a-1',
      })
      .execute();
    await db
      .insertInto('camera_status_changes')
      .values({ camera_id: camera.id, status: 'down', at: new Date('2026-03-01T10:05:00.123Z') })
      .execute();

    await db.deleteFrom('camera_events').execute();
    await sql.raw(backfillCameraEvents).execute(db);
    const rows = await db
      .selectFrom('camera_events')
      .select(['kind', 'at', 'ends_at', 'clip_id', 'detail', 'customer_id'])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.kind, r.at.toISOString(), r.ends_at?.toISOString() ?? null])).toEqual([
      ['motion', '2026-03-01T10:00:01.500Z', '2026-03-01T10:00:12.250Z'],
      ['person', '2026-03-01T10:00:05.000Z', '2026-03-01T10:00:59.000Z'],
      ['entry', '2026-03-01T10:00:30.000Z', '2026-03-01T10:00:35.000Z'],
      ['people_pass', '2026-03-01T10:00:58.000Z', '2026-03-01T10:01:08.000Z'],
      ['person', '2026-03-01T10:01:20.000Z', '2026-03-01T10:01:25.000Z'],
      ['camera_down', '2026-03-01T10:05:00.123Z', null],
    ]);
    expect(rows.every((r) => r.customer_id === customer.id)).toBe(true);
    expect(rows[0]).toMatchObject({ clip_id: first.id, detail: { movements: 2 } });
    expect(rows[2]?.detail).toEqual({ area_name: 'Gate' });
    expect(rows[3]?.detail).toEqual({ in_out: 'O', is_staff: false });
  });
});
