// Ingest across api nodes (issue 18 figures): the same open-loop load as ingest-capacity (each camera 1 live still/s
// and 1 one-minute clip/min, motion detection on) sent through nginx to 1 and then 2 api nodes, with 1 worker node
// (the clips' motion jobs), all on one PostgreSQL database and one Redis (REDIS_URL, a prefix of the run's own), the
// blobs in one shared DATA_DIR (it stands for the bucket: the CPU figures stay comparable with ingest-capacity's).
// nginx sends an agent's requests to one node by its token (`hash $http_authorization`, as docs/operations.md says).
// For every step it reads, from /proc, the CPU seconds of each node's process tree (ffprobe and ffmpeg children
// included), of nginx and of the database's backends over a window of whole minutes (every camera's clip falls in
// it), and gives them per camera per minute, with the still latency's p50/p99 through nginx; the api nodes' idle CPU
// (read before the steps) is taken off for the marginal cost of a camera, from which the projection is made. The
// database figure counts the backends alive at both readings (one that ended between them is lost). The machine is
// shared: CPU per camera is the comparable figure; the load average is kept with each step.
// Usage: POSTGRES_ADMIN_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench -- ingest-cluster
//        INGEST_CLUSTER_STEPS=100,200 INGEST_CLUSTER_MEASURE_SEC=60 (defaults) INGEST_CLUSTER_NODES=1,2
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../server/src/db/database.ts';
import { migrateToLatest } from '../server/src/db/migrate.ts';
import {
  runStep,
  ServerMonitor,
  treeCpuSec,
  type IngestStepResult,
  type StepMonitor,
} from './ingest-capacity.bench.ts';
import { createDatabase, repoRoot } from './lib/server-process.ts';
import {
  createBenchTenant,
  makeMinuteClip,
  makeStillJpeg,
  report,
  round1,
  sha256Hex,
  sleep,
  tempDir,
  type BenchTenant,
} from './lib/video-fixtures.ts';
import { INGEST_CLIP_KBPS } from './ingest-capacity.bench.ts';

export const INGEST_CLUSTER_STEPS = [100, 200] as const;
/** Ports from here up: nginx, then the api nodes, then the worker's metrics. */
const BASE_PORT = 18_190;
/** A node of 8 cores kept at this share of them, for the projection. */
const PROJECTION_CORES = 8;
const PROJECTION_UTILISATION = 0.8;
/** Seconds of nothing sent before a configuration's steps, to read the api nodes' idle CPU. */
const IDLE_SEC = 20;
const round3 = (n: number) => Math.round(n * 1000) / 1000;

export interface ClusterStepResult {
  apiNodes: number;
  step: IngestStepResult;
  /** CPU seconds per camera per minute of each api node, in order. */
  apiCpuSecPerCameraMinute: number[];
  /** CPU seconds per minute each api node spent with no camera sending (measured before the steps). */
  apiIdleCpuSecPerMinute: number[];
  /** The api nodes' CPU beyond their idle, per camera per minute: what one more camera costs. */
  apiMarginalCpuSecPerCameraMinute: number;
  workerCpuSecPerCameraMinute: number;
  nginxCpuSecPerCameraMinute: number;
  databaseCpuSecPerCameraMinute: number;
  /** Cameras one 8-core api node takes at 80 % (from the busiest api node's CPU per camera), and one node doing
   *  everything (api + worker + nginx + database) would. */
  projectedCamerasPerApiNode: number;
  projectedCamerasPerAllInOneNode: number;
  load1: number;
}

const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

async function until(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(200);
  }
}

function nginxConf(dir: string, port: number, apiPorts: number[]): string {
  const servers = apiPorts.map((p) => `    server 127.0.0.1:${p};`).join('\n');
  return `
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/nginx-body;
  proxy_temp_path ${dir}/nginx-proxy;
  fastcgi_temp_path ${dir}/nginx-fastcgi;
  uwsgi_temp_path ${dir}/nginx-uwsgi;
  scgi_temp_path ${dir}/nginx-scgi;
  client_max_body_size 64m;
  upstream camwatch_agents {
    hash $http_authorization consistent;
${servers}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    proxy_http_version 1.1;
    proxy_set_header Host $host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header Connection "";
    proxy_request_buffering off;
    location / { proxy_pass http://camwatch_agents; }
  }
}
`;
}

export async function benchIngestCluster(
  adminUrl: string,
  {
    steps = INGEST_CLUSTER_STEPS,
    nodeCounts = [1, 2],
    warmupSec = 10,
    measureSec = 60,
  }: {
    steps?: readonly number[];
    nodeCounts?: readonly number[];
    warmupSec?: number;
    measureSec?: number;
  } = {},
): Promise<ClusterStepResult[]> {
  const dir = await tempDir('ingest-cluster');
  const [still, clip] = await Promise.all([makeStillJpeg(dir), makeMinuteClip(dir, INGEST_CLIP_KBPS)]);
  const clipSha = sha256Hex(clip);
  const most = Math.max(...steps);
  const database = await createDatabase(adminUrl);
  let tenant: BenchTenant;
  {
    const db = openDatabase({ kind: 'postgres', url: database.url, poolSize: 2 });
    try {
      await migrateToLatest(db);
      tenant = await createBenchTenant(db, most);
      await db
        .updateTable('cameras')
        .set({ use_motion: true })
        .where(
          'id',
          'in',
          tenant.cameras.map((c) => c.id),
        )
        .execute();
    } finally {
      await db.destroy();
    }
  }
  const dataDir = path.join(dir, 'data');
  await fs.mkdir(dataDir);
  const prefix = `cwbench-${randomUUID().slice(0, 8)}`;
  const children = new Set<ChildProcess>();
  const launch = (command: string, args: string[], env: Record<string, string> = {}) => {
    const child = spawn(command, args, {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.add(child);
    child.once('exit', () => children.delete(child));
    return child;
  };
  const stop = async (child: ChildProcess | null) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  const nodeEnv = (role: 'api' | 'worker', port: number): Record<string, string> => ({
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    REDIS_URL: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: prefix,
    SEED_DEMO: '0',
    SIMULATED_CAMERAS: '0',
    LOG_LEVEL: 'warn',
    TRUST_PROXY: '127.0.0.1',
    WEB_DIST_DIR: path.join(dir, 'no-web'),
    ...(role === 'api' ? { PORT: String(port), HOST: '127.0.0.1' } : { METRICS_PORT: String(port) }),
  });
  const startNode = async (role: 'api' | 'worker', port: number) => {
    const child = launch(
      process.execPath,
      ['--import', 'tsx', 'server/src/main.ts', role],
      nodeEnv(role, port),
    );
    await until(`${role} on ${port}`, () => portOpen(port), 90_000);
    return child;
  };
  const nginxPort = BASE_PORT;
  const apiPorts = [BASE_PORT + 1, BASE_PORT + 2];
  const workerPort = BASE_PORT + 3;
  const monitor = await ServerMonitor.open(0, database.url);
  const results: ClusterStepResult[] = [];
  // Each upload names a new minute: camera i counts back from the minute before now (across every run).
  const firstMinute = Math.floor(Date.now() / 60_000) * 60_000 - 60_000;
  const uploaded = new Array<number>(most).fill(0);
  const nextMinute = (i: number) => new Date(firstMinute - uploaded[i]!++ * 60_000).toISOString();
  let worker: ChildProcess | null = null;
  const apis: ChildProcess[] = [];
  let nginx: ChildProcess | null = null;
  try {
    worker = await startNode('worker', workerPort);
    for (const nodes of nodeCounts) {
      while (apis.length < nodes) apis.push(await startNode('api', apiPorts[apis.length]!));
      await stop(nginx);
      await fs.writeFile(path.join(dir, 'nginx.conf'), nginxConf(dir, nginxPort, apiPorts.slice(0, nodes)));
      nginx = launch('nginx', ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;']);
      await until('nginx', () => portOpen(nginxPort), 10_000);
      // What the api nodes spend with nothing sent (timers, the bus, the pool): taken off the steps' figures.
      const apiPids = apis.slice(0, nodes).map((c) => c.pid ?? 0);
      const idleBefore = await Promise.all(apiPids.map(async (pid) => (await treeCpuSec(pid)) ?? 0));
      await sleep(IDLE_SEC * 1000);
      const idleAfter = await Promise.all(apiPids.map(async (pid) => (await treeCpuSec(pid)) ?? 0));
      const idlePerMinute = idleAfter.map((after, i) => round3((after - idleBefore[i]!) * (60 / IDLE_SEC)));
      for (const count of steps) {
        // Every process's CPU, read as the step's window opens and as it closes (runStep calls cpu() twice).
        const readings: number[][] = [];
        const pids = [...apis.slice(0, nodes), worker, nginx].map((c) => c.pid ?? 0);
        const stepMonitor: StepMonitor = {
          cpu: async () => {
            const each = await Promise.all(pids.map(async (pid) => (await treeCpuSec(pid)) ?? 0));
            const db = (await monitor.databaseCpu()) ?? 0;
            readings.push([...each, db]);
            return { server: each.slice(0, nodes).reduce((a, b) => a + b, 0), db };
          },
          queues: () => monitor.queues(),
        };
        const step = await runStep(
          tenant.cameras.slice(0, count),
          nginxPort,
          still,
          clip,
          clipSha,
          true,
          nextMinute,
          warmupSec,
          measureSec,
          stepMonitor,
        );
        const [before, after] = readings;
        const perCameraMinute = (i: number) =>
          round3(((after![i]! - before![i]!) / count) * (60 / measureSec));
        const apiCpu = Array.from({ length: nodes }, (_, i) => perCameraMinute(i));
        const workerCpu = perCameraMinute(nodes);
        const nginxCpu = perCameraMinute(nodes + 1);
        const databaseCpu = perCameraMinute(nodes + 2);
        const budget = PROJECTION_CORES * 60 * PROJECTION_UTILISATION;
        // Each api node takes its share of the cameras: its CPU per camera of its own is the sum over the nodes.
        const apiPerCamera = apiCpu.reduce((a, b) => a + b, 0);
        const idleTotal = idlePerMinute.reduce((a, b) => a + b, 0);
        const apiPerOwnCamera = round3(Math.max(0.001, apiPerCamera - idleTotal / count));
        const result: ClusterStepResult = {
          apiNodes: nodes,
          step,
          apiCpuSecPerCameraMinute: apiCpu,
          apiIdleCpuSecPerMinute: idlePerMinute,
          apiMarginalCpuSecPerCameraMinute: apiPerOwnCamera,
          workerCpuSecPerCameraMinute: workerCpu,
          nginxCpuSecPerCameraMinute: nginxCpu,
          databaseCpuSecPerCameraMinute: databaseCpu,
          projectedCamerasPerApiNode: Math.floor(budget / apiPerOwnCamera),
          projectedCamerasPerAllInOneNode: Math.floor(
            budget / (apiPerOwnCamera + workerCpu + nginxCpu + databaseCpu),
          ),
          load1: round1(os.loadavg()[0] ?? 0),
        };
        results.push(result);
        console.error(
          `ingest through nginx, ${nodes} api node(s), ${count} cameras: still p50 ${step.stillP50Ms} ms, p99 ${step.stillP99Ms} ms, clips ${step.clips} (p99 ${step.clipP99Ms} ms), errors ${step.errors}; CPU s per camera-minute: api ${apiCpu.join(' + ')} (idle ${idlePerMinute.join(' + ')} s/min; marginal ${apiPerOwnCamera}), worker ${workerCpu}, nginx ${nginxCpu}, database ${databaseCpu}; projected per 8-core api node ${result.projectedCamerasPerApiNode} cameras; load ${result.load1}`,
        );
      }
    }
  } finally {
    await stop(nginx);
    for (const api of apis) await stop(api);
    await stop(worker);
    for (const child of [...children]) await stop(child);
    await monitor.close();
    await database.drop();
    await fs.rm(dir, { recursive: true, force: true });
  }
  return results;
}

const numbersOf = (text: string | undefined) =>
  text
    ?.split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);

export async function benchIngestClusterReported(adminUrl: string): Promise<ClusterStepResult[]> {
  const steps = numbersOf(process.env.INGEST_CLUSTER_STEPS);
  const nodeCounts = numbersOf(process.env.INGEST_CLUSTER_NODES)?.filter((n) => n <= 2);
  const measureSec = Number(process.env.INGEST_CLUSTER_MEASURE_SEC ?? 60);
  const results = await benchIngestCluster(adminUrl, {
    ...(steps?.length ? { steps } : {}),
    ...(nodeCounts?.length ? { nodeCounts } : {}),
    measureSec,
  });
  report(
    `ingest-cluster (PostgreSQL, Redis, nginx → api nodes + 1 worker; 1 still/s + 1 clip/min per camera, motion on; CPU s per camera-minute over ${measureSec} s windows)`,
    [
      'api nodes',
      'cameras',
      'still p50 ms',
      'still p99 ms',
      'clips',
      'clip p99 ms',
      'errors',
      'api cpu s/cam-min (each node)',
      'api idle s/min (each)',
      'api marginal s/cam-min',
      'worker',
      'nginx',
      'database',
      'cams per 8-core api node',
      'cams per 8-core all-in-one',
      'load1',
    ],
    results.map((r) => [
      r.apiNodes,
      r.step.cameras,
      r.step.stillP50Ms,
      r.step.stillP99Ms,
      r.step.clips,
      r.step.clipP99Ms,
      r.step.errors,
      r.apiCpuSecPerCameraMinute.join(' + '),
      r.apiIdleCpuSecPerMinute.join(' + '),
      r.apiMarginalCpuSecPerCameraMinute,
      r.workerCpuSecPerCameraMinute,
      r.nginxCpuSecPerCameraMinute,
      r.databaseCpuSecPerCameraMinute,
      r.projectedCamerasPerApiNode,
      r.projectedCamerasPerAllInOneNode,
      r.load1,
    ]),
    results,
  );
  return results;
}
