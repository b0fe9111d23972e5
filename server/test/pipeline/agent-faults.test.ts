// Faults with a real server process and a real agent: the server is killed (SIGKILL) in the middle of
// store-and-forward uploads and started again — every spooled clip ends up stored exactly once; and when
// the agent goes silent the camera goes down, and comes back to normal when the agent returns.
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { clipBaseName, startAgent, type AgentHandle } from '@camwatch/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeviceAuth } from '../../src/ingest/device-auth.ts';
import { DeviceTokenRepository } from '../../src/ingest/device-token.repository.ts';
import { makeClip, minuteAgo, sha256 } from '../helpers/media-fixtures.ts';
import { prepareEmbedded, startServerProcess, type ServerChild } from '../helpers/server-process.ts';
import { createLocationAndCamera, createTenant } from '../helpers/test-app.ts';

const CLIPS = 24;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let dataDir: string;
let spool: string;
let server: ServerChild | undefined;
let agent: AgentHandle | undefined;
let setup: { cameraId: number; cameraCode: string; token: string; email: string; password: string };

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-faults-'));
  spool = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-faults-spool-'));
  setup = await prepareEmbedded(dataDir, async (db) => {
    const tenant = await createTenant(db);
    const { camera } = await createLocationAndCamera(db, tenant.customer.id);
    await db
      .updateTable('cameras')
      .set({ image_fps: 2, image_rs_width: 160, image_rs_height: 90 })
      .where('id', '=', camera.id)
      .execute();
    const { token } = await new DeviceAuth(new DeviceTokenRepository(db)).issue(camera.id, 'faults');
    return {
      cameraId: camera.id,
      cameraCode: camera.code,
      token,
      email: tenant.user.email,
      password: tenant.user.password,
    };
  });
}, 120_000);

afterAll(async () => {
  await agent?.stop();
  await server?.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
  await fs.rm(spool, { recursive: true, force: true });
});

const spooledClips = async () => (await fs.readdir(spool)).filter((name) => name.endsWith('.mp4'));

async function cameraStatus(url: string, cookie: string): Promise<string> {
  const res = await fetch(`${url}/api/cameras/${setup.cameraCode}`, { headers: { cookie } });
  return ((await res.json()) as { data: { watch_status: string } }).data.watch_status;
}

describe('faults', () => {
  it(
    'issue Tests: a server killed mid-upload and started again loses no clip and stores none twice',
    { timeout: 240_000 },
    async () => {
      // Clips recorded while the server was unreachable, waiting in the agent's spool (distinct bytes each).
      const minutes = Array.from({ length: CLIPS }, (_, i) => minuteAgo(CLIPS + 5 - i));
      const checksums = new Map<number, string>();
      for (const [i, minute] of minutes.entries()) {
        const clip = await makeClip({
          seconds: 2 + (i % 3),
          width: 160,
          height: 90,
          fps: 5,
          scene: i % 2 ? 'moving' : 'still',
        });
        checksums.set(minute.getTime(), sha256(clip));
        await fs.writeFile(path.join(spool, `${clipBaseName(minute.getTime(), 0)}.mp4`), clip);
      }
      const port = await freePort();
      server = await startServerProcess(dataDir, port);
      agent = await startAgent({
        server: server.url,
        token: setup.token,
        source: 'sim:shop?seed=2',
        spoolDir: spool,
        backoff: { initialMs: 200, maxMs: 1_000 },
      });
      // Kill the server while the uploads are going on.
      await expect
        .poll(async () => (await spooledClips()).length, { timeout: 60_000, interval: 5 })
        .toBeLessThan(CLIPS - 2);
      await server.kill();
      const leftAtKill = (await spooledClips()).length;
      expect(leftAtKill).toBeGreaterThan(0);

      server = await startServerProcess(dataDir, port);
      await expect
        .poll(async () => (await spooledClips()).length, { timeout: 120_000, interval: 200 })
        .toBe(0);
      expect(await fs.readdir(path.join(spool, 'rejected')).catch(() => [])).toEqual([]);
      await agent.stop();
      agent = undefined;
      await server.stop();
      server = undefined;

      const rows = await prepareEmbedded(dataDir, (db) =>
        db
          .selectFrom('clips')
          .select(['start_time', 'sha256', 'blob_key'])
          .where('camera_id', '=', setup.cameraId)
          .execute(),
      );
      const stored = rows.filter((r) => checksums.has(r.start_time.getTime()));
      expect(stored).toHaveLength(CLIPS);
      for (const row of stored) {
        expect(row.sha256).toBe(checksums.get(row.start_time.getTime()));
        const file = path.join(dataDir, 'blobs', ...row.blob_key.split('/'));
        expect(sha256(await fs.readFile(file))).toBe(row.sha256);
      }
    },
  );

  it(
    'issue Tests: the camera goes down when its agent is silent and returns to normal when it is back',
    { timeout: 120_000 },
    async () => {
      const port = await freePort();
      server = await startServerProcess(dataDir, port, { CAMERA_DOWN_AFTER_SECONDS: '20' });
      const login = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: setup.email, password: setup.password }),
      });
      const cookie =
        (login.headers.getSetCookie().find((c) => c.startsWith('cw_session=')) ?? '').split(';')[0] ?? '';
      agent = await startAgent({
        server: server.url,
        token: setup.token,
        source: 'sim:shop?seed=2',
        spoolDir: spool,
      });
      await expect
        .poll(() => cameraStatus(server!.url, cookie), { timeout: 30_000, interval: 500 })
        .toBe('normal');
      await agent.stop();
      agent = undefined;
      await expect
        .poll(() => cameraStatus(server!.url, cookie), { timeout: 60_000, interval: 500 })
        .toBe('down');
      agent = await startAgent({
        server: server.url,
        token: setup.token,
        source: 'sim:shop?seed=2',
        spoolDir: spool,
      });
      await expect
        .poll(() => cameraStatus(server!.url, cookie), { timeout: 60_000, interval: 500 })
        .toBe('normal');
      const notes = await fetch(`${server.url}/api/notifications?event=down`, { headers: { cookie } });
      expect(
        ((await notes.json()) as { data: { notifications: { kind: string }[] } }).data.notifications.map(
          (n: { kind: string }) => n.kind,
        ),
      ).toEqual(['up', 'down']);
    },
  );
});
