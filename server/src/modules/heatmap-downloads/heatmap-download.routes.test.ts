// Heat map batch download through the real app and database (advanced.md heat map batch download, heatmap and
// batchDownload rights, §9 allowance; issue 14): heat written by the heat map's analytic as the vision job does,
// the job rendering one PNG per camera and day into a ZIP with a README for the days with nothing analysed, the
// download-ready notification of the heat map kind and its push, expiry like archive downloads; rights, tenancy
// and bad input refused before anything is queued.
import { DOWNLOAD_KEEP_DAYS } from '@camwatch/contract/downloads';
import type { HeatmapDownload } from '@camwatch/contract/heatmap-downloads';
import { HEATMAP_COLS, heatmapCellOf, heatColour } from '@camwatch/contract/heatmap-rules';
import type { Permissions } from '@camwatch/contract/permissions';
import { unzipSync } from 'fflate';
import { encode as encodeJpeg } from 'jpeg-js';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaTestApp, putClip, putThumbnail } from '../../../test/helpers/recorded-media.ts';
import { expectForeignIdsRefused } from '../../../test/helpers/tenancy.ts';
import {
  as,
  createLocationAndCamera,
  createTenant,
  login,
  type TestApp,
} from '../../../test/helpers/test-app.ts';
import type { Track } from '../../vision/types.ts';
import { HeatmapAnalysis } from '../heatmap/heatmap-analysis.ts';
import { HeatmapRepository } from '../heatmap/heatmap.repository.ts';
import type { AnalysedClip } from '../vision/vision.service.ts';
import { bandLayout } from './heatmap-image.ts';
import { runHeatmapDownloadJob, type HeatmapSource } from './heatmap-download-job.ts';
import { HeatmapDownloadRepository } from './heatmap-download.repository.ts';
import { NotificationRepository } from '../notifications/notification.repository.ts';
import { HEATMAP_IMAGE_ESTIMATE_BYTES } from './heatmap-download.service.ts';

let t: TestApp & { cleanup: () => Promise<void> };
let analysis: HeatmapAnalysis;
beforeAll(async () => {
  t = await createMediaTestApp();
  analysis = new HeatmapAnalysis(new HeatmapRepository(t.db));
});
afterAll(() => t.cleanup());

/** A person whose feet stand at (x, y) for `seconds`, one point every half second. */
const stander = (id: string, x: number, y: number, seconds: number): Track => ({
  id,
  points: Array.from({ length: seconds * 2 }, (_, i) => ({
    t: i / 2,
    box: { x: x - 0.03, y: y - 0.25, w: 0.06, h: 0.25 },
    score: 0.8,
  })),
  maxScore: 0.8,
  descriptor: null,
});

async function heatmapCamera(customerId: number, name: string) {
  const { camera } = await createLocationAndCamera(t.db, customerId, name);
  await t.db.updateTable('cameras').set({ use_heatmap: true }).where('id', '=', camera.id).execute();
  return camera;
}

async function shop(permissions?: Partial<Permissions>) {
  const tenant = await createTenant(t.db, permissions);
  const camera = await heatmapCamera(tenant.customer.id, 'Sales floor');
  return { ...tenant, camera, cookie: await login(t.app, tenant.user) };
}

/** Records a minute of the camera and hands its tracks to the heat map's analytic, as the vision job does. */
async function analysed(customerId: number, cameraId: number, minuteIso: string, tracks: Track[]) {
  const minute = new Date(minuteIso);
  const clip = await putClip(t, cameraId, minute, Buffer.from(`clip ${minuteIso} ${cameraId}`));
  const analysedClip: AnalysedClip = {
    id: clip.id,
    cameraId,
    customerId,
    startTime: minute,
    offsetMs: 0,
    durationMs: 60_000,
    blobKey: clip.blob_key,
    usePeopleCounter: false,
    useEnterAlert: false,
    useHeatmap: true,
  };
  await analysis.consume(analysedClip, tracks);
}

/** A flat-coloured 640 × 360 camera picture. */
function flatJpeg([r, g, b]: [number, number, number]): Buffer {
  const data = Buffer.alloc(640 * 360 * 4);
  for (let i = 0; i < data.length; i += 4) data.set([r, g, b, 255], i);
  return encodeJpeg({ width: 640, height: 360, data }, 95).data;
}

const ask = (cookie: string, payload: Record<string, unknown>) =>
  as(t.app, cookie, { method: 'POST', url: '/api/heatmap/downloads', payload });

async function statusOf(cookie: string, id: string): Promise<HeatmapDownload> {
  const res = await as(t.app, cookie, { method: 'GET', url: `/api/heatmap/downloads/${id}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: { download: HeatmapDownload } }).data.download;
}

/** The ZIP behind a ready download's file link, through the signed media address. */
async function zipOf(cookie: string, fileUrl: string) {
  const file = await as(t.app, cookie, { method: 'GET', url: fileUrl });
  expect(file.statusCode, file.body).toBe(302);
  const media = await t.app.inject({ method: 'GET', url: file.headers.location as string });
  expect(media.statusCode).toBe(200);
  return { media, entries: unzipSync(media.rawPayload) };
}

const pixel = (png: PNG, x: number, y: number) => {
  const i = (y * png.width + x) * 4;
  return [png.data[i]!, png.data[i + 1]!, png.data[i + 2]!] as [number, number, number];
};

/** The middle pixel of a cell of a 640 × 360 picture. */
const centreOf = (cell: number) => ({
  x: (cell % HEATMAP_COLS) * 20 + 10,
  y: Math.floor(cell / HEATMAP_COLS) * 20 + 10,
});

const downloadRows = (customerId: number) =>
  t.db.selectFrom('heatmap_downloads').select('id').where('customer_id', '=', customerId).execute();

// Monday 2 and Tuesday 3 November 2026, mornings in Tokyo.
const MONDAY = '2026-11-02T01:30:00Z';
const TUESDAY = '2026-11-03T02:00:00Z';
const FEET = heatmapCellOf(0.25, 0.75)!;

describe('POST /api/heatmap/downloads (advanced.md heat map batch download)', () => {
  it('renders one PNG per camera and day into a ZIP, lists the empty days, notifies and pushes', async () => {
    const s = await shop();
    const entrance = await heatmapCamera(s.customer.id, '玄関');
    await analysed(s.customer.id, s.camera.id, MONDAY, [stander('a', 0.25, 0.75, 30)]);
    await analysed(s.customer.id, entrance.id, TUESDAY, [stander('b', 0.6, 0.4, 12)]);
    await putThumbnail(t, s.camera.id, new Date(MONDAY), flatJpeg([40, 160, 60]));
    await t.db
      .insertInto('push_subscriptions')
      .values({
        user_id: s.user.id,
        customer_id: s.customer.id,
        endpoint: `https://push.test.example/${s.user.id}`,
        public_key: 'key',
        auth_secret: 'secret',
        expires_at: new Date(Date.now() + 3_600_000),
      })
      .execute();

    const res = await ask(s.cookie, {
      camera_codes: [s.camera.code, entrance.code],
      start: '2026-11-02',
      end: '2026-11-04',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { download, allowance } = res.json().data;
    expect(download).toMatchObject({
      camera_codes: [s.camera.code, entrance.code],
      start: '2026-11-02',
      end: '2026-11-04',
      hour_from: 0,
      hour_to: 24,
      weekdays: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
      per: 'day',
      time_zone: 'Asia/Tokyo',
      status: 'queued',
      progress: 0,
      file_url: null,
      expires_at: null,
    });
    expect(allowance).toMatchObject({
      used_bytes: 6 * HEATMAP_IMAGE_ESTIMATE_BYTES,
      limit_bytes: 50 * 1024 ** 3,
    });

    await t.services.jobs.runDue();
    const ready = await statusOf(s.cookie, download.download_id);
    expect(ready).toMatchObject({
      status: 'ready',
      progress: 1,
      file_url: `/api/heatmap/downloads/${download.download_id}/file`,
      error: null,
    });
    const row = await t.db
      .selectFrom('heatmap_downloads')
      .select(['finished_at', 'bytes', 'progress'])
      .where('id', '=', Number(download.download_id))
      .executeTakeFirstOrThrow();
    expect(row.progress).toBe(1);
    expect(ready.expires_at).toBe(
      new Date(row.finished_at!.getTime() + DOWNLOAD_KEEP_DAYS * 86_400_000).toISOString(),
    );

    const { media, entries } = await zipOf(s.cookie, ready.file_url!);
    expect(media.headers['content-type']).toBe('application/zip');
    expect(media.headers['content-disposition']).toMatch(
      /^attachment; filename="heatmap_2026-11-02_2026-11-04\.zip"/,
    );
    expect(row.bytes).toBe(media.rawPayload.length);
    expect(ready.bytes).toBe(media.rawPayload.length);
    const monday = `Sales_floor_${s.camera.code}_2026-11-02.png`;
    const tuesday = `玄関_${entrance.code}_2026-11-03.png`;
    expect(Object.keys(entries).sort()).toEqual(['README.txt', monday, tuesday].sort());

    // The Monday image: the picture's green, reddish where the feet stood 30 s (the hottest cell).
    const first = PNG.sync.read(Buffer.from(entries[monday]!));
    expect(first.width).toBe(640);
    expect(first.height).toBeGreaterThan(360);
    const hot = centreOf(FEET);
    const [r, g, b] = pixel(first, hot.x, hot.y);
    expect(r).toBeGreaterThan(g + 40);
    expect(r).toBeGreaterThan(b + 40);
    const [hr] = heatColour(1);
    expect(Math.abs(r - (40 * 0.25 + hr * 0.75))).toBeLessThan(6);
    const quiet = pixel(first, 10, 10);
    expect(quiet[1]).toBeGreaterThan(quiet[0]! + 80);
    // The Tuesday image: no thumbnail, so grey under the heat.
    const second = PNG.sync.read(Buffer.from(entries[tuesday]!));
    expect(pixel(second, 10, 10)).toEqual([128, 128, 128]);
    const warm = centreOf(heatmapCellOf(0.6, 0.4)!);
    expect(pixel(second, warm.x, warm.y)[0]).toBeGreaterThan(140);

    const text = new TextDecoder().decode(entries['README.txt']);
    for (const missing of [
      `Sales floor (${s.camera.code}) 2026-11-03`,
      `Sales floor (${s.camera.code}) 2026-11-04`,
      `玄関 (${entrance.code}) 2026-11-02`,
      `玄関 (${entrance.code}) 2026-11-04`,
    ])
      expect(text).toContain(missing);
    expect(text).not.toContain(`(${s.camera.code}) 2026-11-02`);

    const notes = await t.db
      .selectFrom('notifications')
      .select(['id', 'event', 'kind', 'url', 'camera_id'])
      .where('user_id', '=', s.user.id)
      .execute();
    expect(notes).toEqual([
      { id: notes[0]!.id, event: 'download', kind: 'heatmap', url: ready.file_url, camera_id: null },
    ]);
    // The notification's trigger queued its push (migration 0006).
    const pushes = (
      await t.db.selectFrom('jobs').select(['id', 'payload']).where('kind', '=', 'push-send').execute()
    ).filter((job) =>
      (job.payload as { notificationIds?: number[] }).notificationIds?.includes(notes[0]!.id),
    );
    expect(pushes).toHaveLength(1);
    await t.db.deleteFrom('jobs').where('id', '=', pushes[0]!.id).execute();

    const list = await as(t.app, s.cookie, { method: 'GET', url: '/api/heatmap/downloads' });
    expect(list.json().data.downloads.map((d: HeatmapDownload) => d.download_id)).toEqual([
      download.download_id,
    ]);
    expect(list.json().data.allowance.used_bytes).toBe(media.rawPayload.length);
    // The audit log keeps the request and the fetch as exports of the customer.
    const audit = await t.db
      .selectFrom('audit_events')
      .select(['kind', 'target', 'detail'])
      .where('customer_id', '=', s.customer.id)
      .where('kind', 'in', ['download_requested', 'download_fetched'])
      .orderBy('id')
      .execute();
    const detail = {
      export: 'heatmap',
      from: '2026-11-02',
      to: '2026-11-04',
      cameras: [s.camera.code, entrance.code],
    };
    expect(audit).toEqual([
      { kind: 'download_requested', target: `heatmap:${download.download_id}`, detail },
      { kind: 'download_fetched', target: `heatmap:${download.download_id}`, detail },
    ]);
  });

  it('per period: one image per camera for the whole period, with the hours and weekdays written on it', async () => {
    const s = await shop();
    await analysed(s.customer.id, s.camera.id, MONDAY, [stander('a', 0.25, 0.75, 20)]);
    await analysed(s.customer.id, s.camera.id, TUESDAY, [stander('b', 0.25, 0.75, 50)]);
    const res = await ask(s.cookie, {
      camera_codes: [s.camera.code],
      start: '2026-11-01',
      end: '2026-11-07',
      hour_from: 9,
      hour_to: 12,
      weekdays: ['mon'],
      per: 'period',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.download).toMatchObject({ weekdays: ['mon'], per: 'period', hour_from: 9 });
    await t.services.jobs.runDue();
    const ready = await statusOf(s.cookie, res.json().data.download.download_id);
    expect(ready.status).toBe('ready');
    const { entries } = await zipOf(s.cookie, ready.file_url!);
    const name = `Sales_floor_${s.camera.code}_2026-11-01_2026-11-07.png`;
    expect(Object.keys(entries).sort()).toEqual(['README.txt', name]);
    const png = PNG.sync.read(Buffer.from(entries[name]!));
    // Four lines: camera, period, hours and weekdays, total.
    expect(png.height).toBe(360 + bandLayout(640, 4).height);
    // Only Monday counted: its 20 s are the hottest cell, drawn in the hottest colour over grey.
    const [hr, hg, hb, alpha] = heatColour(1);
    const { x, y } = centreOf(FEET);
    expect(pixel(png, x, y)).toEqual([hr, hg, hb].map((c) => Math.round(128 * (1 - alpha) + c * alpha)));
    // The notification of a one-camera batch names its camera.
    const note = await t.db
      .selectFrom('notifications')
      .select(['kind', 'camera_id'])
      .where('user_id', '=', s.user.id)
      .executeTakeFirstOrThrow();
    expect(note).toEqual({ kind: 'heatmap', camera_id: s.camera.id });
  });

  it('removes a ready ZIP after the keeping period, as archive downloads; its link then answers that it expired', async () => {
    const s = await shop();
    await analysed(s.customer.id, s.camera.id, MONDAY, [stander('a', 0.5, 0.5, 5)]);
    const res = await ask(s.cookie, {
      camera_codes: [s.camera.code],
      start: '2026-11-02',
      end: '2026-11-02',
    });
    const id = res.json().data.download.download_id as string;
    await t.services.jobs.runDue();
    const row = await t.db
      .selectFrom('heatmap_downloads')
      .select(['status', 'blob_key'])
      .where('id', '=', Number(id))
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('ready');
    expect(await t.services.blobs.head(row.blob_key!)).not.toBeNull();
    // Still inside the keeping period: kept.
    await t.db
      .updateTable('heatmap_downloads')
      .set({ finished_at: new Date(Date.now() - (DOWNLOAD_KEEP_DAYS - 1) * 86_400_000) })
      .where('id', '=', Number(id))
      .execute();
    await t.services.jobs.enqueue('download-expiry', {});
    await t.services.jobs.runDue();
    expect((await statusOf(s.cookie, id)).status).toBe('ready');
    await t.db
      .updateTable('heatmap_downloads')
      .set({ finished_at: new Date(Date.now() - (DOWNLOAD_KEEP_DAYS + 1) * 86_400_000) })
      .where('id', '=', Number(id))
      .execute();
    await t.services.jobs.enqueue('download-expiry', {});
    await t.services.jobs.runDue();
    expect(await statusOf(s.cookie, id)).toMatchObject({
      status: 'expired',
      file_url: null,
      expires_at: null,
    });
    expect(await t.services.blobs.head(row.blob_key!)).toBeNull();
    const file = await as(t.app, s.cookie, { method: 'GET', url: `/api/heatmap/downloads/${id}/file` });
    expect(file.statusCode).toBe(409);
    expect(file.json().error).toMatchObject({ code: 'conflict', reason: 'download_expired' });
  });

  it('needs both the heatmap and batchDownload rights (403) and queues nothing', async () => {
    for (const permissions of [{ batchDownload: false }, { heatmap: false }]) {
      const s = await shop(permissions);
      const res = await ask(s.cookie, { camera_codes: [s.camera.code] });
      expect(res.statusCode, JSON.stringify(permissions)).toBe(403);
      expect(await downloadRows(s.customer.id)).toEqual([]);
      const list = await as(t.app, s.cookie, { method: 'GET', url: '/api/heatmap/downloads' });
      expect(list.statusCode).toBe(403);
    }
  });

  it('another customer’s camera, a camera without the heat map or an unknown one: 404 naming it, nothing queued', async () => {
    const s = await shop();
    const other = await shop();
    const plain = (await createLocationAndCamera(t.db, s.customer.id, 'Back office')).camera;
    for (const code of [other.camera.code, plain.code, 'no-such-camera']) {
      const res = await ask(s.cookie, { camera_codes: [s.camera.code, code] });
      expect(res.statusCode, code).toBe(404);
      expect(res.json().error.message).toContain(code);
    }
    expect(await downloadRows(s.customer.id)).toEqual([]);
  });

  it('refuses future, reversed or too long periods, empty hours and bad cameras lists with the field (400)', async () => {
    const s = await shop();
    const base = { camera_codes: [s.camera.code] };
    const cases: [Record<string, unknown>, string][] = [
      [{ end: '2999-01-01' }, 'end'],
      [{ start: '2026-11-05', end: '2026-11-01' }, 'end'],
      [{ start: '2026-01-01', end: '2026-06-01' }, 'end'],
      [{ hour_from: 12, hour_to: 12 }, 'hour_to'],
      [{ hour_from: 25 }, 'hour_from'],
      [{ weekdays: ['funday'] }, 'weekdays'],
      [{ per: 'week' }, 'per'],
      [{ time_zone: '+09:00' }, 'time_zone'],
      [{ camera_codes: [] }, 'camera_codes'],
      [{ camera_codes: [s.camera.code, s.camera.code] }, 'camera_codes'],
      [{ camera_codes: Array.from({ length: 11 }, (_, i) => `cam-${i}`) }, 'camera_codes'],
      // A week of Tuesdays to Fridays asked for Mondays only: no day to draw.
      [{ start: '2026-11-03', end: '2026-11-06', weekdays: ['mon'] }, 'weekdays'],
    ];
    for (const [payload, field] of cases) {
      const res = await ask(s.cookie, { ...base, ...payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      // A list's element is named by its index (`weekdays.0`).
      const fields = Object.keys(res.json().errors).map((name) => name.split('.')[0]);
      expect(fields, JSON.stringify(payload)).toContain(field);
    }
    expect(await downloadRows(s.customer.id)).toEqual([]);
    const early = await as(t.app, s.cookie, { method: 'GET', url: '/api/heatmap/downloads/abc' });
    expect(early.statusCode).toBe(400);
  });

  it('advanced.md §9: past the customer’s monthly allowance the request is refused as limit_exceeded', async () => {
    const s = await shop();
    await t.db
      .insertInto('heatmap_downloads')
      .values({
        customer_id: s.customer.id,
        user_id: s.user.id,
        start_day: '2026-11-01',
        end_day: '2026-11-01',
        hour_from: 0,
        hour_to: 24,
        weekdays: ['mon'],
        per: 'day',
        time_zone: 'Asia/Tokyo',
        status: 'ready',
        bytes: 50 * 1024 ** 3 - HEATMAP_IMAGE_ESTIMATE_BYTES,
      })
      .execute();
    // One image still fits; two do not.
    const two = await ask(s.cookie, {
      camera_codes: [s.camera.code],
      start: '2026-11-02',
      end: '2026-11-03',
    });
    expect(two.json()).toEqual({ result: 'failed', data: { reason: 'limit_exceeded' } });
    const one = await ask(s.cookie, {
      camera_codes: [s.camera.code],
      start: '2026-11-02',
      end: '2026-11-02',
    });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().data.allowance.used_bytes).toBe(50 * 1024 ** 3);
  });

  it('keeps another customer out of its downloads (404), and a file not ready yet is 409', async () => {
    const owner = await shop();
    const queued = await ask(owner.cookie, {
      camera_codes: [owner.camera.code],
      start: '2026-11-02',
      end: '2026-11-02',
    });
    const id = queued.json().data.download.download_id as string;
    const early = await as(t.app, owner.cookie, { method: 'GET', url: `/api/heatmap/downloads/${id}/file` });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.reason).toBe('download_not_ready');
    const outsider = await shop();
    await expectForeignIdsRefused(t.app, outsider.cookie, [
      { name: 'status', request: { method: 'GET', url: `/api/heatmap/downloads/${id}` } },
      { name: 'file', request: { method: 'GET', url: `/api/heatmap/downloads/${id}/file` } },
    ]);
    const list = await as(t.app, outsider.cookie, { method: 'GET', url: '/api/heatmap/downloads' });
    expect(list.json().data.downloads).toEqual([]);
  });
});

describe('the heatmap-download job', () => {
  it('on a failing heat map tries again, then marks the batch failed and tells the user', async () => {
    const s = await shop();
    const res = await ask(s.cookie, {
      camera_codes: [s.camera.code],
      start: '2026-11-02',
      end: '2026-11-02',
    });
    const id = Number(res.json().data.download.download_id);
    const asked: string[] = [];
    const failing: HeatmapSource = {
      heatmapOf: async (customerId, camera, filter) => {
        asked.push(`${customerId} ${camera.code} ${filter.start} ${filter.end} ${filter.timeZone}`);
        throw new Error('heat map unavailable');
      },
    };
    const deps = {
      downloads: new HeatmapDownloadRepository(t.db),
      blobs: t.services.blobs,
      notifications: new NotificationRepository(t.db),
      heatmaps: failing,
      render: () => Promise.reject(new Error('no image is drawn when the heat cannot be read')),
    };
    await expect(runHeatmapDownloadJob(deps, id, { attempt: 1, maxAttempts: 2 })).rejects.toThrow(
      /unavailable/,
    );
    expect(await statusOf(s.cookie, String(id))).toMatchObject({
      status: 'queued',
      error: 'heat map unavailable',
    });
    await expect(runHeatmapDownloadJob(deps, id, { attempt: 2, maxAttempts: 2 })).rejects.toThrow(
      /unavailable/,
    );
    expect(await statusOf(s.cookie, String(id))).toMatchObject({ status: 'failed', file_url: null });
    expect(asked).toEqual(
      Array(2).fill(`${s.customer.id} ${s.camera.code} 2026-11-02 2026-11-02 Asia/Tokyo`),
    );
    const notes = await t.db
      .selectFrom('notifications')
      .select(['event', 'kind', 'camera_id'])
      .where('user_id', '=', s.user.id)
      .execute();
    expect(notes).toEqual([{ event: 'download', kind: 'failed', camera_id: s.camera.id }]);
    // A failed batch does not count against the allowance.
    const list = await as(t.app, s.cookie, { method: 'GET', url: '/api/heatmap/downloads' });
    expect(list.json().data.allowance.used_bytes).toBe(0);
    await t.db.deleteFrom('jobs').where('dedupe_key', '=', `heatmap-download:${id}`).execute();
  });

  it('a batch whose worker died on its last attempt is marked failed and its user told, once', async () => {
    const s = await shop();
    const res = await ask(s.cookie, {
      camera_codes: [s.camera.code],
      start: '2026-11-02',
      end: '2026-11-02',
    });
    const id = Number(res.json().data.download.download_id);
    // The queue failed the job when the lease of its last run ran out (jobs.failAbandoned).
    await t.db.updateTable('heatmap_downloads').set({ status: 'running' }).where('id', '=', id).execute();
    await t.db
      .updateTable('jobs')
      .set({ status: 'failed', last_error: 'lease expired (worker stopped)' })
      .where('dedupe_key', '=', `heatmap-download:${id}`)
      .execute();
    const sweep = async () => {
      await t.services.jobs.enqueue('download-expiry', {});
      await t.services.jobs.runDue();
    };
    await sweep();
    expect(await statusOf(s.cookie, String(id))).toMatchObject({ status: 'running' });
    await t.db
      .updateTable('heatmap_downloads')
      .set({ created_at: new Date(Date.now() - 2 * 60_000) })
      .where('id', '=', id)
      .execute();
    await sweep();
    await sweep();
    expect(await statusOf(s.cookie, String(id))).toMatchObject({ status: 'failed', file_url: null });
    const notes = await t.db
      .selectFrom('notifications')
      .select(['event', 'kind', 'camera_id'])
      .where('user_id', '=', s.user.id)
      .execute();
    expect(notes).toEqual([{ event: 'download', kind: 'failed', camera_id: s.camera.id }]);
    await t.db.deleteFrom('jobs').where('dedupe_key', '=', `heatmap-download:${id}`).execute();
  });
});
