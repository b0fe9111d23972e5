// Shareable clip links through the real app (issue 22): make, list and revoke; the public page's calls without an
// account (what it shows, its clips with byte ranges, its file); altered, expired and revoked tokens answer 403
// with the reason; another customer's camera or link is not found; a range without recordings is a clear 400;
// every creation, revocation and view is in the audit log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClip, minuteAgo } from '../../../test/helpers/media-fixtures.ts';
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
afterAll(async () => {
  await t.cleanup();
});

async function recordedCamera(minutes: number, permissions?: Parameters<typeof createTenant>[1]) {
  const tenant = await createTenant(t.db, permissions);
  const { camera } = await createLocationAndCamera(t.db, tenant.customer.id, 'Loading dock');
  const clip = await makeClip({ seconds: 2 });
  const first = minuteAgo(minutes + 1);
  const clips = [];
  for (let i = 0; i < minutes; i++)
    clips.push(
      await putClip(t, camera.id, new Date(first.getTime() + i * 60_000), clip, { durationMs: 2_000 }),
    );
  const cookie = await login(t.app, tenant.user);
  return { tenant, camera, cookie, first, clip, clips };
}

const at = (start: Date, minutes: number) => new Date(start.getTime() + minutes * 60_000).toISOString();

const create = (cookie: string, cameraCode: string, payload: Record<string, unknown>) =>
  as(t.app, cookie, { method: 'POST', url: `/api/cameras/${cameraCode}/share-links`, payload });

const publicGet = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

const tokenOf = (url: string) => url.slice('/share/'.length);

async function auditKinds(customerId: number) {
  return t.db
    .selectFrom('audit_events')
    .select(['kind', 'user_id', 'ip', 'target', 'camera_name'])
    .where('customer_id', '=', customerId)
    .orderBy('id')
    .execute();
}

describe('share links', () => {
  it('makes a link, lists it, and the link plays its range without an account', async () => {
    const { tenant, camera, cookie, first, clip, clips } = await recordedCamera(3);
    const res = await create(cookie, camera.code, {
      start_datetime: at(first, 0),
      end_datetime: at(first, 2),
      expires_in_hours: 24,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { share_link: link, url } = res.json().data;
    expect(url).toMatch(/^\/share\/[A-Za-z0-9_-]{43}$/);
    expect(link).toMatchObject({
      camera_code: camera.code,
      camera_name: 'Loading dock',
      start_datetime: at(first, 0),
      end_datetime: at(first, 2),
      allow_download: false,
      status: 'active',
      view_count: 0,
      revoked_at: null,
    });
    expect(Date.parse(link.expires_at) - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    // Only the token's hash is kept.
    const stored = await t.db
      .selectFrom('share_links')
      .select('token_hash')
      .where('id', '=', Number(link.share_link_id))
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(tokenOf(url));

    const list = await as(t.app, cookie, { method: 'GET', url: '/api/share-links' });
    expect(list.json().data.share_links.map((l: { share_link_id: string }) => l.share_link_id)).toEqual([
      link.share_link_id,
    ]);

    // Without any cookie: the range's two minutes (not the third), each clip served with byte ranges.
    const page = await publicGet(`/api/public/share/${tokenOf(url)}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['set-cookie']).toBeUndefined();
    const shared = page.json().data;
    expect(shared).toMatchObject({
      camera_name: 'Loading dock',
      start_datetime: at(first, 0),
      end_datetime: at(first, 2),
      allow_download: false,
      download: null,
    });
    expect(shared.clips.map((c: { clip_id: string }) => c.clip_id)).toEqual([
      String(clips[0]!.id),
      String(clips[1]!.id),
    ]);
    expect(JSON.stringify(shared)).not.toContain(camera.code);
    const video = await publicGet(shared.clips[0].url);
    expect(video.statusCode).toBe(200);
    expect(video.headers['content-type']).toBe('video/mp4');
    expect(video.headers['cache-control']).toBe('private, no-store');
    expect(video.rawPayload.equals(clip)).toBe(true);
    const part = await publicGet(shared.clips[0].url, { range: 'bytes=0-99' });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.length).toBe(100);
    // The third minute is the camera's but not the link's.
    const outside = await publicGet(`/api/public/share/${tokenOf(url)}/clips/${clips[2]!.id}`);
    expect(outside.statusCode).toBe(404);

    const again = await as(t.app, cookie, { method: 'GET', url: '/api/share-links' });
    expect(again.json().data.share_links[0]).toMatchObject({ view_count: 1 });
    expect(again.json().data.share_links[0].last_viewed_at).not.toBeNull();
    const events = await auditKinds(tenant.customer.id);
    expect(events.filter((e) => e.kind.startsWith('share_link'))).toEqual([
      expect.objectContaining({
        kind: 'share_link_created',
        user_id: tenant.user.id,
        target: link.share_link_id,
      }),
      expect.objectContaining({
        kind: 'share_link_viewed',
        user_id: null,
        ip: '127.0.0.1',
        camera_name: 'Loading dock',
      }),
    ]);
  });

  it('answers 403 with the reason for altered, unknown, expired and revoked tokens; revoking stops the clips', async () => {
    const { camera, cookie, first, tenant } = await recordedCamera(1);
    const res = await create(cookie, camera.code, {
      start_datetime: at(first, 0),
      end_datetime: at(first, 1),
      expires_in_hours: 1,
    });
    const { share_link: link, url } = res.json().data;
    const token = tokenOf(url);
    const shared = (await publicGet(`/api/public/share/${token}`)).json().data;
    const clipUrl: string = shared.clips[0].url;

    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [altered, 'not-a-token', `${token}x`]) {
      const answer = await publicGet(`/api/public/share/${bad}`);
      expect(answer.statusCode, bad).toBe(403);
      expect(answer.json().error.code).toBe('share_link_invalid');
      expect(answer.body).not.toContain(camera.code);
      expect(answer.body).not.toContain('Loading dock');
    }
    expect((await publicGet(clipUrl.replace(token, altered))).statusCode).toBe(403);

    // Past its time (moved back in the database, as the clock would).
    await t.db
      .updateTable('share_links')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', Number(link.share_link_id))
      .execute();
    const expired = await publicGet(`/api/public/share/${token}`);
    expect(expired.statusCode).toBe(403);
    expect(expired.json().error.code).toBe('share_link_expired');
    expect((await publicGet(clipUrl)).statusCode).toBe(403);
    await t.db
      .updateTable('share_links')
      .set({ expires_at: new Date(Date.now() + 3_600_000) })
      .where('id', '=', Number(link.share_link_id))
      .execute();
    expect((await publicGet(clipUrl)).statusCode).toBe(200);

    const revoked = await as(t.app, cookie, {
      method: 'DELETE',
      url: `/api/share-links/${link.share_link_id}`,
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().data.share_link).toMatchObject({ status: 'revoked' });
    const gone = await publicGet(`/api/public/share/${token}`);
    expect(gone.statusCode).toBe(403);
    expect(gone.json().error).toMatchObject({ code: 'share_link_revoked' });
    expect((await publicGet(clipUrl)).statusCode).toBe(403);
    const list = await as(t.app, cookie, { method: 'GET', url: '/api/share-links' });
    expect(list.json().data.share_links[0]).toMatchObject({ status: 'revoked' });
    const kinds = (await auditKinds(tenant.customer.id)).map((e) => e.kind);
    expect(kinds).toContain('share_link_revoked');
  });

  it('refuses a range without recordings, too long, in the future, and lifetimes outside 1 h to 7 days', async () => {
    const { camera, cookie, first } = await recordedCamera(1);
    const before = new Date(first.getTime() - 3 * 3_600_000);
    const empty = await create(cookie, camera.code, {
      start_datetime: at(before, 0),
      end_datetime: at(before, 5),
      expires_in_hours: 1,
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      errors: { start_datetime: [expect.stringMatching(/nothing was recorded/)] },
      codes: { start_datetime: ['bad_range'] },
    });
    const cases: [Record<string, unknown>, string][] = [
      [{ start_datetime: at(first, 0), end_datetime: at(first, 61), expires_in_hours: 1 }, 'end_datetime'],
      [{ start_datetime: at(first, 1), end_datetime: at(first, 0), expires_in_hours: 1 }, 'end_datetime'],
      [{ start_datetime: at(first, 0), end_datetime: at(first, 1), expires_in_hours: 0 }, 'expires_in_hours'],
      [
        { start_datetime: at(first, 0), end_datetime: at(first, 1), expires_in_hours: 169 },
        'expires_in_hours',
      ],
      [
        { start_datetime: at(first, 0), end_datetime: at(first, 1), expires_in_hours: 1.5 },
        'expires_in_hours',
      ],
      [{ start_datetime: at(first, 30), end_datetime: at(first, 31), expires_in_hours: 1 }, 'start_datetime'],
    ];
    for (const [payload, field] of cases) {
      const answer = await create(cookie, camera.code, payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(answer.json().errors), JSON.stringify(payload)).toContain(field);
    }
  });

  it('needs the archive right (and batchDownload to allow download); others’ cameras and links are not found', async () => {
    const { camera, cookie, first, tenant } = await recordedCamera(1);
    const body = { start_datetime: at(first, 0), end_datetime: at(first, 1), expires_in_hours: 1 };
    const noArchive = await createUser(t.db, tenant.customer.id, {
      parentUserId: tenant.user.id,
      permissions: { archive: false },
    });
    expect((await create(await login(t.app, noArchive), camera.code, body)).statusCode).toBe(403);
    const noBatch = await createUser(t.db, tenant.customer.id, {
      parentUserId: tenant.user.id,
      permissions: { archive: true, batchDownload: false },
    });
    const noBatchCookie = await login(t.app, noBatch);
    expect((await create(noBatchCookie, camera.code, { ...body, allow_download: true })).statusCode).toBe(
      403,
    );
    expect((await create(noBatchCookie, camera.code, body)).statusCode).toBe(200);

    const link = (await create(cookie, camera.code, body)).json().data.share_link;
    const other = await recordedCamera(1);
    expect((await create(other.cookie, camera.code, body)).statusCode).toBe(404);
    const foreign = await as(t.app, other.cookie, {
      method: 'DELETE',
      url: `/api/share-links/${link.share_link_id}`,
    });
    expect(foreign.statusCode).toBe(404);
    // A colleague of the same customer neither sees nor revokes it: links are the creator's.
    const colleague = await as(t.app, noBatchCookie, {
      method: 'DELETE',
      url: `/api/share-links/${link.share_link_id}`,
    });
    expect(colleague.statusCode).toBe(404);
    const colleagueList = await as(t.app, noBatchCookie, { method: 'GET', url: '/api/share-links' });
    expect(colleagueList.json().data.share_links).toHaveLength(1);
    const otherList = await as(t.app, other.cookie, { method: 'GET', url: '/api/share-links' });
    expect(otherList.body).not.toContain(camera.code);
  });

  it('offers the range as one MP4 when allowed, once the download job has joined it', async () => {
    const { camera, cookie, first, tenant } = await recordedCamera(2);
    const res = await create(cookie, camera.code, {
      start_datetime: at(first, 0),
      end_datetime: at(first, 2),
      expires_in_hours: 6,
      allow_download: true,
      time_zone: 'Asia/Tokyo',
    });
    expect(res.statusCode, res.body).toBe(200);
    const token = tokenOf(res.json().data.url);
    const preparing = (await publicGet(`/api/public/share/${token}`)).json().data;
    expect(preparing.download).toEqual({ status: 'preparing', file_url: null });
    expect((await publicGet(`/api/public/share/${token}/download`)).statusCode).toBe(409);

    await t.services.jobs.runDue();
    const ready = (await publicGet(`/api/public/share/${token}`)).json().data;
    expect(ready.download).toEqual({ status: 'ready', file_url: `/api/public/share/${token}/download` });
    const file = await publicGet(ready.download.file_url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="Loading_dock_.+\.mp4"/);
    expect(file.rawPayload.length).toBeGreaterThan(1000);
    const views = (await auditKinds(tenant.customer.id)).filter((e) => e.kind === 'share_link_viewed');
    expect(views).toHaveLength(3);

    // A link without download offers none.
    const plain = await create(cookie, camera.code, {
      start_datetime: at(first, 0),
      end_datetime: at(first, 1),
      expires_in_hours: 1,
    });
    expect((await publicGet(`/api/public/share/${tokenOf(plain.json().data.url)}/download`)).statusCode).toBe(
      404,
    );
  });

  it('a link stops when its creator loses the archive right', async () => {
    const { camera, cookie, first, tenant } = await recordedCamera(1);
    const res = await create(cookie, camera.code, {
      start_datetime: at(first, 0),
      end_datetime: at(first, 1),
      expires_in_hours: 1,
    });
    const token = tokenOf(res.json().data.url);
    await t.db.updateTable('users').set({ perm_archive: false }).where('id', '=', tenant.user.id).execute();
    const answer = await publicGet(`/api/public/share/${token}`);
    expect(answer.statusCode).toBe(403);
    expect(answer.json().error.code).toBe('share_link_revoked');
  });
});

describe('share link rate limit', () => {
  let limited: TestApp & { cleanup: () => Promise<void> };
  beforeAll(async () => {
    limited = await createMediaTestApp({ SHARE_LINK_RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(async () => {
    await limited.cleanup();
  });

  it('answers 429 to a client that looks up links too often', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push(
        (await limited.app.inject({ method: 'GET', url: `/api/public/share/${'a'.repeat(43)}` })).statusCode,
      );
    expect(statuses).toEqual([403, 403, 403, 429]);
  });
});
