// core.md §2 video info “motion analysis info”: GET api/archives/:archive_id/motion answers, for one archive
// minute, the boxes of what moved in each moving frame (found by the motion job) at its second of the
// minute. It needs the archive right and never reaches another customer's clips.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MotionFrame } from '@camwatch/contract/archives';
import { everyRight } from '../../db/seed/demo-account.ts';
import { makeClip } from '../../../test/helpers/media-fixtures.ts';
import { createMediaTestApp, putClip } from '../../../test/helpers/recorded-media.ts';
import { expectForeignIdsRefused } from '../../../test/helpers/tenancy.ts';
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
const pastHour = () => new Date(Math.floor(Date.now() / HOUR) * HOUR - 4 * HOUR);

describe('GET api/archives/:archive_id/motion', () => {
  it('core.md §2: answers the boxes of the moving frames, where and when the box crossed the picture', async () => {
    const { customer, user } = await createTenant(t.db);
    const { camera } = await createLocationAndCamera(t.db, customer.id);
    await t.db.updateTable('cameras').set({ use_motion: true }).where('id', '=', camera.id).execute();
    // A white box a third of the picture high crosses the middle band between 1 s and 2 s.
    const data = await makeClip({ seconds: 4, scene: 'moving', motionFrom: 1, motionTo: 2 });
    const clip = await putClip(t, camera.id, new Date(pastHour().getTime() + 5 * 60_000), data, {
      offsetMs: 10_000,
    });
    await t.services.motion.enqueueFor(clip.id);
    await t.services.jobs.runDue();
    const cookie = await login(t.app, user);

    const res = await as(t.app, cookie, { method: 'GET', url: `/api/archives/${clip.id}/motion` });
    expect(res.statusCode, res.body).toBe(200);
    const frames = (res.json() as { data: { frames: MotionFrame[] } }).data.frames;
    expect(frames.length).toBeGreaterThanOrEqual(3);
    for (const frame of frames) {
      // Seconds of the minute: the clip's 10 s offset added.
      expect(frame.sec).toBeGreaterThanOrEqual(10.6);
      expect(frame.sec).toBeLessThanOrEqual(12.6);
      expect(frame.boxes.length).toBeGreaterThanOrEqual(1);
      const [box] = frame.boxes;
      expect(box!.y).toBeGreaterThanOrEqual(0.25);
      expect(box!.y + box!.h).toBeLessThanOrEqual(0.75);
      expect(box!.w).toBeGreaterThan(0);
      expect(box!.x + box!.w).toBeLessThanOrEqual(1);
    }
    // The box moves left to right: the later frames' boxes lie further right.
    expect(frames.at(-1)!.boxes[0]!.x).toBeGreaterThan(frames[0]!.boxes[0]!.x);
  });

  it('answers no frames for a still clip, 403 without the archive right, 404 for unknown or foreign ids', async () => {
    const { customer, user } = await createTenant(t.db);
    const { camera } = await createLocationAndCamera(t.db, customer.id);
    await t.db.updateTable('cameras').set({ use_motion: true }).where('id', '=', camera.id).execute();
    const clip = await putClip(
      t,
      camera.id,
      new Date(pastHour().getTime() + 6 * 60_000),
      await makeClip({ seconds: 2, scene: 'still' }),
    );
    await t.services.motion.enqueueFor(clip.id);
    await t.services.jobs.runDue();
    const still = await as(t.app, await login(t.app, user), {
      method: 'GET',
      url: `/api/archives/${clip.id}/motion`,
    });
    expect(still.json()).toEqual({ data: { frames: [] } });

    const viewer = await createUser(t.db, customer.id, { permissions: { ...everyRight, archive: false } });
    const denied = await as(t.app, await login(t.app, viewer), {
      method: 'GET',
      url: `/api/archives/${clip.id}/motion`,
    });
    expect(denied.statusCode).toBe(403);

    const unknown = await as(t.app, await login(t.app, user), {
      method: 'GET',
      url: '/api/archives/not-a-clip/motion',
    });
    expect(unknown.statusCode).toBe(404);

    const outsider = await createTenant(t.db);
    await expectForeignIdsRefused(t.app, await login(t.app, outsider.user), [
      {
        name: 'motion of a foreign archive',
        request: { method: 'GET', url: `/api/archives/${clip.id}/motion` },
      },
    ]);
  });
});
