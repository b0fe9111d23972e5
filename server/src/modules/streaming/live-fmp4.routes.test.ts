// The live fMP4 stream through the real app over real WebSockets: the agent's binary control messages reach
// a viewer holding the signed live address (init segment, then fragments from a keyframe); a forged,
// expired or on-demand token is refused with 403 before the upgrade; the last viewer leaving stops the
// agent's stream.
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ServerToDeviceMessage } from '@camwatch/contract/device';
import { encodeFmp4Message, FMP4_FRAGMENT, FMP4_INIT, liveFmp4Path } from '@camwatch/contract/live-fmp4';
import {
  as,
  createLocationAndCamera,
  createTenant,
  createTestApp,
  login,
  type TestApp,
} from '../../../test/helpers/test-app.ts';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.app.close();
});

const box = (type: string, tag: number) => {
  const b = Buffer.alloc(12);
  b.writeUInt32BE(12, 0);
  b.write(type, 4, 'latin1');
  b.writeUInt32BE(tag, 8);
  return b;
};

/** A socket and what it received, in order; rejects with the HTTP status when the upgrade is refused. */
function open(url: string, headers: Record<string, string> = {}) {
  const socket = new WebSocket(url, { headers });
  const got: Buffer[] = [];
  const waiting: Array<() => void> = [];
  socket.on('message', (raw: Buffer) => {
    got.push(raw);
    waiting.splice(0).forEach((w) => w());
  });
  const until = async (count: number) => {
    while (got.length < count) await new Promise<void>((resolve) => waiting.push(resolve));
    return got;
  };
  return new Promise<{ socket: WebSocket; got: Buffer[]; until: typeof until }>((resolve, reject) => {
    socket.once('open', () => resolve({ socket, got, until }));
    socket.once('unexpected-response', (_req, res) => reject(new Error(String(res.statusCode))));
    socket.once('error', reject);
  });
}

const label = (b: Buffer) => `${b.toString('latin1', 4, 8)}:${b.readUInt32BE(8)}`;

async function setup() {
  const tenant = await createTenant(t.db);
  const { camera } = await createLocationAndCamera(t.db, tenant.customer.id);
  await t.db.updateTable('cameras').set({ use_streaming: true }).where('id', '=', camera.id).execute();
  const { token } = await t.services.deviceAuth.issue(camera.id, 'test');
  const agent = await open(`${base}/api/ingest/cameras/${camera.code}/control`, {
    authorization: `Bearer ${token}`,
  });
  const messages = () => agent.got.map((raw) => JSON.parse(String(raw)) as ServerToDeviceMessage);
  const cookie = await login(t.app, tenant.user);
  return { tenant, camera, agent, messages, cookie };
}

const wsUrl = (path: string) => `${base}${path}`;
const streamOn = (m: ServerToDeviceMessage) => m.type === 'stream' && m.on;
const streamOff = (m: ServerToDeviceMessage) => m.type === 'stream' && !m.on;

/** Polls until `check` holds (vitest's own poll, bounded: a message that never comes fails the test by name). */
const waitFor = (check: () => boolean) =>
  vi.waitFor(() => expect(check()).toBe(true), { timeout: 10_000, interval: 10 });

describe('live fMP4 stream', () => {
  it('relays the agent’s init segment and fragments to viewers; a joiner starts at the last keyframe', async () => {
    const { camera, agent, messages, cookie } = await setup();
    const answer = await as(t.app, cookie, {
      method: 'POST',
      url: `/api/cameras/${camera.code}/streaming`,
      payload: { mode: 'live', expires: 600 },
    });
    expect(answer.statusCode).toBe(200);
    const url = answer.json<{ data: { url: string } }>().data.url;
    await waitFor(() => messages().some(streamOn));
    const send = (kind: typeof FMP4_INIT | typeof FMP4_FRAGMENT, sequence: number, keyframe = false) =>
      agent.socket.send(
        encodeFmp4Message({
          kind,
          keyframe,
          sequence,
          data: box(kind === FMP4_INIT ? 'ftyp' : 'moof', sequence),
        }),
      );
    const first = await open(wsUrl(url.replace(/index\.m3u8$/, 'live.fmp4')));
    send(FMP4_INIT, 0);
    send(FMP4_FRAGMENT, 1);
    send(FMP4_FRAGMENT, 2, true);
    send(FMP4_FRAGMENT, 3);
    expect((await first.until(3)).map(label)).toEqual(['ftyp:0', 'moof:2', 'moof:3']);
    const joiner = await open(wsUrl(url.replace(/index\.m3u8$/, 'live.fmp4')));
    expect((await joiner.until(3)).map(label)).toEqual(['ftyp:0', 'moof:2', 'moof:3']);
    // A malformed binary message (unknown kind) is ignored, the channel stays up.
    agent.socket.send(Buffer.from([9, 0, 0, 0, 0, 1, ...box('moof', 4)]));
    send(FMP4_FRAGMENT, 5);
    expect((await first.until(4)).map(label).at(-1)).toBe('moof:5');
    expect(t.services.liveFmp4.stats()).toMatchObject({ viewers: 2 });

    first.socket.close();
    joiner.socket.close();
    await waitFor(() => messages().some(streamOff));
    expect(t.services.liveFmp4.stats().cameras).toBe(0);
    agent.socket.close();
  });

  it('refuses forged, expired and on-demand tokens with 403 before the upgrade', async () => {
    const { camera, agent } = await setup();
    const tokens = t.services.streamTokens;
    const live = tokens.sign({ mode: 'live', cameraId: camera.id, exp: Date.now() + 60_000 });
    const forged = `${live.split('.')[0]}.${'A'.repeat(43)}`;
    const expired = tokens.sign({ mode: 'live', cameraId: camera.id, exp: Date.now() - 1 });
    const onDemand = tokens.sign({
      mode: 'on_demand',
      cameraId: camera.id,
      exp: Date.now() + 60_000,
      startMs: 0,
      endMs: 60_000,
    });
    for (const token of [forged, expired, onDemand, 'nonsense'])
      await expect(open(wsUrl(liveFmp4Path(token)))).rejects.toThrow('403');
    const viewer = await open(wsUrl(liveFmp4Path(live)));
    viewer.socket.close();
    agent.socket.close();
  });
});
