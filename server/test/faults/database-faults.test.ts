// Database faults against the real server process on PostgreSQL (issue 16 point 1): connections terminated
// while idle and in the middle of a request, and a database that goes away and comes back (a TCP proxy the
// test cuts and opens again; the shared PostgreSQL service itself is never restarted). The server must keep
// running, answer 503 database_unavailable meanwhile, write nothing half, and resume by itself — requests
// and background jobs. PGlite runs inside the process and has no connection to lose: skipped there.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { DeviceAuth } from '../../src/ingest/device-auth.ts';
import { filesUnder } from '../../src/ingest/ingest-test-kit.ts';
import { JobRepository } from '../../src/jobs/job.repository.ts';
import { tempRoot } from '../../src/storage/temp-dir.ts';
import { DeviceTokenRepository } from '../../src/ingest/device-token.repository.ts';
import { makeClip, minuteAgo, sha256 } from '../helpers/media-fixtures.ts';
import { freePort, startServerProcess, type ServerChild } from '../helpers/server-process.ts';
import { TcpProxy } from '../helpers/tcp-proxy.ts';
import { createLocationAndCamera, createTenant } from '../helpers/test-app.ts';
import { createPostgresDatabase } from '../helpers/test-database.ts';

const adminUrl = process.env.TEST_DATABASE_URL;

let db: Db;
let dbName: string;
let proxy: TcpProxy;
let server: ServerChild;
let dataDir: string;
let cookie: string;
let setup: { cameraId: number; cameraCode: string; token: string };

/** Ends every connection the server holds to its database, as an operator or a pooler timeout would. */
async function terminateServerConnections(): Promise<number> {
  const { rows } = await sql<{ ended: boolean }>`
    SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
    WHERE datname = ${dbName} AND pid <> pg_backend_pid()`.execute(db);
  return rows.filter((r) => r.ended).length;
}

const cameraStatus = async () => {
  const res = await fetch(`${server.url}/api/cameras/${setup.cameraCode}`, { headers: { cookie } });
  return res.status;
};

function uploadClip(start: Date, clip: Buffer) {
  return fetch(
    `${server.url}/api/ingest/cameras/${setup.cameraCode}/clips/${start.toISOString()}?duration_ms=3000&sha256=${sha256(clip)}`,
    {
      method: 'PUT',
      headers: { authorization: `Bearer ${setup.token}`, 'content-type': 'video/mp4' },
      body: clip,
    },
  );
}

const clipRows = () =>
  db
    .selectFrom('clips')
    .select(['id', 'start_time', 'sha256', 'motion_state'])
    .where('camera_id', '=', setup.cameraId)
    .orderBy('start_time')
    .execute();

describe.skipIf(!adminUrl)(
  'database faults (PostgreSQL only: set TEST_DATABASE_URL; PGlite has no connection to lose)',
  () => {
    beforeAll(async () => {
      const url = await createPostgresDatabase(adminUrl!, '_faults');
      dbName = new URL(url).pathname.slice(1);
      db = openDatabase({ kind: 'postgres', url, poolSize: 2 });
      await migrateToLatest(db);
      const tenant = await createTenant(db);
      const { camera } = await createLocationAndCamera(db, tenant.customer.id);
      const { token } = await new DeviceAuth(new DeviceTokenRepository(db)).issue(camera.id, 'faults');
      setup = { cameraId: camera.id, cameraCode: camera.code, token };

      const target = new URL(url);
      proxy = new TcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
      await proxy.open();
      const viaProxy = new URL(url);
      viaProxy.host = `127.0.0.1:${proxy.port}`;
      dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-db-faults-'));
      server = await startServerProcess(dataDir, await freePort(), { DATABASE_URL: viaProxy.toString() });
      const login = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: tenant.user.email, password: tenant.user.password }),
      });
      expect(login.status).toBe(200);
      cookie = (login.headers.getSetCookie().find((c) => c.startsWith('cw_session=')) ?? '').split(';')[0]!;
    }, 120_000);

    afterAll(async () => {
      await server?.stop();
      await proxy?.cut();
      await db?.destroy();
      if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
    });

    it('connections terminated while idle: the server keeps running and answers as before', async () => {
      // Several requests at once, so the pool holds several connections.
      expect(await Promise.all(Array.from({ length: 6 }, cameraStatus))).toEqual(Array(6).fill(200));
      expect(await terminateServerConnections()).toBeGreaterThan(0);
      await expect.poll(cameraStatus, { timeout: 20_000 }).toBe(200);
      expect(server.child.exitCode).toBeNull();
      expect(server.child.signalCode).toBeNull();
    });

    it('a connection terminated mid-request: 503 database_unavailable with Retry-After, then served again', async () => {
      proxy.hold();
      const answer = fetch(`${server.url}/api/cameras/${setup.cameraCode}`, { headers: { cookie } });
      // The session check's query is on its way to the database, held in the proxy.
      await expect.poll(() => proxy.heldText().includes('sessions'), { timeout: 20_000 }).toBe(true);
      await terminateServerConnections();
      proxy.release();
      const res = await answer;
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(await res.json()).toEqual({
        error: { code: 'database_unavailable', message: expect.stringMatching(/database is unavailable/) },
      });
      await expect.poll(cameraStatus, { timeout: 20_000 }).toBe(200);
      expect(server.child.exitCode).toBeNull();
    });

    it(
      'a database that goes away and comes back: 503s meanwhile, nothing half-written, requests and jobs resume',
      { timeout: 180_000 },
      async () => {
        const before = await makeClip({ seconds: 3, width: 160, height: 90, fps: 5, scene: 'moving' });
        const during = await makeClip({ seconds: 3, width: 160, height: 90, fps: 5, scene: 'still' });
        const [minuteA, minuteB] = [minuteAgo(4), minuteAgo(3)];
        expect((await uploadClip(minuteA, before)).status).toBe(200);
        // The worker's motion job has run on it: jobs work before the outage.
        await expect
          .poll(async () => (await clipRows())[0]?.motion_state, { timeout: 60_000 })
          .not.toBeNull();
        const [clipA] = await clipRows();

        await proxy.cut();
        const outage = await fetch(`${server.url}/api/cameras/${setup.cameraCode}`, { headers: { cookie } });
        expect(outage.status).toBe(503);
        expect(((await outage.json()) as { error: { code: string } }).error.code).toBe(
          'database_unavailable',
        );
        const refusedUpload = await uploadClip(minuteB, during);
        expect(refusedUpload.status).toBe(503);
        // Work for the worker arrives while it cannot reach the database (written beside the proxy): the
        // clip's motion is to be looked at again.
        await db.updateTable('clips').set({ motion_state: null }).where('id', '=', clipA!.id).execute();
        await new JobRepository(db).enqueue({
          kind: 'motion',
          payload: { clipId: clipA!.id },
          dedupeKey: `motion:${clipA!.id}`,
          runAt: new Date(),
          maxAttempts: 3,
        });
        // Still down a little longer: more requests are refused, the process stays.
        expect(await cameraStatus()).toBe(503);
        expect(server.child.exitCode).toBeNull();

        await proxy.open();
        await expect.poll(cameraStatus, { timeout: 30_000 }).toBe(200);
        // The job queue resumed by itself (nothing in the server woke it): the motion job ran.
        await expect
          .poll(async () => (await clipRows()).find((r) => r.id === clipA!.id)?.motion_state, {
            timeout: 60_000,
          })
          .not.toBeNull();
        // The refused upload wrote nothing: sent again it is new, and each minute is stored once.
        const retried = await uploadClip(minuteB, during);
        expect(retried.status).toBe(200);
        expect(((await retried.json()) as { clip: { stored: string } }).clip.stored).toBe('new');
        const rows = await clipRows();
        expect(rows.map((r) => [r.start_time.getTime(), r.sha256])).toEqual([
          [minuteA.getTime(), sha256(before)],
          [minuteB.getTime(), sha256(during)],
        ]);
        expect(await filesUnder(tempRoot(dataDir))).toEqual([]);
        expect(server.child.exitCode).toBeNull();
      },
    );
  },
);
