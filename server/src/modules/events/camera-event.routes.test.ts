// Issue 22 "Events page": GET api/events lists what each finder wrote (motion, person, entry, people pass, camera
// down/up) newest first with its camera, thumbnail and clip; keyset pages neither skip nor repeat; the filters
// (camera, tag, site, kind, period) narrow; POST api/events/reviewed and GET api/events/unreviewed-count keep each
// user's reviewed marks. Another customer's cameras, tags, sites and events stay out of reach; bad input is a 400
// naming the field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CameraEvent, EventPage } from '@camwatch/contract/events';
import { CAMERA_EVENT_KINDS, UNREVIEWED_COUNT_CAP } from '@camwatch/contract/events-rules';
import {
  createMediaTestApp,
  grantedKey,
  putClip,
  putThumbnail,
} from '../../../test/helpers/recorded-media.ts';
import {
  as,
  createLocationAndCamera,
  createTenant,
  createUser,
  login,
  type TestApp,
} from '../../../test/helpers/test-app.ts';
import { everyRight } from '../../db/seed/demo-account.ts';
import { CameraHealthRepository } from '../../realtime/camera-health.repository.ts';
import { RecordedMediaRepository } from '../archives/recorded-media.repository.ts';
import { EnterAlertRepository } from '../entry-detection/entry-detection.repository.ts';
import { replacePassesOfClip } from '../people-counter/people-count.repository.ts';
import { VisionRepository } from '../vision/vision.repository.ts';
import { insertStatusEvents } from './camera-event.repository.ts';

let t: TestApp & { cleanup: () => Promise<void> };
beforeAll(async () => {
  t = await createMediaTestApp();
});
afterAll(() => t.cleanup());

const MINUTE = 60_000;
/** A whole minute some hours ago, so nothing else of the test's cameras falls in it. */
const pastMinute = (minutesAgo: number) => new Date(Math.floor(Date.now() / MINUTE - minutesAgo) * MINUTE);

async function list(cookie: string, query = '') {
  const res = await as(t.app, cookie, { method: 'GET', url: `/api/events${query ? `?${query}` : ''}` });
  return { status: res.statusCode, body: res.json() as { data: EventPage } & Record<string, unknown> };
}

async function all(
  cookie: string,
  query: string,
  limit = 3,
  from: string | null = null,
): Promise<CameraEvent[]> {
  const events: CameraEvent[] = [];
  let cursor: string | null = from;
  for (let pages = 0; pages < 100; pages++) {
    const page = await list(cookie, `${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    events.push(...page.body.data.events);
    cursor = page.body.data.next_cursor;
    if (!cursor) return events;
  }
  throw new Error('too many pages');
}

async function tenantWithCameras(names: string[]) {
  const { customer, user } = await createTenant(t.db);
  const cameras = [];
  for (const name of names) cameras.push(await createLocationAndCamera(t.db, customer.id, name));
  return { customer, user, cameras, cookie: await login(t.app, user) };
}

/** Writes an event the way the status change does (the simplest finder) at a chosen moment. */
const eventAt = (customerId: number, cameraId: number, at: Date, status: 'down' | 'normal' = 'down') =>
  t.db.transaction().execute((trx) => insertStatusEvents(trx, [{ customerId, cameraId, status, at }]));

describe('GET api/events: what the finders wrote', () => {
  it('lists motion, person, entry, people pass and down/up newest first with camera, thumbnail and clip', async () => {
    const { customer, cameras, cookie } = await tenantWithCameras(['Gate']);
    const camera = cameras[0]!.camera;
    const minute = pastMinute(200);
    const clip = await putClip(t, camera.id, minute, Buffer.from('clip'));
    const thumbKey = await putThumbnail(t, camera.id, minute, Buffer.from('jpeg'));
    const row = { id: clip.id, camera_id: camera.id, customer_id: customer.id, start_time: minute };

    await new RecordedMediaRepository(t.db).saveMotion(row, [
      { startSec: 2, endSec: 5 },
      { startSec: 20, endSec: 31.5 },
    ]);
    await new EnterAlertRepository(t.db).saveEntries(
      row,
      [
        { startSec: 0, endSec: 4, areaName: 'Door', continued: true },
        { startSec: 40, endSec: 44, areaName: 'Door' },
      ],
      {},
    );
    await t.db.transaction().execute((trx) =>
      replacePassesOfClip(trx, {
        customerId: customer.id,
        cameraId: camera.id,
        clipId: clip.id,
        minute,
        offsetMs: 0,
        passes: [{ trackId: 'x-1', inOut: 'I', startSec: 10, endSec: 12, isStaff: true, descriptor: null }],
      }),
    );
    await new VisionRepository(t.db).saveTracks(
      row,
      { tracks: [], endState: {}, frames: 1, detectedFrames: 1, cpuMs: 1 },
      [{ at: new Date(minute.getTime() + 7_250), endsAt: new Date(minute.getTime() + 9_000), detail: {} }],
    );
    await eventAt(customer.id, camera.id, new Date(minute.getTime() + 50_000), 'down');
    await eventAt(customer.id, camera.id, new Date(minute.getTime() + 55_000), 'normal');

    const { status, body } = await list(cookie);
    expect(status).toBe(200);
    const events = body.data.events;
    expect(events.map((e) => [e.kind, (Date.parse(e.at) - minute.getTime()) / 1000])).toEqual([
      ['camera_up', 55],
      ['camera_down', 50],
      ['entry', 40],
      ['people_pass', 10],
      ['person', 7.25],
      ['motion', 2],
    ]);
    const motion = events.find((e) => e.kind === 'motion')!;
    expect(motion).toMatchObject({
      camera_code: camera.code,
      camera_name: 'Gate',
      ends_at: new Date(minute.getTime() + 31_500).toISOString(),
      detail: { movements: 2 },
      archive_id: String(clip.id),
      clip_offset_sec: 2,
      reviewed: false,
    });
    expect(grantedKey(t, motion.thumb_url)).toBe(thumbKey);
    expect(events.find((e) => e.kind === 'entry')?.detail).toEqual({ area_name: 'Door' });
    expect(events.find((e) => e.kind === 'people_pass')?.detail).toEqual({ in_out: 'I', is_staff: true });
    expect(body.data.next_cursor).toBeNull();

    // Analysed again: each finder's events of the clip are replaced, never doubled.
    await new RecordedMediaRepository(t.db).saveMotion(row, [{ startSec: 3, endSec: 4 }]);
    const again = (await list(cookie, 'kind[]=motion')).body.data.events;
    expect(again.map((e) => e.at)).toEqual([new Date(minute.getTime() + 3_000).toISOString()]);
    await new RecordedMediaRepository(t.db).saveMotion(row, []);
    expect((await list(cookie, 'kind[]=motion')).body.data.events).toEqual([]);
  });

  it('writes camera_down and camera_up with the status change itself', async () => {
    const { customer, cameras, cookie } = await tenantWithCameras(['Yard']);
    const camera = cameras[0]!.camera;
    const now = new Date();
    await t.db
      .updateTable('cameras')
      .set({ last_seen_at: new Date(now.getTime() - 10 * MINUTE) })
      .where('id', '=', camera.id)
      .execute();
    const health = new CameraHealthRepository(t.db);
    const flips = await health.flip(5 * MINUTE, now);
    expect(flips.filter((f) => f.cameraId === camera.id)).toHaveLength(1);
    const events = (await list(cookie)).body.data.events;
    expect(events.map((e) => [e.kind, e.at, e.camera_code])).toEqual([
      ['camera_down', now.toISOString(), camera.code],
    ]);
    expect(customer.id).toBeGreaterThan(0);
  });

  it('shows no thumbnail or clip to a user without the archive right, but the events all the same', async () => {
    const { customer, user, cameras } = await tenantWithCameras(['Hall']);
    const camera = cameras[0]!.camera;
    const minute = pastMinute(300);
    const clip = await putClip(t, camera.id, minute, Buffer.from('clip'));
    await putThumbnail(t, camera.id, minute, Buffer.from('jpeg'));
    await new RecordedMediaRepository(t.db).saveMotion(
      { id: clip.id, camera_id: camera.id, customer_id: customer.id, start_time: minute },
      [{ startSec: 1, endSec: 2 }],
    );
    const child = await createUser(t.db, customer.id, {
      parentUserId: user.id,
      permissions: { ...everyRight, archive: false },
    });
    const events = (await list(await login(t.app, child))).body.data.events;
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      kind: 'motion',
      thumb_url: null,
      archive_id: null,
      clip_offset_sec: null,
    });
  });
});

describe('GET api/events: keyset pages and filters', () => {
  it('pages newest first without skipping or repeating, even when events arrive between pages', async () => {
    const { customer, cameras, cookie } = await tenantWithCameras(['A', 'B']);
    const base = pastMinute(400).getTime();
    // Two events at the very same moment: the id breaks the tie.
    const moments = [0, 1_000, 1_000, 2_500, 4_000, 4_001, 9_999];
    for (const [i, offset] of moments.entries())
      await eventAt(customer.id, cameras[i % 2]!.camera.id, new Date(base + offset));

    const first = await list(cookie, 'limit=3');
    expect(first.body.data.events).toHaveLength(3);
    // A newer event arrives: the next page goes on where the first stopped.
    await eventAt(customer.id, cameras[0]!.camera.id, new Date(base + 20_000));
    const rest = await all(cookie, '', 3, first.body.data.next_cursor);
    const times = [...first.body.data.events, ...rest].map((e) => Date.parse(e.at) - base);
    expect(times).toEqual([9_999, 4_001, 4_000, 2_500, 1_000, 1_000, 0]);
    const ids = [...first.body.data.events, ...rest].map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('filters by camera, tag, site, kind and period, alone and together', async () => {
    const { customer, cameras, cookie } = await tenantWithCameras(['North', 'South', 'East']);
    const [north, south, east] = cameras.map((c) => c!);
    const tag = await t.db
      .insertInto('tags')
      .values({ customer_id: customer.id, code: `tag-${north!.camera.code}`, name: 'Outside' })
      .returning(['id', 'code'])
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('camera_tags')
      .values([
        { camera_id: north!.camera.id, tag_id: tag.id },
        { camera_id: east!.camera.id, tag_id: tag.id },
      ])
      .execute();
    const base = pastMinute(500).getTime();
    const written: { camera: string; kind: 'camera_down' | 'camera_up'; ms: number }[] = [];
    for (let i = 0; i < 12; i++) {
      const camera = [north, south, east][i % 3]!.camera;
      const status = i % 4 === 0 ? 'normal' : 'down';
      await eventAt(customer.id, camera.id, new Date(base + i * 1_000), status);
      written.push({
        camera: camera.code,
        kind: status === 'down' ? 'camera_down' : 'camera_up',
        ms: base + i * 1_000,
      });
    }
    const expectFilter = async (query: string, keep: (w: (typeof written)[number]) => boolean) => {
      const got = await all(cookie, query, 2);
      const want = written.filter(keep).sort((a, b) => b.ms - a.ms);
      expect(
        got.map((e) => [e.camera_code, e.kind, Date.parse(e.at)]),
        query,
      ).toEqual(want.map((w) => [w.camera, w.kind, w.ms]));
    };
    await expectFilter('', () => true);
    await expectFilter(`camera[]=${south!.camera.code}`, (w) => w.camera === south!.camera.code);
    await expectFilter(
      `camera[]=${south!.camera.code}&camera[]=${east!.camera.code}&kind[]=camera_up`,
      (w) => w.camera !== north!.camera.code && w.kind === 'camera_up',
    );
    await expectFilter(`tag=${tag.code}`, (w) => w.camera !== south!.camera.code);
    await expectFilter(`location=${east!.location.code}`, (w) => w.camera === east!.camera.code);
    await expectFilter(`tag=${tag.code}&location=${south!.location.code}`, () => false);
    await expectFilter('kind[]=camera_down', (w) => w.kind === 'camera_down');
    await expectFilter(
      `kind[]=camera_down&kind[]=camera_up&kind[]=motion`,
      (w) => w.kind === 'camera_down' || w.kind === 'camera_up',
    );
    const from = new Date(base + 3_000).toISOString();
    const to = new Date(base + 8_000).toISOString();
    await expectFilter(`from=${from}&to=${to}`, (w) => w.ms >= base + 3_000 && w.ms < base + 8_000);
    // What the page offers to filter by: the customer's cameras, sites and tags with a camera, by name.
    const options = (await as(t.app, cookie, { method: 'GET', url: '/api/events/filters' })).json().data;
    expect(options.cameras.map((c: { name: string }) => c.name)).toEqual(['East', 'North', 'South']);
    expect(options.sites.map((site: { code: string }) => site.code).sort()).toEqual(
      [north!.location.code, south!.location.code, east!.location.code].sort(),
    );
    expect(options.tags).toEqual([{ code: tag.code, name: 'Outside' }]);
    await expectFilter(
      `from=${from}&to=${to}&tag=${tag.code}&kind[]=camera_down`,
      (w) =>
        w.ms >= base + 3_000 &&
        w.ms < base + 8_000 &&
        w.camera !== south!.camera.code &&
        w.kind === 'camera_down',
    );
  });

  it('reads the same events whichever index plan serves the filters (many cameras, many kinds)', async () => {
    const names = Array.from({ length: 63 }, (_, i) => `Cam ${i}`);
    const { customer, cameras, cookie } = await tenantWithCameras(names);
    const tag = await t.db
      .insertInto('tags')
      .values({ customer_id: customer.id, code: `many-${cameras[0]!.camera.code}`, name: 'Many' })
      .returning(['id', 'code'])
      .executeTakeFirstOrThrow();
    // 62 cameras tagged: more than one page query's branches, so the tag is filtered among the customer's rows.
    await t.db
      .insertInto('camera_tags')
      .values(cameras.slice(0, 62).map(({ camera }) => ({ camera_id: camera.id, tag_id: tag.id })))
      .execute();
    const base = pastMinute(600).getTime();
    for (const [i, { camera }] of cameras.entries())
      await eventAt(customer.id, camera.id, new Date(base + i * 100), i % 2 === 0 ? 'down' : 'normal');
    const tagged = await all(cookie, `tag=${tag.code}`, 10);
    expect(tagged).toHaveLength(62);
    expect(tagged.map((e) => e.camera_code)).not.toContain(cameras[62]!.camera.code);
    const up = await all(cookie, `tag=${tag.code}&kind[]=camera_up`, 10);
    expect(up).toHaveLength(31);
    expect(up.every((e) => e.kind === 'camera_up')).toBe(true);
    expect(CAMERA_EVENT_KINDS).toHaveLength(6);
  });
});

describe('GET api/events: refusals', () => {
  it('answers 400 naming the field for bad input', async () => {
    const { cookie } = await tenantWithCameras(['X']);
    for (const [query, field] of [
      ['kind[]=fire', 'kind[]'],
      ['cursor=abc', 'cursor'],
      ['cursor=1_0', 'cursor'],
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['from=yesterday', 'from'],
      ['from=1970-01-01T00:00:00Z', 'from'],
      ['from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z', 'to'],
    ] as const) {
      const res = await list(cookie, query);
      expect(res.status, query).toBe(400);
      expect(Object.keys(res.body.errors as object), query).toContain(field);
    }
  });

  it("never reaches another customer's cameras, tags, sites or events", async () => {
    const owner = await tenantWithCameras(['Owner cam']);
    const outsider = await tenantWithCameras(['Outsider cam']);
    await eventAt(owner.customer.id, owner.cameras[0]!.camera.id, pastMinute(700));
    const tag = await t.db
      .insertInto('tags')
      .values({ customer_id: owner.customer.id, code: `own-${owner.cameras[0]!.camera.code}`, name: 'Own' })
      .returning('code')
      .executeTakeFirstOrThrow();
    for (const query of [
      `camera[]=${owner.cameras[0]!.camera.code}`,
      `tag=${tag.code}`,
      `location=${owner.cameras[0]!.location.code}`,
    ])
      expect((await list(outsider.cookie, query)).status, query).toBe(404);
    const seen = await list(outsider.cookie);
    expect(seen.body.data.events).toEqual([]);
    expect(JSON.stringify(seen.body)).not.toContain(owner.cameras[0]!.camera.code);
  });
});

describe('reviewed marks', () => {
  const mark = (cookie: string, payload: object) =>
    as(t.app, cookie, { method: 'POST', url: '/api/events/reviewed', payload });
  const count = async (cookie: string) =>
    (
      (await as(t.app, cookie, { method: 'GET', url: '/api/events/unreviewed-count' })).json() as {
        data: { count: number };
      }
    ).data.count;

  it('marks one by one and everything up to an event, per user; the count follows', async () => {
    const { customer, user, cameras, cookie } = await tenantWithCameras(['R']);
    const child = await createUser(t.db, customer.id, { parentUserId: user.id });
    const childCookie = await login(t.app, child);
    const base = pastMinute(800).getTime();
    for (let i = 0; i < 5; i++) await eventAt(customer.id, cameras[0]!.camera.id, new Date(base + i * 1_000));
    expect(await count(cookie)).toBe(5);
    const events = (await list(cookie)).body.data.events;

    const one = await mark(cookie, { ids: [events[1]!.id, events[3]!.id] });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().data).toEqual({ marked: 2, count: 3 });
    expect((await list(cookie)).body.data.events.map((e) => e.reviewed)).toEqual([
      false,
      true,
      false,
      true,
      false,
    ]);
    // Another user of the customer keeps their own marks.
    expect(await count(childCookie)).toBe(5);

    // Everything up to the newest event read; an event arriving later stays unreviewed.
    const through = await mark(cookie, { through_id: events[0]!.id });
    expect(through.json().data).toEqual({ marked: 3, count: 0 });
    await eventAt(customer.id, cameras[0]!.camera.id, new Date(base - 5_000));
    const after = (await list(cookie)).body.data.events;
    expect(after.map((e) => e.reviewed)).toEqual([true, true, true, true, true, false]);
    expect(await count(cookie)).toBe(1);
  });

  it('counts up to the cap only', async () => {
    const { customer, cameras, cookie } = await tenantWithCameras(['Busy']);
    const base = pastMinute(900).getTime();
    await t.db.transaction().execute((trx) =>
      insertStatusEvents(
        trx,
        Array.from({ length: UNREVIEWED_COUNT_CAP + 20 }, (_, i) => ({
          customerId: customer.id,
          cameraId: cameras[0]!.camera.id,
          status: 'down' as const,
          at: new Date(base + i),
        })),
      ),
    );
    expect(await count(cookie)).toBe(UNREVIEWED_COUNT_CAP);
  });

  it("refuses bad bodies naming the field, ignores another customer's ids, 404s their through_id", async () => {
    const owner = await tenantWithCameras(['O']);
    const outsider = await tenantWithCameras(['P']);
    await eventAt(owner.customer.id, owner.cameras[0]!.camera.id, pastMinute(1000));
    const ownerEvent = (await list(owner.cookie)).body.data.events[0]!;
    for (const [payload, field] of [
      [{}, 'ids'],
      [{ ids: [ownerEvent.id], through_id: ownerEvent.id }, 'through_id'],
      [{ ids: [] }, 'ids'],
      [{ ids: ['abc'] }, 'ids'],
      [{ through_id: '0' }, 'through_id'],
      [{ ids: [ownerEvent.id], all: true }, 'all'],
    ] as const) {
      const res = await mark(owner.cookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(res.json().errors), JSON.stringify(payload)).toContain(field);
    }
    const ignored = await mark(outsider.cookie, { ids: [ownerEvent.id] });
    expect(ignored.json().data).toEqual({ marked: 0, count: 0 });
    expect((await mark(outsider.cookie, { through_id: ownerEvent.id })).statusCode).toBe(404);
    expect((await list(owner.cookie)).body.data.events[0]!.reviewed).toBe(false);
  });
});
