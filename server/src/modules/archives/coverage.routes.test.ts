// Issue 22 (continuous timeline): GET api/cameras/:code/coverage sums what a camera recorded per bucket of
// whole minutes — recorded seconds, minutes with motion or an entry alert, people counter passes — and leaves
// out the gaps; it names the camera's first and last recorded minute, writes times in the offset of `from`,
// refuses periods and bucket counts beyond its limits with 400 naming the field, needs the archive right and
// never reaches another customer's camera.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Coverage } from '@camwatch/contract/coverage';
import { everyRight } from '../../db/seed/demo-account.ts';
import { createMediaTestApp, putClip } from '../../../test/helpers/recorded-media.ts';
import {
  as,
  createLocationAndCamera,
  createTenant,
  createUser,
  login,
  type TestApp,
} from '../../../test/helpers/test-app.ts';

let t: TestApp & { cleanup: () => Promise<void> };
beforeAll(async () => {
  t = await createMediaTestApp();
});
afterAll(() => t.cleanup());

const MIN = 60_000;
const HOUR = 60 * MIN;
/** The start of the UTC hour ten hours ago: a past stretch with nothing else recorded in it. */
const pastHour = () => Math.floor(Date.now() / HOUR) * HOUR - 10 * HOUR;
const inTokyo = (ms: number) => `${new Date(ms + 9 * HOUR).toISOString().slice(0, 19)}+09:00`;
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
/** Stands in for the media: the coverage reads rows only. */
const media = Buffer.from('not a real clip');

async function getCoverage(cookie: string, code: string, query: Record<string, string | number>) {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  const res = await as(t.app, cookie, { method: 'GET', url: `/api/cameras/${code}/coverage?${search}` });
  return {
    status: res.statusCode,
    body: res.json() as { data: Coverage; errors?: Record<string, string[]> },
  };
}

async function ownerWithCamera() {
  const { customer, user } = await createTenant(t.db);
  const { camera } = await createLocationAndCamera(t.db, customer.id);
  return { customer, user, camera, cookie: await login(t.app, user) };
}

describe('GET api/cameras/:camera_code/coverage', () => {
  it('sums each bucket, leaves out the gaps and names the first and last recorded minute', async () => {
    const { customer, camera, cookie } = await ownerWithCamera();
    const hour = pastHour();
    // 10-minute buckets: minutes 0-3 recorded (minute 2 with motion), minute 3 only its last 30 s; a gap
    // from 4 to 24; minute 25 with an entry alert; two people passes in minute 41 (no clip there).
    for (const m of [0, 1, 2])
      await putClip(t, camera.id, new Date(hour + m * MIN), media, { motionState: m === 2 });
    await putClip(t, camera.id, new Date(hour + 3 * MIN), media, { offsetMs: 30_000 });
    const entry = await putClip(t, camera.id, new Date(hour + 25 * MIN), media, { motionState: false });
    await t.db
      .updateTable('clips')
      .set({ enter_alert_events: JSON.stringify([{ startSec: 5, endSec: 9 }]) })
      .where('id', '=', entry.id)
      .execute();
    for (const inOut of ['I', 'O'] as const)
      await t.db
        .insertInto('people_passes')
        .values({
          customer_id: customer.id,
          camera_id: camera.id,
          clip_minute: new Date(hour + 41 * MIN),
          at: new Date(hour + 41 * MIN + 10_000),
          in_out: inOut,
          start_sec: 8,
          end_sec: 10,
          track_id: `t-${inOut}`,
        })
        .execute();
    // Outside the period on both sides: counted in the bounds only.
    await putClip(t, camera.id, new Date(hour - 2 * HOUR), media);
    await putClip(t, camera.id, new Date(hour + HOUR), media);

    const { status, body } = await getCoverage(cookie, camera.code, {
      from: inTokyo(hour),
      to: inTokyo(hour + HOUR),
      bucket: 600,
    });
    expect(status).toBe(200);
    expect(body.data).toEqual({
      from: inTokyo(hour),
      to: inTokyo(hour + HOUR),
      bucket_sec: 600,
      buckets: [
        { start: inTokyo(hour), recorded_sec: 210, motion: 1, enter_alert: 0, people: 0 },
        { start: inTokyo(hour + 20 * MIN), recorded_sec: 60, motion: 0, enter_alert: 1, people: 0 },
        { start: inTokyo(hour + 40 * MIN), recorded_sec: 0, motion: 0, enter_alert: 0, people: 2 },
      ],
      first_recorded: inTokyo(hour - 2 * HOUR),
      last_recorded: inTokyo(hour + HOUR),
    });

    // Minute buckets, asked in UTC, from a moment inside a minute (rounded down); a bucket cut short by `to`.
    const minutes = await getCoverage(cookie, camera.code, {
      from: iso(hour + 2 * MIN + 15_000),
      to: iso(hour + 3 * MIN + 45_000),
      bucket: 60,
    });
    expect(minutes.status).toBe(200);
    expect(minutes.body.data.from).toBe(iso(hour + 2 * MIN));
    expect(minutes.body.data.buckets).toEqual([
      { start: iso(hour + 2 * MIN), recorded_sec: 60, motion: 1, enter_alert: 0, people: 0 },
      { start: iso(hour + 3 * MIN), recorded_sec: 30, motion: 0, enter_alert: 0, people: 0 },
    ]);
  });

  it('answers no buckets and null bounds for a camera that never recorded', async () => {
    const { camera, cookie } = await ownerWithCamera();
    const { status, body } = await getCoverage(cookie, camera.code, {
      from: iso(pastHour()),
      to: iso(pastHour() + 7 * 24 * HOUR),
      bucket: 3600,
    });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ buckets: [], first_recorded: null, last_recorded: null });
  });

  it('answers 400 naming the field for a bad period or bucket', async () => {
    const { camera, cookie } = await ownerWithCamera();
    const from = pastHour();
    const cases: [Record<string, string | number>, string][] = [
      [{ from: iso(from), to: iso(from), bucket: 60 }, 'to'],
      [{ from: iso(from), to: iso(from + 15 * 24 * HOUR), bucket: 3600 }, 'to'],
      [{ from: iso(from), to: iso(from + 2 * 24 * HOUR), bucket: 60 }, 'bucket'], // 2,880 buckets
      [{ from: iso(from), to: iso(from + HOUR), bucket: 90 }, 'bucket'],
      [{ from: iso(from), to: iso(from + HOUR), bucket: 30 }, 'bucket'],
      [{ from: iso(from), to: iso(from + HOUR), bucket: 'x' }, 'bucket'],
      [{ from: iso(from), to: iso(from + HOUR), bucket: 172_800 }, 'bucket'],
      [{ from: '1970-01-01T00:00:00Z', to: iso(from), bucket: 3600 }, 'from'],
      [{ from: 'yesterday', to: iso(from), bucket: 3600 }, 'from'],
      [{ from: iso(from), bucket: 3600 }, 'to'],
    ];
    for (const [query, field] of cases) {
      const { status, body } = await getCoverage(cookie, camera.code, query);
      expect(status, JSON.stringify(query)).toBe(400);
      expect(Object.keys(body.errors ?? {}), JSON.stringify(query)).toContain(field);
    }
  });

  it("answers a child user for the parent's cameras, 403 without the archive right, 404 for another customer's", async () => {
    const { customer, user, camera } = await ownerWithCamera();
    const query = { from: iso(pastHour()), to: iso(pastHour() + HOUR), bucket: 60 };
    const child = await createUser(t.db, customer.id, { parentUserId: user.id });
    expect((await getCoverage(await login(t.app, child), camera.code, query)).status).toBe(200);
    const viewer = await createUser(t.db, customer.id, { permissions: { ...everyRight, archive: false } });
    expect((await getCoverage(await login(t.app, viewer), camera.code, query)).status).toBe(403);
    const outsider = await ownerWithCamera();
    expect((await getCoverage(outsider.cookie, camera.code, query)).status).toBe(404);
    expect((await getCoverage(outsider.cookie, 'cam_unknown', query)).status).toBe(404);
  });
});
