// Live start, the live image address (with its wait for a newer frame), PTZ and lighting through the
// real app. The agent side is the hub's channel interface; the real agent is driven in test/pipeline.
import type { ServerToDeviceMessage } from '@camwatch/contract/device';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentChannel } from '../../realtime/agent-hub.ts';
import { makeJpeg } from '../../../test/helpers/media-fixtures.ts';
import { expectForeignIdsRefused } from '../../../test/helpers/tenancy.ts';
import {
  as,
  createLocationAndCamera,
  createTenant,
  createTestApp,
  createUser,
  login,
  type TestApp,
} from '../../../test/helpers/test-app.ts';

/** A control channel that records what the server sends and answers commands like a PTZ camera. */
function recordingChannel(
  answer: (m: Extract<ServerToDeviceMessage, { type: 'command' }>) => unknown = () => null,
) {
  const sent: ServerToDeviceMessage[] = [];
  let onCommand = answer;
  const channel: AgentChannel & { sent: ServerToDeviceMessage[]; answerWith(fn: typeof answer): void } = {
    sent,
    send(message) {
      sent.push(message);
      if (message.type === 'command') onCommand(message);
    },
    close() {},
    answerWith(fn) {
      onCommand = fn;
    },
  };
  return channel;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ EXPERIMENTAL_FEATURES: 'lighting' });
});
afterAll(async () => {
  await t.app.close();
});

async function setup(permissions?: Parameters<typeof createTenant>[1]) {
  const tenant = await createTenant(t.db, permissions);
  const { camera } = await createLocationAndCamera(t.db, tenant.customer.id);
  const cookie = await login(t.app, tenant.user);
  return { tenant, camera, cookie };
}

describe('PUT api/cameras/{camera_code}/live', () => {
  it('core.md §7: answers the live image address (isApi) and asks a connected agent for stills', async () => {
    const { camera, cookie } = await setup();
    const channel = recordingChannel();
    t.services.hub.attach(camera.id, channel, {
      camera_code: camera.code,
      fps: 5,
      width: 160,
      height: 90,
      live_interval_sec: 1,
      motion_area: [],
      can_pan: false,
      can_tilt: false,
      can_zoom: false,
    });
    expect(channel.sent.at(-1)).toEqual({ type: 'live', on: false });
    const res = await as(t.app, cookie, { method: 'PUT', url: `/api/cameras/${camera.code}/live` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { url: `/api/cameras/${camera.code}/live/image`, isApi: true } });
    expect(channel.sent.at(-1)).toEqual({ type: 'live', on: true });
    expect(t.services.hub.isLiveWanted(camera.id)).toBe(true);
    t.services.hub.detach(camera.id, channel);
  });

  it('core.md §9: refuses without the live right (403), for a camera without live (403), when down (409)', async () => {
    const noLive = await setup({ live: false });
    expect(
      (await as(t.app, noLive.cookie, { method: 'PUT', url: `/api/cameras/${noLive.camera.code}/live` }))
        .statusCode,
    ).toBe(403);

    const { camera, cookie } = await setup();
    await t.db.updateTable('cameras').set({ use_nolive: true }).where('id', '=', camera.id).execute();
    expect(
      (await as(t.app, cookie, { method: 'PUT', url: `/api/cameras/${camera.code}/live` })).statusCode,
    ).toBe(403);
    await t.db
      .updateTable('cameras')
      .set({ use_nolive: false, watch_status: 'down' })
      .where('id', '=', camera.id)
      .execute();
    const down = await as(t.app, cookie, { method: 'PUT', url: `/api/cameras/${camera.code}/live` });
    expect(down.statusCode).toBe(409);
    expect(down.json().error.code).toBe('conflict');
  });

  it('keeps another customer out of live, image, PTZ and lighting (404)', async () => {
    const owner = await setup();
    const outsider = await setup();
    await expectForeignIdsRefused(t.app, outsider.cookie, [
      { name: 'live start', request: { method: 'PUT', url: `/api/cameras/${owner.camera.code}/live` } },
      { name: 'live image', request: { method: 'GET', url: `/api/cameras/${owner.camera.code}/live/image` } },
      {
        name: 'ptz',
        request: { method: 'POST', url: `/api/cameras/${owner.camera.code}/ptz`, payload: { pan: 0.1 } },
      },
      {
        name: 'lighting',
        request: { method: 'PUT', url: `/api/cameras/${owner.camera.code}/lighting`, payload: { on: true } },
      },
    ]);
  });

  it('answers 401 without a session', async () => {
    const { camera } = await setup();
    const res = await t.app.inject({ method: 'PUT', url: `/api/cameras/${camera.code}/live` });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET api/cameras/{camera_code}/live/image', () => {
  it('core.md §3: answers the newest JPEG with Last-Modified and its exact frame time', async () => {
    const { camera, cookie } = await setup();
    const jpeg = await makeJpeg();
    const still = t.services.hub.putStill(camera.id, jpeg, Date.now());
    const res = await as(t.app, cookie, { method: 'GET', url: `/api/cameras/${camera.code}/live/image` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['last-modified']).toBe(new Date(still.receivedAt).toUTCString());
    expect(res.headers['x-frame-time']).toBe(String(still.receivedAt));
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.equals(jpeg)).toBe(true);
  });

  it('issue item 8: with after=<frame time> waits for the next frame and answers it as soon as it arrives', async () => {
    const { camera, cookie } = await setup();
    const first = t.services.hub.putStill(camera.id, await makeJpeg({ color: 'red' }), Date.now());
    const second = await makeJpeg({ color: 'blue' });
    const waiting = as(t.app, cookie, {
      method: 'GET',
      url: `/api/cameras/${camera.code}/live/image?after=${first.receivedAt}`,
    });
    setTimeout(() => t.services.hub.putStill(camera.id, second, Date.now()), 100);
    const res = await waiting;
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(second)).toBe(true);
    expect(Number(res.headers['x-frame-time'])).toBeGreaterThan(first.receivedAt);
  });

  it('answers 304 when no newer frame came while waiting, and 404 when the camera never sent one', async () => {
    const { camera, cookie } = await setup();
    const none = await as(t.app, cookie, { method: 'GET', url: `/api/cameras/${camera.code}/live/image` });
    expect(none.statusCode).toBe(404);
    const still = t.services.hub.putStill(camera.id, await makeJpeg(), Date.now());
    const same = await as(t.app, cookie, {
      method: 'GET',
      url: `/api/cameras/${camera.code}/live/image?after=${still.receivedAt}`,
    });
    expect(same.statusCode).toBe(304);
  });

  it('refuses a bad after value with 400 naming the field', async () => {
    const { camera, cookie } = await setup();
    const res = await as(t.app, cookie, {
      method: 'GET',
      url: `/api/cameras/${camera.code}/live/image?after=soon`,
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toContain('after');
  });
});

describe('POST api/ingest/cameras/{camera_code}/stills', () => {
  it('issue item 5: a still uploaded with the device token reaches a waiting viewer; answers whether live is wanted', async () => {
    const { camera, cookie } = await setup();
    const { token } = await t.services.deviceAuth.issue(camera.id);
    const jpeg = await makeJpeg({ color: 'green' });
    const upload = (body: Buffer, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: `/api/ingest/cameras/${camera.code}/stills?captured_at=${Date.now()}`,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'image/jpeg', ...headers },
        payload: body,
      });
    const idle = await upload(jpeg);
    expect(idle.statusCode, idle.body).toBe(200);
    expect(idle.json()).toEqual({ live: false });

    await as(t.app, cookie, { method: 'PUT', url: `/api/cameras/${camera.code}/live` });
    const latest = t.services.hub.latestStill(camera.id);
    const waiting = as(t.app, cookie, {
      method: 'GET',
      url: `/api/cameras/${camera.code}/live/image?after=${latest?.receivedAt ?? 0}`,
    });
    const wanted = await upload(jpeg);
    expect(wanted.json()).toEqual({ live: true });
    const seen = await waiting;
    expect(seen.statusCode).toBe(200);
    expect(seen.rawPayload.equals(jpeg)).toBe(true);

    const broken = await upload(Buffer.from('not a jpeg at all'));
    expect(broken.statusCode).toBe(400);
    expect(Object.keys(broken.json().errors)).toEqual(['body']);
    const wrongType = await upload(jpeg, { 'content-type': 'application/octet-stream' });
    expect(wrongType.statusCode).toBe(415);
    const noToken = await t.app.inject({
      method: 'POST',
      url: `/api/ingest/cameras/${camera.code}/stills?captured_at=1`,
      headers: { 'content-type': 'image/jpeg' },
      payload: jpeg,
    });
    expect(noToken.statusCode).toBe(401);
  });
});

describe('POST api/cameras/{camera_code}/ptz and PUT …/lighting', () => {
  const ptzConfig = (code: string) => ({
    camera_code: code,
    fps: 5,
    width: 160,
    height: 90,
    live_interval_sec: 1,
    motion_area: [],
    can_pan: true,
    can_tilt: true,
    can_zoom: false,
  });

  it('advanced.md §6: relays a PTZ move to the agent and answers where the camera is now', async () => {
    const { camera, cookie } = await setup();
    await t.db
      .updateTable('cameras')
      .set({ use_ptz: true, can_pan: true, can_tilt: true })
      .where('id', '=', camera.id)
      .execute();
    const channel = recordingChannel((m) =>
      t.services.hub.receive(camera.id, {
        type: 'result',
        id: m.id,
        ok: true,
        ptz: { pan: 0.25, tilt: 0, zoom: 1 },
      }),
    );
    t.services.hub.attach(camera.id, channel, ptzConfig(camera.code));
    const res = await as(t.app, cookie, {
      method: 'POST',
      url: `/api/cameras/${camera.code}/ptz`,
      payload: { pan: 0.25 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { ptz: { pan: 0.25, tilt: 0, zoom: 1 } } });
    expect(channel.sent.find((m) => m.type === 'command')).toMatchObject({
      command: { kind: 'ptz', pan: 0.25, tilt: 0, zoom: 0 },
    });

    // An axis the camera cannot move is refused without bothering the agent.
    const zoom = await as(t.app, cookie, {
      method: 'POST',
      url: `/api/cameras/${camera.code}/ptz`,
      payload: { zoom: 0.5 },
    });
    expect(zoom.json()).toEqual({ result: 'failed', data: { reason: 'not_supported' } });

    // The agent's refusal comes back as the failure reason.
    channel.answerWith((m) =>
      t.services.hub.receive(camera.id, {
        type: 'result',
        id: m.id,
        ok: false,
        error: { code: 'failed', message: 'motor stalled' },
      }),
    );
    const refused = await as(t.app, cookie, {
      method: 'POST',
      url: `/api/cameras/${camera.code}/ptz`,
      payload: { home: true },
    });
    expect(refused.json()).toEqual({ result: 'failed', data: { reason: 'failed' } });
    t.services.hub.detach(camera.id, channel);

    const offline = await as(t.app, cookie, {
      method: 'POST',
      url: `/api/cameras/${camera.code}/ptz`,
      payload: { pan: -0.1 },
    });
    expect(offline.json()).toEqual({ result: 'failed', data: { reason: 'offline' } });
  });

  it('core.md §9: PTZ needs the ptz right (403); a camera without PTZ is not_supported; bad steps are 400', async () => {
    const { camera, cookie } = await setup({ ptz: false });
    await t.db.updateTable('cameras').set({ use_ptz: true }).where('id', '=', camera.id).execute();
    expect(
      (
        await as(t.app, cookie, {
          method: 'POST',
          url: `/api/cameras/${camera.code}/ptz`,
          payload: { pan: 0.1 },
        })
      ).statusCode,
    ).toBe(403);

    const other = await setup();
    const noPtz = await as(t.app, other.cookie, {
      method: 'POST',
      url: `/api/cameras/${other.camera.code}/ptz`,
      payload: { pan: 0.1 },
    });
    expect(noPtz.json()).toEqual({ result: 'failed', data: { reason: 'not_supported' } });
    const bad = await as(t.app, other.cookie, {
      method: 'POST',
      url: `/api/cameras/${other.camera.code}/ptz`,
      payload: { pan: 3 },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('advanced.md §6: lighting needs the lighting right and the experimental feature; relays on/off', async () => {
    const { camera, cookie } = await setup();
    const channel = recordingChannel((m) =>
      t.services.hub.receive(camera.id, { type: 'result', id: m.id, ok: true, lighting: true }),
    );
    t.services.hub.attach(camera.id, channel, ptzConfig(camera.code));
    const res = await as(t.app, cookie, {
      method: 'PUT',
      url: `/api/cameras/${camera.code}/lighting`,
      payload: { on: true },
    });
    expect(res.json()).toEqual({ data: { lighting: true } });
    t.services.hub.detach(camera.id, channel);

    const { tenant } = await setup();
    const noRight = await createUser(t.db, tenant.customer.id, {
      permissions: { live: true, lighting: false },
    });
    const noRightCookie = await login(t.app, noRight);
    const owned = await createLocationAndCamera(t.db, tenant.customer.id, 'Dock');
    const refused = await as(t.app, noRightCookie, {
      method: 'PUT',
      url: `/api/cameras/${owned.camera.code}/lighting`,
      payload: { on: true },
    });
    expect(refused.statusCode).toBe(403);

    const withoutFeature = await createTestApp();
    try {
      const other = await createTenant(withoutFeature.db);
      const cam = await createLocationAndCamera(withoutFeature.db, other.customer.id);
      const c = await login(withoutFeature.app, other.user);
      const off = await as(withoutFeature.app, c, {
        method: 'PUT',
        url: `/api/cameras/${cam.camera.code}/lighting`,
        payload: { on: true },
      });
      expect(off.statusCode).toBe(403);
    } finally {
      await withoutFeature.app.close();
    }
  });
});
