// core.md §3, §4, §7: GET api/cameras/:code/archives lists every minute of the period, recorded or not,
// with motion events once the motion job has run; GET api/archives/:id/video hands out a signed address
// of that clip. Both need the archive right and never reach another customer's cameras or clips.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArchiveEntry } from '@camwatch/contract/archives';
import { everyRight } from '../../db/seed/demo-account.ts';
import { blobKeys } from '../../storage/blob-keys.ts';
import { makeClip, minuteAgo } from '../../../test/helpers/media-fixtures.ts';
import { createMediaTestApp, grantedKey, putClip } from '../../../test/helpers/recorded-media.ts';
import { expectForeignIdsRefused, expectNoLeak } from '../../../test/helpers/tenancy.ts';
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

const HOUR = 3_600_000;
/** The start of the UTC hour three hours ago: a past hour with nothing else recorded in it. */
const pastHour = () => new Date(Math.floor(Date.now() / HOUR) * HOUR - 3 * HOUR);
/** An instant written in +09:00, as a client in Tokyo sends it. */
const inTokyo = (ms: number) => `${new Date(ms + 9 * HOUR).toISOString().slice(0, 19)}+09:00`;

async function listArchives(cookie: string, cameraCode: string, startDate: string, period = 1) {
  const res = await as(t.app, cookie, {
    method: 'GET',
    url: `/api/cameras/${cameraCode}/archives?start_date=${encodeURIComponent(startDate)}&period=${period}`,
  });
  return { status: res.statusCode, body: res.json() as { data: { archives: ArchiveEntry[] } } };
}

async function ownerWithCamera() {
  const { customer, user } = await createTenant(t.db);
  const { camera } = await createLocationAndCamera(t.db, customer.id);
  await t.db.updateTable('cameras').set({ use_motion: true }).where('id', '=', camera.id).execute();
  return { customer, user, camera, cookie: await login(t.app, user) };
}

describe('GET api/cameras/:camera_code/archives', () => {
  it('lists every minute oldest first, has_data only where a clip was recorded, in the offset sent', async () => {
    const { camera, cookie } = await ownerWithCamera();
    const hour = pastHour();
    const clip = await makeClip({ seconds: 2, scene: 'still' });
    const at3 = await putClip(t, camera.id, new Date(hour.getTime() + 3 * 60_000), clip);
    const at59 = await putClip(t, camera.id, new Date(hour.getTime() + 59 * 60_000), clip);
    // Just outside the hour on both sides: not listed.
    await putClip(t, camera.id, new Date(hour.getTime() - 60_000), clip);
    await putClip(t, camera.id, new Date(hour.getTime() + 60 * 60_000), clip);

    const { status, body } = await listArchives(cookie, camera.code, inTokyo(hour.getTime()));
    expect(status).toBe(200);
    const archives = body.data.archives;
    expect(archives).toHaveLength(60);
    archives.forEach((entry, i) => expect(entry.start_time).toBe(inTokyo(hour.getTime() + i * 60_000)));
    expect(archives.filter((a) => a.has_data).map((a) => a.archive_id)).toEqual([
      String(at3.id),
      String(at59.id),
    ]);
    expect(archives[3]).toEqual({
      archive_id: String(at3.id),
      start_time: inTokyo(hour.getTime() + 3 * 60_000),
      has_data: true,
      data_url: `/api/archives/${at3.id}/video`,
      motion_state: false, // the motion job has not run yet
      events: { motionDetect: [], peopleCounter: [], enterAlert: [] },
      clip_offset_sec: 0,
    });
    expect(archives[4]).toEqual({
      archive_id: null,
      start_time: inTokyo(hour.getTime() + 4 * 60_000),
      has_data: false,
      data_url: null,
      motion_state: false,
      events: { motionDetect: [], peopleCounter: [], enterAlert: [] },
      clip_offset_sec: 0,
    });

    // Sent in UTC, answered in UTC; a 6-hour period has 360 minutes.
    const utc = await listArchives(cookie, camera.code, hour.toISOString(), 6);
    expect(utc.body.data.archives).toHaveLength(360);
    expect(utc.body.data.archives[3]!.start_time).toBe(
      new Date(hour.getTime() + 3 * 60_000).toISOString().replace('.000Z', 'Z'),
    );
  });

  it('shows motion events once the motion job has run', async () => {
    const { camera, cookie } = await ownerWithCamera();
    const hour = pastHour();
    const moving = await putClip(
      t,
      camera.id,
      new Date(hour.getTime() + 10 * 60_000),
      await makeClip({ seconds: 4, scene: 'moving', motionFrom: 1, motionTo: 2 }),
    );
    const still = await putClip(
      t,
      camera.id,
      new Date(hour.getTime() + 11 * 60_000),
      await makeClip({ seconds: 4, scene: 'still' }),
    );
    await t.services.motion.enqueueFor(moving.id);
    await t.services.motion.enqueueFor(still.id);
    expect(await t.services.motion.enqueueFor(still.id)).toBeNull(); // already waiting
    expect(await t.services.jobs.runDue()).toBeGreaterThanOrEqual(2);

    const { body } = await listArchives(cookie, camera.code, hour.toISOString());
    const [atMoving, atStill] = [body.data.archives[10]!, body.data.archives[11]!];
    expect(atMoving.motion_state).toBe(true);
    expect(atMoving.events.motionDetect).toHaveLength(1);
    const [span] = atMoving.events.motionDetect;
    expect(span!.startSec).toBeGreaterThanOrEqual(0.6);
    expect(span!.startSec).toBeLessThanOrEqual(1.2);
    expect(span!.endSec).toBeGreaterThanOrEqual(1.8);
    expect(span!.endSec).toBeLessThanOrEqual(2.6);
    expect(atStill).toMatchObject({ has_data: true, motion_state: false, events: { motionDetect: [] } });
    const stored = await t.db
      .selectFrom('clips')
      .select('motion_state')
      .where('id', '=', still.id)
      .executeTakeFirstOrThrow();
    expect(stored.motion_state).toBe(false); // known now, no longer null
  });

  it("adds the clip's offset and leaves cameras without motion detection undecoded (motion_state false)", async () => {
    const { camera, cookie } = await ownerWithCamera();
    const { customer } = await createTenant(t.db);
    const { camera: noMotion } = await createLocationAndCamera(t.db, customer.id, 'No motion');
    await t.db.updateTable('cameras').set({ use_motion: false }).where('id', '=', noMotion.id).execute();
    const hour = pastHour();
    const data = await makeClip({ seconds: 4, scene: 'moving', motionFrom: 1, motionTo: 2 });
    const late = await putClip(t, camera.id, new Date(hour.getTime() + 20 * 60_000), data, {
      offsetMs: 30_000,
    });
    const off = await putClip(t, noMotion.id, new Date(hour.getTime() + 20 * 60_000), data);
    await t.services.motion.enqueueFor(late.id);
    await t.services.motion.enqueueFor(off.id);
    await t.services.jobs.runDue();

    const { body } = await listArchives(cookie, camera.code, hour.toISOString());
    // The clip began 30 s into its minute: the player adds this to the clip's time.
    expect(body.data.archives[20]!.clip_offset_sec).toBe(30);
    const [span] = body.data.archives[20]!.events.motionDetect;
    expect(span!.startSec).toBeGreaterThanOrEqual(30.6);
    expect(span!.endSec).toBeLessThanOrEqual(32.6);
    const row = await t.db
      .selectFrom('clips')
      .select(['motion_state', 'motion_events'])
      .where('id', '=', off.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ motion_state: false, motion_events: [] });
  });

  it("ignores motion outside the camera's detection area", async () => {
    const { camera, cookie } = await ownerWithCamera();
    // Only the top fifth counts; the test box crosses the middle of the picture.
    const top = [
      { x: 0, y: 0 },
      { x: 1, y: 0 },
      { x: 1, y: 0.2 },
      { x: 0, y: 0.2 },
    ];
    await t.db
      .updateTable('cameras')
      .set({ motion_area: JSON.stringify([top]) })
      .where('id', '=', camera.id)
      .execute();
    const hour = pastHour();
    const clip = await putClip(
      t,
      camera.id,
      new Date(hour.getTime() + 30 * 60_000),
      await makeClip({ seconds: 4, scene: 'moving', motionFrom: 1, motionTo: 2 }),
    );
    await t.services.motion.enqueueFor(clip.id);
    await t.services.jobs.runDue();
    const { body } = await listArchives(cookie, camera.code, hour.toISOString());
    expect(body.data.archives[30]).toMatchObject({
      has_data: true,
      motion_state: false,
      events: { motionDetect: [] },
    });
  });

  it("shows a parent's cameras to a child user, and answers 403 without the archive right", async () => {
    const { customer, user, camera } = await ownerWithCamera();
    const child = await createUser(t.db, customer.id, { parentUserId: user.id });
    const childCookie = await login(t.app, child);
    expect((await listArchives(childCookie, camera.code, pastHour().toISOString())).status).toBe(200);

    const viewer = await createUser(t.db, customer.id, { permissions: { ...everyRight, archive: false } });
    const viewerCookie = await login(t.app, viewer);
    expect((await listArchives(viewerCookie, camera.code, pastHour().toISOString())).status).toBe(403);
    const clip = await putClip(t, camera.id, pastHour(), await makeClip({ seconds: 2 }));
    const video = await as(t.app, viewerCookie, {
      method: 'GET',
      url: `/api/archives/${clip.id}/video?return_url=t`,
    });
    expect(video.statusCode).toBe(403);
  });

  it('answers 400 for a period other than 1, 6, 12 or 24 hours', async () => {
    const { camera, cookie } = await ownerWithCamera();
    expect((await listArchives(cookie, camera.code, pastHour().toISOString(), 2)).status).toBe(400);
  });
});

describe('GET api/archives/:archive_id/video', () => {
  it('answers { url } with return_url=t: a signed address of the clip, and redirects there without it', async () => {
    const { camera, cookie } = await ownerWithCamera();
    const start = minuteAgo(5);
    const clip = await putClip(t, camera.id, start, await makeClip({ seconds: 2 }));

    const json = await as(t.app, cookie, {
      method: 'GET',
      url: `/api/archives/${clip.id}/video?return_url=t`,
    });
    expect(json.statusCode).toBe(200);
    const { url } = json.json() as { url: string };
    expect(grantedKey(t, url)).toBe(blobKeys.clip(camera.id, start));

    const redirect = await as(t.app, cookie, { method: 'GET', url: `/api/archives/${clip.id}/video` });
    expect(redirect.statusCode).toBe(302);
    expect(grantedKey(t, String(redirect.headers.location))).toBe(blobKeys.clip(camera.id, start));
  });

  it('answers 404 for unknown and malformed archive ids', async () => {
    const { cookie } = await ownerWithCamera();
    for (const id of ['999999999', 'abc', '0', '12abc'])
      expect(
        (await as(t.app, cookie, { method: 'GET', url: `/api/archives/${id}/video?return_url=t` }))
          .statusCode,
        id,
      ).toBe(404);
  });
});

describe('tenancy', () => {
  it("refuses another customer's camera codes and archive ids with 404, and leaks nothing", async () => {
    const owner = await ownerWithCamera();
    const clip = await putClip(t, owner.camera.id, pastHour(), await makeClip({ seconds: 2 }));
    const outsider = await ownerWithCamera();
    const start = encodeURIComponent(pastHour().toISOString());
    await expectForeignIdsRefused(t.app, outsider.cookie, [
      {
        name: 'archives of a foreign camera',
        request: {
          method: 'GET',
          url: `/api/cameras/${owner.camera.code}/archives?start_date=${start}&period=1`,
        },
      },
      {
        name: 'video of a foreign archive (url)',
        request: { method: 'GET', url: `/api/archives/${clip.id}/video?return_url=t` },
      },
      {
        name: 'video of a foreign archive (redirect)',
        request: { method: 'GET', url: `/api/archives/${clip.id}/video` },
      },
      {
        name: 'archives of an unknown camera',
        request: { method: 'GET', url: `/api/cameras/cam_unknown/archives?start_date=${start}&period=1` },
      },
    ]);
    await expectNoLeak(
      t.app,
      outsider.cookie,
      { method: 'GET', url: `/api/cameras/${outsider.camera.code}/archives?start_date=${start}&period=1` },
      [owner.camera.code, `"${clip.id}"`, `/api/archives/${clip.id}/video`],
    );
  });
});
