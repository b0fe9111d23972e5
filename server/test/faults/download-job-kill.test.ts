// An archive download's job whose worker dies (kill -9) in the middle of it is taken up again by the next worker and
// completes once (issue 18: "a download job interrupted by the kill once failed on its retry"). The real worker
// process (`main.ts worker`) on PostgreSQL and an S3-compatible server (s3rver), killed while it fetches the clips and
// again while it joins them, and twice in a row; started again, the download ends ready, its file is the whole range, the job is done and
// the user is told once. PostgreSQL only: the embedded database admits one process.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { JobRepository } from '../../src/jobs/job.repository.ts';
import { DOWNLOAD_JOB, DOWNLOAD_JOB_ATTEMPTS } from '../../src/modules/downloads/downloads.ts';
import { DownloadRepository } from '../../src/modules/downloads/download.repository.ts';
import { blobKeys } from '../../src/storage/blob-keys.ts';
import { S3BlobStore } from '../../src/storage/s3-blob-store.ts';
import { makeClip, minuteAgo, sha256 } from '../helpers/media-fixtures.ts';
import { createLocationAndCamera, createTenant } from '../helpers/test-app.ts';
import { createPostgresDatabase } from '../helpers/test-database.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const runFile = promisify(execFile);
/** Enough clips that fetching them takes a while: the kill lands among them. */
const CLIPS = 40;
const CLIP_SECONDS = 2;
const BUCKET = 'camwatch-download-kill';
/** The shortest lease the configuration allows: a dead worker's job is taken up again after it. */
const LEASE_SECONDS = 5;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

async function until<T>(what: string, read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`${what}: not within ${timeoutMs} ms (last: ${JSON.stringify(value)})`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe.skipIf(!adminUrl)('a download job whose worker is killed mid-way', () => {
  let tmp: string;
  let s3: S3rver;
  let s3Port: number;
  let metricsPort: number;
  let db: Db;
  let databaseUrl: string;
  let blobs: S3BlobStore;
  let setup: { customerId: number; userId: number; cameraId: number; start: Date; end: Date };
  const workers = new Set<ChildProcess>();

  function startWorker(): ChildProcess {
    const dataDir = path.join(tmp, 'worker');
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts', 'worker'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        SEED_DEMO: '0',
        SIMULATED_CAMERAS: '0',
        LOG_LEVEL: 'warn',
        S3_BUCKET: BUCKET,
        S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: '1',
        REDIS_URL: '',
        METRICS_PORT: String(metricsPort),
        JOB_LEASE_SECONDS: String(LEASE_SECONDS),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    workers.add(child);
    child.once('exit', () => workers.delete(child));
    return child;
  }

  async function killHard(child: ChildProcess): Promise<void> {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  const downloadOf = (id: number) =>
    db
      .selectFrom('downloads')
      .select(['status', 'progress', 'bytes', 'blob_key', 'error'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  const jobOf = (id: number) =>
    db
      .selectFrom('jobs')
      .select(['id', 'status', 'attempts', 'last_error'])
      .where('kind', '=', DOWNLOAD_JOB)
      .where('dedupe_key', '=', `download:${id}`)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-download-kill-'));
    [s3Port, metricsPort] = [await freePort(), await freePort()];
    s3 = new S3rver({ address: '127.0.0.1', port: s3Port, silent: true, directory: path.join(tmp, 's3') });
    await s3.run();
    const s3client = new S3Client({
      endpoint: `http://127.0.0.1:${s3Port}`,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    await s3client.send(new CreateBucketCommand({ Bucket: BUCKET }));
    s3client.destroy();
    blobs = new S3BlobStore({
      bucket: BUCKET,
      endpoint: `http://127.0.0.1:${s3Port}`,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    });
    databaseUrl = await createPostgresDatabase(adminUrl!, '_download_kill');
    db = openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 2 });
    await migrateToLatest(db);
    const tenant = await createTenant(db);
    const { camera } = await createLocationAndCamera(db, tenant.customer.id);
    const clip = await makeClip({ seconds: CLIP_SECONDS });
    const first = minuteAgo(CLIPS + 5);
    for (let i = 0; i < CLIPS; i++) {
      const start = new Date(first.getTime() + i * 60_000);
      const key = blobKeys.clip(camera.id, start, 0);
      await blobs.put(key, clip, 'video/mp4');
      await db
        .insertInto('clips')
        .values({
          camera_id: camera.id,
          start_time: start,
          duration_ms: CLIP_SECONDS * 1000,
          offset_ms: 0,
          bytes: clip.length,
          sha256: sha256(clip),
          blob_key: key,
        })
        .execute();
    }
    setup = {
      customerId: tenant.customer.id,
      userId: tenant.user.id,
      cameraId: camera.id,
      start: first,
      end: new Date(first.getTime() + CLIPS * 60_000),
    };
  }, 120_000);

  afterAll(async () => {
    for (const child of [...workers]) await killHard(child);
    await db?.destroy();
    await s3?.close();
    if (tmp) await fs.rm(tmp, { recursive: true, force: true });
  });

  /** A download of the whole range, as the service asks for it (its row, then its job). */
  async function askForDownload(): Promise<number> {
    const row = await new DownloadRepository(db).insert({
      customerId: setup.customerId,
      userId: setup.userId,
      cameraId: setup.cameraId,
      start: setup.start,
      end: setup.end,
      bytes: 1,
      timeZone: null,
    });
    await new JobRepository(db).enqueue({
      kind: DOWNLOAD_JOB,
      payload: { downloadId: row.id },
      dedupeKey: `download:${row.id}`,
      runAt: new Date(),
      maxAttempts: DOWNLOAD_JOB_ATTEMPTS,
    });
    return row.id;
  }

  async function expectCompletedOnce(downloadId: number, attempts: number): Promise<void> {
    const settled = await until(
      'the download settled',
      () => downloadOf(downloadId),
      (row) => row.status === 'ready' || row.status === 'failed',
      120_000,
    );
    expect(settled.error).toBeNull();
    expect(settled.status).toBe('ready');
    const job = await until(
      'the job closed',
      () => jobOf(downloadId),
      (j) => j.status !== 'running',
      30_000,
    );
    expect(job.status).toBe('done');
    expect(job.attempts).toBe(attempts);
    // The stored file is the whole range: every clip's seconds, and the size the row says.
    const key = blobKeys.download(downloadId);
    expect(settled.blob_key).toBe(key);
    const file = await blobs.get(key);
    expect(file?.size).toBe(Number(settled.bytes));
    const local = path.join(tmp, `download-${downloadId}.mp4`);
    await fs.writeFile(local, file!.body);
    const { stdout } = await runFile('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'format=duration',
      '-of',
      'csv=p=0',
      local,
    ]);
    expect(Number(stdout.trim())).toBeCloseTo(CLIPS * CLIP_SECONDS, 0);
    const told = await db
      .selectFrom('notifications')
      .select(['kind', 'url'])
      .where('customer_id', '=', setup.customerId)
      .where('url', '=', `/api/downloads/${downloadId}/file`)
      .execute();
    expect(told).toEqual([{ kind: 'archive', url: `/api/downloads/${downloadId}/file` }]);
  }

  const fetching = (row: { progress: number }) => row.progress > 0 && row.progress < 0.8;
  const joining = (row: { progress: number }) => row.progress >= 0.8;

  it.each([
    ['while it fetches the clips', [fetching]],
    ['while it joins them', [joining]],
    ['on its first run and again on its retry', [fetching, fetching]],
  ])(
    'is killed %s and, run again, completes once',
    async (_when, killPoints) => {
      const downloadId = await askForDownload();
      for (const [index, isThere] of killPoints.entries()) {
        const worker = startWorker();
        await until(
          'the job at the point of the kill',
          async () => ({ ...(await downloadOf(downloadId)), attempts: (await jobOf(downloadId)).attempts }),
          (row) => row.status === 'running' && row.attempts === index + 1 && isThere(row),
          90_000,
        );
        await killHard(worker);
        expect((await downloadOf(downloadId)).status).toBe('running');
      }
      startWorker();
      await expectCompletedOnce(downloadId, killPoints.length + 1);
      for (const child of [...workers]) await killHard(child);
    },
    300_000,
  );
});
