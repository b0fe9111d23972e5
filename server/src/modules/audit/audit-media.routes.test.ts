// The audit log of recorded video through the real app (issue 16): watching recordings (one event per camera
// and recorded hour however many minutes play), time-lapse snapshots, and downloads asked for and fetched — each
// with the user, the address and the camera.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent } from '@camwatch/contract/audit';
import { makeClip, makeJpeg } from '../../../test/helpers/media-fixtures.ts';
import { createMediaTestApp, putClip, putThumbnail } from '../../../test/helpers/recorded-media.ts';
import {
  as,
  createLocationAndCamera,
  createTenant,
  login,
  type TestApp,
} from '../../../test/helpers/test-app.ts';

let t: TestApp & { cleanup: () => Promise<void> };
beforeAll(async () => {
  t = await createMediaTestApp();
});
afterAll(async () => {
  await t.cleanup();
});

const HOUR = 3_600_000;
/** The start of the hour two hours ago: three recorded minutes in it, and one in the hour after. */
const base = () => new Date(Math.floor(Date.now() / HOUR) * HOUR - 2 * HOUR);

async function recorded() {
  const tenant = await createTenant(t.db);
  const { camera } = await createLocationAndCamera(t.db, tenant.customer.id, 'Loading bay');
  const clip = await makeClip({ seconds: 2 });
  const start = base();
  const clips = [];
  for (const minute of [0, 1, 2, 60])
    clips.push(
      await putClip(t, camera.id, new Date(start.getTime() + minute * 60_000), clip, { durationMs: 2_000 }),
    );
  await putThumbnail(t, camera.id, start, await makeJpeg({ width: 64, height: 36 }));
  const cookie = await login(t.app, tenant.user);
  const act = (options: Parameters<typeof as>[2]) =>
    as(t.app, cookie, { ...options, remoteAddress: '192.0.2.44', headers: { 'user-agent': 'MediaTest' } });
  const events = async (kind: string) => {
    const res = await as(t.app, cookie, { method: 'GET', url: '/api/audit-log', query: { kind } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.events as AuditEvent[];
  };
  return { tenant, camera, clips, start, act, events };
}

describe('recorded video in the audit log', () => {
  it('archive playback: one event per camera and recorded hour, with user, address and camera', async () => {
    const { tenant, camera, clips, start, act, events } = await recorded();
    for (const clip of clips) {
      const res = await act({
        method: 'GET',
        url: `/api/archives/${clip.id}/video`,
        query: { return_url: 't' },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const viewed = await events('archive_viewed');
    expect(viewed.map((e) => e.detail.recorded_at)).toEqual([
      new Date(start.getTime() + HOUR).toISOString(),
      start.toISOString(),
    ]);
    for (const event of viewed)
      expect(event).toMatchObject({
        user_id: tenant.user.id,
        ip: '192.0.2.44',
        user_agent: 'MediaTest',
        camera_code: camera.code,
        camera_name: 'Loading bay',
      });
  });

  it('time-lapse snapshots are archive viewing too', async () => {
    const { camera, start, act, events } = await recorded();
    const res = await act({
      method: 'GET',
      url: `/api/cameras/${camera.code}/snapshots`,
      query: {
        startDatetime: start.toISOString(),
        endDatetime: new Date(start.getTime() + HOUR).toISOString(),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.images).toHaveLength(1);
    expect(await events('archive_viewed')).toMatchObject([
      { camera_code: camera.code, detail: { via: 'snapshots', recorded_at: start.toISOString() } },
    ]);
  });

  it('downloads: asked for and fetched, with the camera and the period', async () => {
    const { camera, start, act, events } = await recorded();
    const range = {
      start_datetime: start.toISOString(),
      end_datetime: new Date(start.getTime() + 180_000).toISOString(),
    };
    const asked = await act({ method: 'POST', url: `/api/cameras/${camera.code}/downloads`, payload: range });
    expect(asked.statusCode, asked.body).toBe(200);
    const id = asked.json().data.download.download_id as string;
    expect(await events('download_requested')).toMatchObject([
      {
        camera_code: camera.code,
        target: id,
        ip: '192.0.2.44',
        detail: { from: expect.any(String), to: expect.any(String) },
      },
    ]);
    expect(await events('download_fetched')).toEqual([]);
    await t.services.jobs.runDue();
    const file = await act({ method: 'GET', url: `/api/downloads/${id}/file` });
    expect(file.statusCode, file.body).toBe(302);
    expect(await events('download_fetched')).toMatchObject([{ camera_code: camera.code, target: id }]);
  });

  it('another customer’s archive id is refused and records nothing', async () => {
    const owner = await recorded();
    const outsider = await recorded();
    const res = await outsider.act({
      method: 'GET',
      url: `/api/archives/${owner.clips[0]!.id}/video`,
      query: { return_url: 't' },
    });
    expect(res.statusCode).toBe(404);
    expect(await outsider.events('archive_viewed')).toEqual([]);
    expect(await owner.events('archive_viewed')).toEqual([]);
  });
});
