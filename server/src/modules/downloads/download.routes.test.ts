// Archive download through the real app: rights, the monthly allowance, 'no data', the job that joins
// real clips by stream copy into one playable MP4, the download-ready notification and the file link.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClip, minuteAgo } from '../../../test/helpers/media-fixtures.ts';
import { createMediaTestApp, putClip } from '../../../test/helpers/recorded-media.ts';
import { expectForeignIdsRefused } from '../../../test/helpers/tenancy.ts';
import {
  as,
  createLocationAndCamera,
  createTenant,
  login,
  type TestApp,
} from '../../../test/helpers/test-app.ts';

const run = promisify(execFile);
let t: TestApp & { cleanup: () => Promise<void> };
beforeAll(async () => {
  t = await createMediaTestApp();
});
afterAll(async () => {
  await t.cleanup();
});

async function recordedCamera(minutes: number, permissions?: Parameters<typeof createTenant>[1]) {
  const tenant = await createTenant(t.db, permissions);
  const { camera } = await createLocationAndCamera(t.db, tenant.customer.id);
  const clip = await makeClip({ seconds: 2 });
  const first = minuteAgo(minutes + 1);
  for (let i = 0; i < minutes; i++)
    await putClip(t, camera.id, new Date(first.getTime() + i * 60_000), clip, { durationMs: 2_000 });
  const cookie = await login(t.app, tenant.user);
  return { tenant, camera, cookie, first, clip };
}

const range = (start: Date, minutes: number) => ({
  start_datetime: start.toISOString(),
  end_datetime: new Date(start.getTime() + minutes * 60_000).toISOString(),
});

describe('archive download', () => {
  it('advanced.md §8: joins the range’s clips into one MP4, notifies the user and links the file', async () => {
    const { camera, cookie, first, clip, tenant } = await recordedCamera(3);
    const res = await as(t.app, cookie, {
      method: 'POST',
      url: `/api/cameras/${camera.code}/downloads`,
      payload: range(first, 3),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { download, allowance } = res.json().data;
    expect(download).toMatchObject({
      camera_code: camera.code,
      status: 'queued',
      file_url: null,
      bytes: clip.length * 3,
    });
    expect(allowance).toMatchObject({ used_bytes: clip.length * 3, limit_bytes: 50 * 1024 ** 3 });

    await t.services.jobs.runDue();
    const status = await as(t.app, cookie, { method: 'GET', url: `/api/downloads/${download.download_id}` });
    const ready = status.json().data.download;
    expect(ready).toMatchObject({
      status: 'ready',
      progress: 1,
      file_url: `/api/downloads/${download.download_id}/file`,
    });

    const file = await as(t.app, cookie, { method: 'GET', url: ready.file_url });
    expect(file.statusCode).toBe(302);
    const media = await t.app.inject({ method: 'GET', url: file.headers.location as string });
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-disposition']).toMatch(/^attachment; filename=".+\.mp4"/);
    expect(Number(media.headers['content-length'])).toBe(ready.bytes);

    // The joined file is a real MP4 three clips long (2 s each), stream-copied H.264.
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-dl-'));
    const out = path.join(dir, 'joined.mp4');
    await fs.writeFile(out, media.rawPayload);
    const { stdout } = await run('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'format=duration:stream=codec_name',
      '-of',
      'json',
      out,
    ]);
    const probed = JSON.parse(stdout);
    expect(probed.streams[0].codec_name).toBe('h264');
    expect(Number(probed.format.duration)).toBeCloseTo(6, 0);
    await fs.rm(dir, { recursive: true, force: true });

    const notes = await t.db
      .selectFrom('notifications')
      .select(['event', 'kind', 'url'])
      .where('user_id', '=', tenant.user.id)
      .execute();
    expect(notes).toEqual([{ event: 'download', kind: 'archive', url: ready.file_url }]);
  });

  it('removes a ready file after the keeping period; its link then answers that it expired', async () => {
    const { camera, cookie, first } = await recordedCamera(1);
    const res = await as(t.app, cookie, {
      method: 'POST',
      url: `/api/cameras/${camera.code}/downloads`,
      payload: range(first, 1),
    });
    const id = res.json().data.download.download_id;
    await t.services.jobs.runDue();
    const row = await t.db
      .selectFrom('downloads')
      .select(['status', 'blob_key'])
      .where('id', '=', Number(id))
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('ready');
    await t.db
      .updateTable('downloads')
      .set({ finished_at: new Date(Date.now() - 8 * 86_400_000) })
      .where('id', '=', Number(id))
      .execute();
    await t.services.jobs.enqueue('download-expiry', {});
    await t.services.jobs.runDue();
    const status = await as(t.app, cookie, { method: 'GET', url: `/api/downloads/${id}` });
    expect(status.json().data.download).toMatchObject({ status: 'expired', file_url: null });
    expect(await t.services.blobs.head(row.blob_key!)).toBeNull();
    const file = await as(t.app, cookie, { method: 'GET', url: `/api/downloads/${id}/file` });
    expect(file.statusCode).toBe(409);
    expect(file.json().error.message).toMatch(/expired/);
  });

  it('a download whose worker died on its last attempt is marked failed and its user told, once', async () => {
    const { camera, cookie, first, tenant } = await recordedCamera(1);
    const res = await as(t.app, cookie, {
      method: 'POST',
      url: `/api/cameras/${camera.code}/downloads`,
      payload: range(first, 1),
    });
    const id = Number(res.json().data.download.download_id);
    // The queue failed the job when the lease of its last run ran out (jobs.failAbandoned); the download was
    // left as that run had marked it.
    await t.db
      .updateTable('downloads')
      .set({ status: 'running', progress: 0.4 })
      .where('id', '=', id)
      .execute();
    await t.db
      .updateTable('jobs')
      .set({ status: 'failed', last_error: 'lease expired (worker stopped)' })
      .where('dedupe_key', '=', `download:${id}`)
      .execute();
    const sweep = async () => {
      await t.services.jobs.enqueue('download-expiry', {});
      await t.services.jobs.runDue();
    };
    // Within the minute's grace (a job may not be queued yet) nothing happens.
    await sweep();
    expect(
      (await as(t.app, cookie, { method: 'GET', url: `/api/downloads/${id}` })).json().data.download.status,
    ).toBe('running');
    await t.db
      .updateTable('downloads')
      .set({ created_at: new Date(Date.now() - 2 * 60_000) })
      .where('id', '=', id)
      .execute();
    await sweep();
    const status = await as(t.app, cookie, { method: 'GET', url: `/api/downloads/${id}` });
    expect(status.json().data.download).toMatchObject({ status: 'failed', file_url: null });
    const told = await t.db
      .selectFrom('notifications')
      .select(['event', 'kind'])
      .where('user_id', '=', tenant.user.id)
      .execute();
    expect(told).toEqual([{ event: 'download', kind: 'failed' }]);
    // Failed now, it is not told again.
    await sweep();
    expect(
      await t.db.selectFrom('notifications').select('id').where('user_id', '=', tenant.user.id).execute(),
    ).toHaveLength(1);
  });

  it('advanced.md §9: no recordings in the range is refused as no_data; nothing is queued', async () => {
    const { camera, cookie, first } = await recordedCamera(1);
    const res = await as(t.app, cookie, {
      method: 'POST',
      url: `/api/cameras/${camera.code}/downloads`,
      payload: range(new Date(first.getTime() - 3 * 3_600_000), 30),
    });
    expect(res.json()).toEqual({ result: 'failed', data: { reason: 'no_data' } });
    const rows = await t.db.selectFrom('downloads').select('id').where('camera_id', '=', camera.id).execute();
    expect(rows).toEqual([]);
  });

  it('advanced.md §9: past the monthly allowance of the camera the request is refused as limit_exceeded', async () => {
    const { camera, cookie, first, tenant } = await recordedCamera(1);
    await t.db
      .insertInto('downloads')
      .values({
        customer_id: tenant.customer.id,
        user_id: tenant.user.id,
        camera_id: camera.id,
        start_time: first,
        end_time: first,
        status: 'ready',
        bytes: 50 * 1024 ** 3,
      })
      .execute();
    const allowance = await as(t.app, cookie, {
      method: 'GET',
      url: `/api/cameras/${camera.code}/downloads/allowance`,
    });
    expect(allowance.json().data).toMatchObject({
      used_bytes: 50 * 1024 ** 3,
      month: new Date().toISOString().slice(0, 7),
    });
    const res = await as(t.app, cookie, {
      method: 'POST',
      url: `/api/cameras/${camera.code}/downloads`,
      payload: range(first, 1),
    });
    expect(res.json()).toEqual({ result: 'failed', data: { reason: 'limit_exceeded' } });
  });

  it('core.md §9: needs both the archive and batchDownload rights (403)', async () => {
    for (const permissions of [{ batchDownload: false }, { archive: false }]) {
      const { camera, cookie, first } = await recordedCamera(1, permissions);
      const res = await as(t.app, cookie, {
        method: 'POST',
        url: `/api/cameras/${camera.code}/downloads`,
        payload: range(first, 1),
      });
      expect(res.statusCode).toBe(403);
    }
  });

  it('refuses bad ranges with 400 naming the field, and a file that is not ready with 409', async () => {
    const { camera, cookie, first } = await recordedCamera(1);
    const backwards = await as(t.app, cookie, {
      method: 'POST',
      url: `/api/cameras/${camera.code}/downloads`,
      payload: { start_datetime: first.toISOString(), end_datetime: first.toISOString() },
    });
    expect(backwards.statusCode).toBe(400);
    expect(Object.keys(backwards.json().errors)).toContain('end_datetime');
    expect(backwards.json().codes.end_datetime).toEqual(['bad_range']);
    const tooLong = await as(t.app, cookie, {
      method: 'POST',
      url: `/api/cameras/${camera.code}/downloads`,
      payload: range(first, 25 * 60),
    });
    expect(tooLong.statusCode).toBe(400);

    const queued = await as(t.app, cookie, {
      method: 'POST',
      url: `/api/cameras/${camera.code}/downloads`,
      payload: range(first, 1),
    });
    const id = queued.json().data.download.download_id;
    const early = await as(t.app, cookie, { method: 'GET', url: `/api/downloads/${id}/file` });
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toMatchObject({ code: 'conflict', reason: 'download_not_ready' });
    expect((await as(t.app, cookie, { method: 'GET', url: '/api/downloads/abc' })).statusCode).toBe(400);
  });

  it('names the file on the wall clock of the zone it was asked in (Asia/Tokyo), UTC without one', async () => {
    const { camera, cookie, first } = await recordedCamera(2);
    const fileNameOf = async (timeZone?: string) => {
      const asked = await as(t.app, cookie, {
        method: 'POST',
        url: `/api/cameras/${camera.code}/downloads`,
        payload: { ...range(first, 2), ...(timeZone ? { time_zone: timeZone } : {}) },
      });
      expect(asked.statusCode, asked.body).toBe(200);
      await t.services.jobs.runDue();
      const id = asked.json().data.download.download_id;
      const file = await as(t.app, cookie, { method: 'GET', url: `/api/downloads/${id}/file` });
      expect(file.statusCode, file.body).toBe(302);
      const media = await t.app.inject({ method: 'GET', url: file.headers.location as string });
      return /filename="([^"]+)"/.exec(String(media.headers['content-disposition']))?.[1];
    };
    // Tokyo keeps no daylight saving: its wall clock is always UTC + 9 h.
    const stamp = (d: Date) => d.toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
    const tokyo = (d: Date) => stamp(new Date(d.getTime() + 9 * 3_600_000));
    const end = new Date(first.getTime() + 2 * 60_000);
    const name = camera.name.replace(/[\\/:*?"<>|\s]+/g, '_');
    expect(await fileNameOf('Asia/Tokyo')).toBe(`${name}_${tokyo(first)}_${tokyo(end)}.mp4`);
    expect(await fileNameOf()).toBe(`${name}_${stamp(first)}_${stamp(end)}.mp4`);
  });

  it('refuses a time zone that is not an IANA zone with 400 on time_zone and queues nothing', async () => {
    const { camera, cookie, first } = await recordedCamera(1);
    for (const zone of ['Mars/Olympus', '+09:00', '../etc', 'x'.repeat(80)]) {
      const res = await as(t.app, cookie, {
        method: 'POST',
        url: `/api/cameras/${camera.code}/downloads`,
        payload: { ...range(first, 1), time_zone: zone },
      });
      expect(res.statusCode, zone).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(['time_zone']);
    }
    const allowance = await as(t.app, cookie, {
      method: 'GET',
      url: `/api/cameras/${camera.code}/downloads/allowance`,
    });
    expect(allowance.json().data.used_bytes).toBe(0);
  });

  it('keeps another customer out of downloads (404)', async () => {
    const owner = await recordedCamera(1);
    const queued = await as(t.app, owner.cookie, {
      method: 'POST',
      url: `/api/cameras/${owner.camera.code}/downloads`,
      payload: range(owner.first, 1),
    });
    const id = queued.json().data.download.download_id;
    const outsider = await recordedCamera(1);
    await expectForeignIdsRefused(t.app, outsider.cookie, [
      {
        name: 'request',
        request: {
          method: 'POST',
          url: `/api/cameras/${owner.camera.code}/downloads`,
          payload: range(owner.first, 1),
        },
      },
      {
        name: 'allowance',
        request: { method: 'GET', url: `/api/cameras/${owner.camera.code}/downloads/allowance` },
      },
      { name: 'status', request: { method: 'GET', url: `/api/downloads/${id}` } },
      { name: 'file', request: { method: 'GET', url: `/api/downloads/${id}/file` } },
    ]);
  });
});
