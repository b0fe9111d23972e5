// The live relay between api nodes (REDIS_URL, issue 18) with a real Redis under a prefix of its own: stills,
// live HLS segments and live fMP4 fragments that reach node A go to a viewer whose requests land on node B, only
// while some node's viewer wants them; the newest still is kept in Redis so a node that never saw the camera
// answers a long-poll at once; a node never takes its own messages back.
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ServerToDeviceMessage } from '@camwatch/contract/device';
import { encodeFmp4Message, FMP4_FRAGMENT, FMP4_INIT } from '@camwatch/contract/live-fmp4';
import { buildApp, type App } from '../app.ts';
import type { Db } from '../db/database.ts';
import { as, createLocationAndCamera, createTenant, login, testConfig } from '../../test/helpers/test-app.ts';
import { makeJpeg } from '../../test/helpers/media-fixtures.ts';
import { testDb } from '../../test/helpers/test-database.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PREFIX = `cwtest-relay-${randomUUID().slice(0, 8)}`;

let db: Db;
const apps: App[] = [];
let nodeA: App;
let nodeB: App;
let nodeC: App;
/** Counts every message published under the test's prefix. */
let spy: Redis;
const published: string[] = [];

const start = async () => {
  const app = await buildApp({ config: testConfig({ REDIS_URL, REDIS_PREFIX: PREFIX }), db });
  apps.push(app);
  return app;
};

beforeAll(async () => {
  db = await testDb();
  nodeA = await start();
  nodeB = await start();
  nodeC = await start();
  await nodeA.app.listen({ port: 0, host: '127.0.0.1' });
  await nodeB.app.listen({ port: 0, host: '127.0.0.1' });
  spy = new Redis(REDIS_URL);
  spy.on('pmessage', (_pattern: string, channel: string) => published.push(channel));
  await spy.psubscribe(`${PREFIX}:live:*`);
  // Every node's bus is subscribed before the tests publish.
  const ask = new Redis(REDIS_URL);
  try {
    await vi.waitFor(
      async () =>
        expect(await ask.call('PUBSUB', 'NUMSUB', `${PREFIX}:agent-requests`)).toEqual([
          `${PREFIX}:agent-requests`,
          3,
        ]),
      { timeout: 10_000 },
    );
  } finally {
    ask.disconnect();
  }
});

afterAll(async () => {
  for (const app of apps) await app.app.close();
  spy.disconnect();
});

const portOf = (app: App) => (app.app.server.address() as AddressInfo).port;

async function camera() {
  const tenant = await createTenant(db);
  const { camera } = await createLocationAndCamera(db, tenant.customer.id);
  await db.updateTable('cameras').set({ use_streaming: true }).where('id', '=', camera.id).execute();
  const { token } = await nodeA.services.deviceAuth.issue(camera.id, 'relay');
  return { tenant, camera, token };
}

/** A socket and what it received, in order. */
async function open(url: string, headers: Record<string, string> = {}) {
  const socket = new WebSocket(url, { headers });
  const got: Buffer[] = [];
  socket.on('message', (raw: Buffer) => got.push(raw));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return { socket, got };
}

const waitFor = (check: () => boolean | Promise<boolean>) =>
  vi.waitFor(async () => expect(await check()).toBe(true), { timeout: 10_000, interval: 20 });

describe('live media between api nodes through Redis', () => {
  it('a still uploaded to node A reaches a viewer long-polling node B, with A’s frame time; node C answers at once from Redis', async () => {
    const { tenant, camera: cam, token } = await camera();
    const upload = (body: Buffer) =>
      nodeA.app.inject({
        method: 'POST',
        url: `/api/ingest/cameras/${cam.code}/stills?captured_at=${Date.now()}`,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'image/jpeg' },
        payload: body,
      });
    const red = await makeJpeg({ color: 'red' });
    // Nobody watches: nothing is published. (The camera's control channel is open on no node: a node without it
    // does not switch the agent off, the one holding it does.)
    expect((await upload(red)).json()).toEqual({ live: true });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(published.filter((c) => c.endsWith(`:${cam.id}`))).toEqual([]);

    const cookieB = await login(nodeB.app, tenant.user);
    expect(
      (await as(nodeB.app, cookieB, { method: 'PUT', url: `/api/cameras/${cam.code}/live` })).statusCode,
    ).toBe(200);
    // Every node hears the want (so whichever gets the agent's upload answers live: true and publishes).
    await waitFor(() => nodeA.services.hub.isLiveWanted(cam.id) && nodeC.services.hub.isLiveWanted(cam.id));
    // A's still of the last seconds is sent on at once: B's viewer has a picture before the next one comes.
    const firstSeen = await as(nodeB.app, cookieB, {
      method: 'GET',
      url: `/api/cameras/${cam.code}/live/image?after=1`,
    });
    expect(firstSeen.statusCode).toBe(200);
    expect(Buffer.compare(firstSeen.rawPayload, red)).toBe(0);

    const waiting = as(nodeB.app, cookieB, {
      method: 'GET',
      url: `/api/cameras/${cam.code}/live/image?after=${firstSeen.headers['x-frame-time']}`,
    });
    const blue = await makeJpeg({ color: 'blue' });
    expect((await upload(blue)).json()).toEqual({ live: true });
    const seen = await waiting;
    expect(seen.statusCode).toBe(200);
    expect(Buffer.compare(seen.rawPayload, blue)).toBe(0);
    const atA = nodeA.services.hub.latestStill(cam.id);
    expect(seen.headers['x-frame-time']).toBe(String(atA?.receivedAt));
    expect(published).toContain(`${PREFIX}:live:still:${cam.id}`);

    // Node C never subscribed: the newest still is read from Redis, at once.
    const cookieC = await login(nodeC.app, tenant.user);
    const started = Date.now();
    const fromC = await as(nodeC.app, cookieC, {
      method: 'GET',
      url: `/api/cameras/${cam.code}/live/image?after=1`,
    });
    expect(fromC.statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(Buffer.compare(fromC.rawPayload, blue)).toBe(0);
    expect(fromC.headers['x-frame-time']).toBe(String(atA?.receivedAt));
  });

  it('a node that starts later learns the wants announced before it came (it asks the others on connecting)', async () => {
    const { tenant, camera: cam } = await camera();
    const cookieB = await login(nodeB.app, tenant.user);
    expect(
      (await as(nodeB.app, cookieB, { method: 'PUT', url: `/api/cameras/${cam.code}/live` })).statusCode,
    ).toBe(200);
    const late = await start();
    await waitFor(() => late.services.hub.isLiveWanted(cam.id));
    expect(late.services.hub.relayFor('live', cam.id)).not.toBeNull();
  });

  it('live HLS segments uploaded to node A are listed and served by node B under A’s numbers', async () => {
    const { tenant, camera: cam, token } = await camera();
    const cookieB = await login(nodeB.app, tenant.user);
    const answer = await as(nodeB.app, cookieB, {
      method: 'POST',
      url: `/api/cameras/${cam.code}/streaming`,
      payload: { mode: 'live', expires: 600 },
    });
    // With a bus the agent may be connected to another node: the camera's status decides.
    expect(answer.statusCode, answer.body).toBe(200);
    const url = answer.json<{ data: { url: string } }>().data.url;
    await waitFor(() => nodeA.services.hub.isStreamWanted(cam.id));
    const ts = Buffer.alloc(188 * 4, 0);
    for (let i = 0; i < 4; i++) ts[i * 188] = 0x47;
    for (const sequence of [7, 8]) {
      const up = await nodeA.app.inject({
        method: 'PUT',
        url: `/api/ingest/cameras/${cam.code}/live-segments/${sequence}?duration_ms=1000`,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'video/mp2t' },
        payload: ts,
      });
      expect(up.json()).toEqual({ stream: true });
    }
    await waitFor(() => nodeB.services.liveStreams.segment(cam.id, 1) !== undefined);
    const playlistA = await nodeA.app.inject({ method: 'GET', url });
    const playlistB = await nodeB.app.inject({ method: 'GET', url });
    expect(playlistB.body).toBe(playlistA.body);
    expect(playlistB.body).toContain('1.ts');
    const segment = await nodeB.app.inject({
      method: 'GET',
      url: new URL('1.ts', `http://x${url}`).pathname,
    });
    expect(segment.statusCode).toBe(200);
    expect(segment.rawPayload.length).toBe(ts.length);
  });

  it('when the agent’s uploads move from node A to node C and back, node B’s playlist numbers go on, never back', async () => {
    const { tenant, camera: cam, token } = await camera();
    const cookieB = await login(nodeB.app, tenant.user);
    const answer = await as(nodeB.app, cookieB, {
      method: 'POST',
      url: `/api/cameras/${cam.code}/streaming`,
      payload: { mode: 'live', expires: 600 },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const url = answer.json<{ data: { url: string } }>().data.url;
    await waitFor(
      () => nodeA.services.hub.isStreamWanted(cam.id) && nodeC.services.hub.isStreamWanted(cam.id),
    );
    const ts = Buffer.alloc(188 * 4, 0);
    for (let i = 0; i < 4; i++) ts[i * 188] = 0x47;
    const upload = async (node: App, agentSequence: number) => {
      const up = await node.app.inject({
        method: 'PUT',
        url: `/api/ingest/cameras/${cam.code}/live-segments/${agentSequence}?duration_ms=1000`,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'video/mp2t' },
        payload: ts,
      });
      expect(up.json()).toEqual({ stream: true });
    };
    /** The media sequence numbers node B's playlist lists, in order. */
    const listedAtB = async () => {
      const playlist = await nodeB.app.inject({ method: 'GET', url });
      const first = Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(playlist.body)?.[1]);
      const names = [...playlist.body.matchAll(/^(\d+)\.ts$/gm)].map((m) => Number(m[1]));
      // The player numbers the listed segments from the media sequence on: the names must agree.
      expect(names).toEqual(names.map((_, i) => first + i));
      return names;
    };
    await upload(nodeA, 7);
    await upload(nodeA, 8);
    await waitFor(() => nodeB.services.liveStreams.segment(cam.id, 1) !== undefined);
    expect(await listedAtB()).toEqual([0, 1]);
    // The agent reconnects to node C (which never had the camera's segments) and starts its count afresh.
    await upload(nodeC, 0);
    await upload(nodeC, 1);
    await waitFor(() => nodeB.services.liveStreams.segment(cam.id, 3) !== undefined);
    expect(await listedAtB()).toEqual([0, 1, 2, 3]);
    // And back to node A, whose own count had stopped at 1.
    await upload(nodeA, 2);
    await waitFor(() => nodeB.services.liveStreams.segment(cam.id, 4) !== undefined);
    expect(await listedAtB()).toEqual([0, 1, 2, 3, 4]);
    const playlist = await nodeB.app.inject({ method: 'GET', url });
    // The agent's restart on node C is one discontinuity; its return to A (count going on) another.
    expect(playlist.body.match(/#EXT-X-DISCONTINUITY\n/g)?.length).toBe(2);
  });

  it('a live fMP4 viewer on node B gets the picture so far and every new fragment from the agent on node A', async () => {
    const { tenant, camera: cam, token } = await camera();
    const agent = await open(`ws://127.0.0.1:${portOf(nodeA)}/api/ingest/cameras/${cam.code}/control`, {
      authorization: `Bearer ${token}`,
    });
    const messages = () => agent.got.map((raw) => JSON.parse(String(raw)) as ServerToDeviceMessage);
    const box = (type: string, tag: number) => {
      const b = Buffer.alloc(12);
      b.writeUInt32BE(12, 0);
      b.write(type, 4, 'latin1');
      b.writeUInt32BE(tag, 8);
      return b;
    };
    const send = (kind: typeof FMP4_INIT | typeof FMP4_FRAGMENT, sequence: number, keyframe = false) =>
      agent.socket.send(
        encodeFmp4Message({
          kind,
          keyframe,
          sequence,
          data: box(kind === FMP4_INIT ? 'ftyp' : 'moof', sequence),
        }),
      );
    const label = (b: Buffer) => `${b.toString('latin1', 4, 8)}:${b.readUInt32BE(8)}`;
    try {
      // A viewer on A first: the stream runs and A holds the picture so far.
      const cookieA = await login(nodeA.app, tenant.user);
      const answer = await as(nodeA.app, cookieA, {
        method: 'POST',
        url: `/api/cameras/${cam.code}/streaming`,
        payload: { mode: 'live', expires: 600 },
      });
      const path = answer.json<{ data: { url: string } }>().data.url.replace(/index\.m3u8$/, 'live.fmp4');
      const onA = await open(`ws://127.0.0.1:${portOf(nodeA)}${path}`);
      await waitFor(() => messages().some((m) => m.type === 'stream' && m.on));
      send(FMP4_INIT, 0);
      send(FMP4_FRAGMENT, 1, true);
      send(FMP4_FRAGMENT, 2);
      await waitFor(() => onA.got.length === 3);
      // Then a viewer on B: it gets A's init and fragments since the keyframe, then the next ones.
      const onB = await open(`ws://127.0.0.1:${portOf(nodeB)}${path}`);
      await waitFor(() => onB.got.length === 3);
      expect(onB.got.map(label)).toEqual(['ftyp:0', 'moof:1', 'moof:2']);
      send(FMP4_FRAGMENT, 3);
      await waitFor(() => onB.got.length === 4);
      expect(onB.got.map(label).at(-1)).toBe('moof:3');
      // The viewer on A leaves; B's viewer still watches, so the agent keeps streaming.
      onA.socket.close();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(messages().some((m) => m.type === 'stream' && !m.on)).toBe(false);
      send(FMP4_FRAGMENT, 4);
      await waitFor(() => onB.got.length === 5);
      onB.socket.close();
    } finally {
      agent.socket.close();
    }
  });
});
