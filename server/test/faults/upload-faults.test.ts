// Upload faults against the real server process (embedded database): a server killed (SIGKILL) in the middle
// of a clip upload leaves a partial file under DATA_DIR/tmp, which the next start removes, and the agent's
// clip is then stored exactly once; an upload without a valid device token is answered before its body is
// sent (the token is checked before the body is read, so a large unauthenticated PUT costs no memory).
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { clipBaseName, startAgent, type AgentHandle } from '@camwatch/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeviceAuth } from '../../src/ingest/device-auth.ts';
import { DeviceTokenRepository } from '../../src/ingest/device-token.repository.ts';
import { filesUnder } from '../../src/ingest/ingest-test-kit.ts';
import { tempRoot } from '../../src/storage/temp-dir.ts';
import { makeClip, minuteAgo, sha256 } from '../helpers/media-fixtures.ts';
import {
  freePort,
  prepareEmbedded,
  startServerProcess,
  type ServerChild,
} from '../helpers/server-process.ts';
import { createLocationAndCamera, createTenant } from '../helpers/test-app.ts';

const MB = 1024 * 1024;

let dataDir: string;
let spool: string;
let server: ServerChild | undefined;
let agent: AgentHandle | undefined;
let setup: { cameraId: number; cameraCode: string; otherCode: string; token: string };

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-upload-faults-'));
  spool = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-upload-faults-spool-'));
  setup = await prepareEmbedded(dataDir, async (db) => {
    const tenant = await createTenant(db);
    const { camera } = await createLocationAndCamera(db, tenant.customer.id);
    const other = await createLocationAndCamera(db, tenant.customer.id, 'Other');
    await db
      .updateTable('cameras')
      .set({ image_fps: 2, image_rs_width: 160, image_rs_height: 90 })
      .where('id', '=', camera.id)
      .execute();
    const { token } = await new DeviceAuth(new DeviceTokenRepository(db)).issue(camera.id, 'faults');
    return { cameraId: camera.id, cameraCode: camera.code, otherCode: other.camera.code, token };
  });
}, 120_000);

afterAll(async () => {
  await agent?.stop();
  await server?.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
  await fs.rm(spool, { recursive: true, force: true });
});

const clipPath = (cameraCode: string, minute: Date, clip: Buffer) =>
  `/api/ingest/cameras/${cameraCode}/clips/${minute.toISOString()}?duration_ms=3000&sha256=${sha256(clip)}`;

/** Sends a PUT's headers (and optionally the first bytes of its body) on a raw socket. */
function startPut(url: string, requestPath: string, headers: Record<string, string | number>, head?: Buffer) {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  let received = '';
  let isClosed = false;
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  socket.on('error', () => {});
  socket.on('close', () => (isClosed = true));
  const lines = [`PUT ${requestPath} HTTP/1.1`, `Host: ${hostname}:${port}`];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  socket.write(`${lines.join('\r\n')}\r\n\r\n`);
  if (head) socket.write(head);
  return { socket, received: () => received, isClosed: () => isClosed };
}

describe('upload faults', () => {
  it(
    'a server killed mid-upload: its partial file is removed at the next start and the agent’s clip is stored exactly once',
    { timeout: 240_000 },
    async () => {
      const port = await freePort();
      server = await startServerProcess(dataDir, port);
      const minute = minuteAgo(6);
      const clip = await makeClip({ seconds: 3, width: 160, height: 90, fps: 5, scene: 'moving' });
      // The agent's clip, waiting in its spool; its upload is under way when the server dies.
      await fs.writeFile(path.join(spool, `${clipBaseName(minute.getTime(), 0)}.mp4`), clip);
      const half = Math.floor(clip.length / 2);
      const upload = startPut(
        server.url,
        clipPath(setup.cameraCode, minute, clip),
        {
          authorization: `Bearer ${setup.token}`,
          'content-type': 'video/mp4',
          'content-length': clip.length,
        },
        clip.subarray(0, half),
      );
      // Half the clip is in the server's temporary folder when it is killed.
      const partialSize = async () => {
        const [file] = await filesUnder(tempRoot(dataDir));
        return file ? (await fs.stat(path.join(tempRoot(dataDir), file))).size : 0;
      };
      await expect.poll(partialSize, { timeout: 30_000 }).toBe(half);
      await server.kill();
      upload.socket.destroy();
      expect(await filesUnder(tempRoot(dataDir))).toHaveLength(1);

      server = await startServerProcess(dataDir, port);
      // Removed at start, before the server listened.
      expect(await filesUnder(tempRoot(dataDir))).toEqual([]);
      agent = await startAgent({
        server: server.url,
        token: setup.token,
        source: 'sim:shop?seed=3',
        spoolDir: spool,
        backoff: { initialMs: 200, maxMs: 1_000 },
      });
      await expect
        .poll(async () => (await fs.readdir(spool)).filter((name) => name.endsWith('.mp4')), {
          timeout: 60_000,
          interval: 200,
        })
        .toEqual([]);
      await agent.stop();
      agent = undefined;
      await server.stop();
      server = undefined;
      expect(await filesUnder(tempRoot(dataDir))).toEqual([]);

      const rows = await prepareEmbedded(dataDir, (db) =>
        db
          .selectFrom('clips')
          .select(['sha256', 'blob_key'])
          .where('camera_id', '=', setup.cameraId)
          .where('start_time', '=', minute)
          .execute(),
      );
      expect(rows.map((r) => r.sha256)).toEqual([sha256(clip)]);
      const file = path.join(dataDir, 'blobs', ...rows[0]!.blob_key.split('/'));
      expect(sha256(await fs.readFile(file))).toBe(sha256(clip));
    },
  );

  it('a 200 MB PUT without a valid device token is answered before its body is sent, and the connection closed', async () => {
    server = await startServerProcess(dataDir, await freePort());
    const minute = minuteAgo(2);
    const requestPath = clipPath(setup.cameraCode, minute, Buffer.from('never sent'));
    const base = { 'content-type': 'video/mp4', 'content-length': 200 * MB };
    const cases: [Record<string, string | number>, string][] = [
      [base, '401'],
      [{ ...base, authorization: `Bearer cwd_${'x'.repeat(43)}` }, '401'],
    ];
    for (const [headers, status] of cases) {
      // Headers only: a server that read the body first would wait for it and never answer.
      const put = startPut(server.url, requestPath, headers);
      await expect.poll(put.received, { timeout: 20_000 }).toMatch(/^HTTP\/1\.1 \d{3}/);
      expect(put.received()).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
      // And the server ends the connection: the client is not left sending 200 MB nobody reads.
      await expect.poll(put.isClosed, { timeout: 20_000 }).toBe(true);
    }
    // Another camera's token: 403, also before the body.
    const other = startPut(server.url, clipPath(setup.otherCode, minute, Buffer.from('x')), {
      ...base,
      authorization: `Bearer ${setup.token}`,
    });
    await expect.poll(other.received, { timeout: 20_000 }).toMatch(/^HTTP\/1\.1 403 /);
    other.socket.destroy();
    expect(await filesUnder(tempRoot(dataDir))).toEqual([]);
    await server.stop();
    server = undefined;
  });
});
