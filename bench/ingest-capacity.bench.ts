// Ingest capacity: how many cameras one server keeps while each sends one live still per second
// (POST api/ingest/cameras/:code/stills, a pre-made ~60 KB 1280x720 JPEG) and one one-minute clip per minute
// (PUT …/clips/:start_time, a pre-made 1280x720 5 fps MP4; the clips of all cameras spread evenly over the
// minute, each upload naming a new minute so the server probes and stores every one). Open loop: a camera
// sends on its schedule whether or not its previous request has answered. Pre-recorded media, keep-alive
// node:http, no ffmpeg in the generator. Steps up the camera count past the point where p99 still latency
// reaches 100 ms (until 500 ms or errors), then the same without clips to show what the clips cost.
// The cameras have motion detection on, so every clip's motion job decodes it in the server's own worker, as
// in production; on PostgreSQL each step also reports the analysis queues' age (oldest due job not yet taken)
// and the CPU of the server's process tree and of its database backends per camera. INGEST_SOAK_SEC=600 adds
// a long run at the top step (INGEST_SOAK_CAMERAS, default the largest step) sampled every 10 s.
// Usage: npm run bench -- ingest-capacity   (ingest-capacity-pg: the same on PostgreSQL)
//        INGEST_STEPS=800,1000 INGEST_SOAK_SEC=600 npm run bench -- ingest-capacity-pg
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import pg from 'pg';
import { startServer, type DatabaseChoice } from './lib/server-process.ts';
import {
  BENCH_PORTS,
  createBenchTenant,
  makeMinuteClip,
  makeStillJpeg,
  percentile,
  report,
  round1,
  sha256Hex,
  sleep,
  tempDir,
  type BenchCamera,
  type BenchTenant,
} from './lib/video-fixtures.ts';

export const INGEST_STEPS = [50, 100, 200, 300, 400, 500, 600, 800, 1000, 1200] as const;
/** The clip's bitrate: about what the agent records from its simulated street scene at 1280x720 5 fps (bytes-per-day). */
export const INGEST_CLIP_KBPS = 150;
/** Fewer, wider steps for the stills-only comparison. */
export const STILLS_ONLY_STEPS = [100, 200, 400, 800] as const;
export const STILL_P99_LIMIT_MS = 100;
/** Stepping stops once p99 still latency passes this (or any request fails). */
const STOP_P99_MS = 500;

export interface IngestStepResult {
  cameras: number;
  stillsPerSec: number;
  stillP50Ms: number;
  stillP99Ms: number;
  clips: number;
  clipP50Ms: number;
  clipP99Ms: number;
  errors: number;
  /** Requests still unanswered when the step's window closed. */
  unanswered: number;
  /** 1-minute load average of the machine at the step's end (other work on it skews the figures). */
  load1: number;
  /** CPU of the server's process tree (its job programs included) per camera, in % of one core; null when unread. */
  serverCpuPctPerCamera: number | null;
  /** CPU of the server's PostgreSQL backends per camera, in % of one core; null on PGlite. */
  dbCpuPctPerCamera: number | null;
  /** Analysis queues (PostgreSQL only): the oldest due motion / vision job's wait at its worst in the window, s. */
  motionQueueAgeMaxSec: number | null;
  visionQueueAgeMaxSec: number | null;
  /** Motion jobs finished in the window, and still waiting at its end. */
  motionDone: number | null;
  motionWaiting: number | null;
}

export interface IngestCapacityResult {
  database: string;
  withClips: boolean;
  /** Motion detection on for the bench's cameras (its job decodes every clip). */
  withMotion: boolean;
  stillBytes: number;
  clipBytes: number;
  steps: IngestStepResult[];
  /** The largest step whose p99 still latency stayed under the limit (0 when none did). */
  maxCameras: number;
}

interface Sample {
  at: number;
  ms: number;
  ok: boolean;
}

/** One request with a raw body over a keep-alive agent; answers its duration and whether it was a 200. */
function send(
  agent: http.Agent,
  port: number,
  method: string,
  path: string,
  token: string,
  contentType: string,
  body: Buffer,
): Promise<Sample> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': contentType,
          'content-length': body.length,
        },
      },
      (res) => {
        res.on('data', () => {});
        res.on('end', () =>
          resolve({ at: started, ms: performance.now() - started, ok: res.statusCode === 200 }),
        );
        res.on('error', () => resolve({ at: started, ms: performance.now() - started, ok: false }));
      },
    );
    req.on('error', () => resolve({ at: started, ms: performance.now() - started, ok: false }));
    req.end(body);
  });
}

/** Clock ticks per second of /proc's CPU times (100 on Linux everywhere we run). */
const CLOCK_TICKS = 100;

/** CPU seconds (user + system, children waited for included) of a process and all its descendants. */
export async function treeCpuSec(rootPid: number): Promise<number | null> {
  const stats = new Map<number, { ppid: number; ticks: number }>();
  for (const entry of await fs.readdir('/proc').catch(() => [] as string[])) {
    if (!/^\d+$/.test(entry)) continue;
    const text = await fs.readFile(`/proc/${entry}/stat`, 'utf8').catch(() => null);
    if (!text) continue;
    // Fields after the command name (which may hold spaces): state ppid … utime(14) stime cutime cstime.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i] ?? 0), 0);
    stats.set(Number(entry), { ppid: Number(fields[1]), ticks });
  }
  if (!stats.has(rootPid)) return null;
  const inTree = new Set([rootPid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, { ppid }] of stats)
      if (!inTree.has(pid) && inTree.has(ppid)) {
        inTree.add(pid);
        grew = true;
      }
  }
  let ticks = 0;
  for (const pid of inTree) ticks += stats.get(pid)?.ticks ?? 0;
  return ticks / CLOCK_TICKS;
}

export interface QueueSample {
  /** Jobs due and not yet taken. */
  waiting: number;
  /** How long the oldest of them has waited, s (0 when none). */
  ageSec: number;
  done: number;
}

/** What a step reads of the servers while it runs (twice the CPU: as its window opens and as it closes). */
export interface StepMonitor {
  cpu(): Promise<{ server: number | null; db: number | null }>;
  queues(): Promise<Record<'motion' | 'vision', QueueSample> | null>;
}

/** What the bench reads of the server while it runs: its CPU, its database backends' CPU, its job queues. */
export class ServerMonitor implements StepMonitor {
  private constructor(
    private readonly serverPid: number,
    private readonly client: pg.Client | null,
  ) {}

  /** The CPU seconds so far of the database's backends (those alive now; null without a database). */
  async databaseCpu(): Promise<number | null> {
    if (!this.client) return null;
    const { rows } = await this.client.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    let db = 0;
    for (const { pid } of rows) db += (await treeCpuSec(pid)) ?? 0;
    return db;
  }

  static async open(serverPid: number, databaseUrl: string | undefined): Promise<ServerMonitor> {
    if (!databaseUrl) return new ServerMonitor(serverPid, null);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    return new ServerMonitor(serverPid, client);
  }

  async close(): Promise<void> {
    await this.client?.end();
  }

  /** CPU seconds so far of the server's tree and of its database's backends (those alive now). */
  async cpu(): Promise<{ server: number | null; db: number | null }> {
    const server = await treeCpuSec(this.serverPid);
    return { server, db: await this.databaseCpu() };
  }

  /** The motion and vision queues now; null on PGlite (the bench cannot open its database beside the server). */
  async queues(): Promise<Record<'motion' | 'vision', QueueSample> | null> {
    if (!this.client) return null;
    const { rows } = await this.client.query<{
      kind: string;
      waiting: string;
      age: number | null;
      done: string;
    }>(
      `SELECT kind,
              count(*) FILTER (WHERE status = 'queued' AND run_at <= now()) AS waiting,
              extract(epoch FROM now() - min(run_at) FILTER (WHERE status = 'queued' AND run_at <= now()))::float8 AS age,
              count(*) FILTER (WHERE status = 'done') AS done
       FROM jobs WHERE kind IN ('motion', 'vision') GROUP BY kind`,
    );
    const of = (kind: string): QueueSample => {
      const row = rows.find((r) => r.kind === kind);
      return {
        waiting: Number(row?.waiting ?? 0),
        ageSec: round1(row?.age ?? 0),
        done: Number(row?.done ?? 0),
      };
    };
    return { motion: of('motion'), vision: of('vision') };
  }
}

/** One look at the queues during a step: seconds since the window opened, motion wait and backlog. */
export interface QueuePoint {
  atSec: number;
  motionAgeSec: number;
  motionWaiting: number;
  visionAgeSec: number;
}

export async function runStep(
  cameras: BenchCamera[],
  port: number,
  still: Buffer,
  clip: Buffer,
  clipSha: string,
  withClips: boolean,
  nextMinute: (cameraIndex: number) => string,
  warmupSec: number,
  measureSec: number,
  monitor: StepMonitor,
  samplePeriodSec = 5,
  series?: QueuePoint[],
): Promise<IngestStepResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity, maxFreeSockets: 2048 });
  const stills: Sample[] = [];
  const clips: Sample[] = [];
  let outstanding = 0;
  const timers: NodeJS.Timeout[] = [];
  const begin = performance.now();
  const windowStart = begin + warmupSec * 1000;
  const windowEnd = windowStart + measureSec * 1000;
  const n = cameras.length;
  const track = (into: Sample[], request: Promise<Sample>) => {
    outstanding++;
    void request.then((s) => {
      outstanding--;
      into.push(s);
    });
  };
  cameras.forEach((camera, i) => {
    // Stills: once a second at the camera's own phase.
    const stillPath = `/api/ingest/cameras/${camera.code}/stills?captured_at=`;
    const sendStill = () =>
      track(
        stills,
        send(agent, port, 'POST', `${stillPath}${Date.now()}`, camera.token, 'image/jpeg', still),
      );
    timers.push(
      setTimeout(
        () => {
          sendStill();
          timers.push(setInterval(sendStill, 1_000));
        },
        Math.floor((i / n) * 1_000),
      ),
    );
    // Clips: one a minute, the cameras' uploads spread evenly over the minute.
    const sendClip = () =>
      track(
        clips,
        send(
          agent,
          port,
          'PUT',
          `/api/ingest/cameras/${camera.code}/clips/${nextMinute(i)}?duration_ms=60000&sha256=${clipSha}`,
          camera.token,
          'video/mp4',
          clip,
        ),
      );
    if (withClips)
      timers.push(
        setTimeout(
          () => {
            sendClip();
            timers.push(setInterval(sendClip, 60_000));
          },
          Math.floor((i / n) * 60_000),
        ),
      );
  });
  await sleep(warmupSec * 1000);
  const cpuBefore = await monitor.cpu();
  const queuesBefore = await monitor.queues();
  let motionAgeMax = queuesBefore?.motion.ageSec ?? null;
  let visionAgeMax = queuesBefore?.vision.ageSec ?? null;
  let queuesAfter = queuesBefore;
  for (;;) {
    const left = windowEnd - performance.now();
    if (left <= 0) break;
    await sleep(Math.min(left, samplePeriodSec * 1000));
    const q = await monitor.queues();
    if (!q) continue;
    queuesAfter = q;
    motionAgeMax = Math.max(motionAgeMax ?? 0, q.motion.ageSec);
    visionAgeMax = Math.max(visionAgeMax ?? 0, q.vision.ageSec);
    series?.push({
      atSec: Math.round((performance.now() - windowStart) / 1000),
      motionAgeSec: q.motion.ageSec,
      motionWaiting: q.motion.waiting,
      visionAgeSec: q.vision.ageSec,
    });
  }
  const cpuAfter = await monitor.cpu();
  for (const t of timers) clearTimeout(t);
  const unanswered = outstanding;
  // Let the step's stragglers finish (bounded) so they do not load the next step.
  for (let i = 0; i < 100 && outstanding > 0; i++) await sleep(100);
  agent.destroy();
  const inWindow = (s: Sample) => s.at >= windowStart && s.at < windowEnd;
  const stillWindow = stills.filter(inWindow);
  const clipWindow = clips.filter(inWindow);
  const okStills = stillWindow.filter((s) => s.ok);
  return {
    cameras: n,
    stillsPerSec: round1(okStills.length / measureSec),
    stillP50Ms: round1(
      percentile(
        okStills.map((s) => s.ms),
        0.5,
      ),
    ),
    stillP99Ms: round1(
      percentile(
        okStills.map((s) => s.ms),
        0.99,
      ),
    ),
    clips: clipWindow.length,
    clipP50Ms: round1(
      percentile(
        clipWindow.map((s) => s.ms),
        0.5,
      ),
    ),
    clipP99Ms: round1(
      percentile(
        clipWindow.map((s) => s.ms),
        0.99,
      ),
    ),
    errors: stillWindow.length - okStills.length + clipWindow.filter((s) => !s.ok).length,
    unanswered,
    load1: round1(os.loadavg()[0] ?? 0),
    serverCpuPctPerCamera: cpuPerCamera(cpuBefore.server, cpuAfter.server, measureSec, n),
    dbCpuPctPerCamera: cpuPerCamera(cpuBefore.db, cpuAfter.db, measureSec, n),
    motionQueueAgeMaxSec: motionAgeMax,
    visionQueueAgeMaxSec: visionAgeMax,
    motionDone: queuesBefore && queuesAfter ? queuesAfter.motion.done - queuesBefore.motion.done : null,
    motionWaiting: queuesAfter?.motion.waiting ?? null,
  };
}

/** CPU used between two readings, per camera, in % of one core (two decimals). */
function cpuPerCamera(before: number | null, after: number | null, seconds: number, cameras: number) {
  if (before === null || after === null) return null;
  return Math.round(((after - before) / seconds / cameras) * 100 * 100) / 100;
}

/** A long run at one camera count: the step's figures over the whole run and the queues every 10 s. */
export interface IngestSoakResult {
  step: IngestStepResult;
  seconds: number;
  queue: QueuePoint[];
}

export interface IngestOptions {
  withClips?: boolean;
  steps?: readonly number[];
  warmupSec?: number;
  measureSec?: number;
  /** Motion detection on for every camera (default on: the motion job decodes each clip, as in production). */
  withMotion?: boolean;
  /** After the steps, a run of this many seconds at soakCameras (default the largest step); 0: none. */
  soakSec?: number;
  soakCameras?: number;
}

export async function benchIngestCapacity(
  database: DatabaseChoice,
  {
    withClips = true,
    steps = INGEST_STEPS,
    warmupSec = 5,
    measureSec = 25,
    withMotion = true,
    soakSec = 0,
    soakCameras,
  }: IngestOptions = {},
): Promise<IngestCapacityResult & { soak: IngestSoakResult | null }> {
  process.env.SIMULATED_CAMERAS = '0';
  const dir = await tempDir('ingest');
  const [still, clip] = await Promise.all([makeStillJpeg(dir), makeMinuteClip(dir, INGEST_CLIP_KBPS)]);
  const clipSha = sha256Hex(clip);
  const most = Math.max(...steps, soakSec > 0 ? (soakCameras ?? 0) : 0);
  let tenant: BenchTenant | undefined;
  const server = await startServer(database, BENCH_PORTS.ingestCapacity, {
    prepare: async (db) => {
      tenant = await createBenchTenant(db, most);
      if (withMotion)
        await db
          .updateTable('cameras')
          .set({ use_motion: true })
          .where(
            'id',
            'in',
            tenant.cameras.map((c) => c.id),
          )
          .execute();
    },
  });
  const port = Number(new URL(server.url).port);
  const monitor = await ServerMonitor.open(server.process.pid ?? 0, server.databaseUrl);
  // Each upload names a new minute: camera i counts back from the minute before now.
  const firstMinute = Math.floor(Date.now() / 60_000) * 60_000 - 60_000;
  const uploaded = new Array<number>(most).fill(0);
  const nextMinute = (i: number) => new Date(firstMinute - uploaded[i]!++ * 60_000).toISOString();
  const results: IngestStepResult[] = [];
  let soak: IngestSoakResult | null = null;
  const describe = (r: IngestStepResult) =>
    `${r.stillsPerSec} stills/s, p50 ${r.stillP50Ms} ms, p99 ${r.stillP99Ms} ms, clips ${r.clips} (p99 ${r.clipP99Ms} ms), errors ${r.errors}, unanswered ${r.unanswered}; CPU per camera: server ${r.serverCpuPctPerCamera} %, database ${r.dbCpuPctPerCamera} % of a core; motion queue age max ${r.motionQueueAgeMaxSec} s (${r.motionDone} done, ${r.motionWaiting} waiting), vision ${r.visionQueueAgeMaxSec} s; load ${r.load1}`;
  try {
    for (const count of steps) {
      const r = await runStep(
        tenant!.cameras.slice(0, count),
        port,
        still,
        clip,
        clipSha,
        withClips,
        nextMinute,
        warmupSec,
        measureSec,
        monitor,
      );
      results.push(r);
      console.error(
        `ingest ${withClips ? 'stills + clips' : 'stills only'} ${count} cameras: ${describe(r)}`,
      );
      if (!(r.stillP99Ms < STOP_P99_MS) || r.errors > 0) break;
    }
    if (soakSec > 0) {
      const count = soakCameras ?? Math.max(...steps);
      const queue: QueuePoint[] = [];
      const step = await runStep(
        tenant!.cameras.slice(0, count),
        port,
        still,
        clip,
        clipSha,
        withClips,
        nextMinute,
        warmupSec,
        soakSec,
        monitor,
        10,
        queue,
      );
      soak = { step, seconds: soakSec, queue };
      console.error(`ingest soak ${soakSec} s at ${count} cameras: ${describe(step)}`);
      console.error(
        `motion queue age every 10 s: ${queue.map((q) => `${q.atSec}s:${q.motionAgeSec}/${q.motionWaiting}`).join(' ')}`,
      );
    }
  } finally {
    await monitor.close();
    await server.stop();
    await fs.rm(dir, { recursive: true, force: true });
  }
  const passing = results.filter((r) => r.stillP99Ms < STILL_P99_LIMIT_MS && r.errors === 0);
  return {
    database: database.kind === 'embedded' ? 'PGlite (embedded)' : 'PostgreSQL 15',
    withClips,
    withMotion,
    stillBytes: still.length,
    clipBytes: clip.length,
    steps: results,
    maxCameras: Math.max(0, ...passing.map((r) => r.cameras)),
    soak,
  };
}

const numbersOf = (text: string | undefined) =>
  text
    ?.split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);

export async function benchIngestCapacityReported(database: DatabaseChoice): Promise<IngestCapacityResult[]> {
  // INGEST_STEPS=800,1000: only these steps; INGEST_SOAK_SEC: the long run after the steps with clips;
  // INGEST_STILLS_ONLY=0 leaves out the stills-only comparison.
  const steps = numbersOf(process.env.INGEST_STEPS);
  const soakSec = Number(process.env.INGEST_SOAK_SEC ?? 0);
  const soakCameras = numbersOf(process.env.INGEST_SOAK_CAMERAS)?.[0];
  const results: IngestCapacityResult[] = [];
  for (const withClips of process.env.INGEST_STILLS_ONLY === '0' ? [true] : [true, false]) {
    const r = await benchIngestCapacity(database, {
      withClips,
      steps: steps?.length ? steps : withClips ? INGEST_STEPS : STILLS_ONLY_STEPS,
      soakSec: withClips ? soakSec : 0,
      soakCameras,
    });
    const rows = [...r.steps, ...(r.soak ? [r.soak.step] : [])];
    report(
      `ingest-capacity (${r.database}, ${withClips ? 'stills + clips' : 'stills only'}${r.withMotion ? ', motion detection on' : ''}; still ${r.stillBytes} B, clip ${r.clipBytes} B; max cameras with p99 < ${STILL_P99_LIMIT_MS} ms: ${r.maxCameras}${r.soak ? `; last row: ${r.soak.seconds} s run` : ''})`,
      [
        'cameras',
        'stills/s',
        'still p50 ms',
        'still p99 ms',
        'clips',
        'clip p50 ms',
        'clip p99 ms',
        'errors',
        'server cpu %/cam',
        'db cpu %/cam',
        'motion age max s',
        'motion done',
        'motion waiting',
        'vision age max s',
        'load1',
      ],
      rows.map((s) => [
        s.cameras,
        s.stillsPerSec,
        s.stillP50Ms,
        s.stillP99Ms,
        s.clips,
        s.clipP50Ms,
        s.clipP99Ms,
        s.errors,
        s.serverCpuPctPerCamera ?? '-',
        s.dbCpuPctPerCamera ?? '-',
        s.motionQueueAgeMaxSec ?? '-',
        s.motionDone ?? '-',
        s.motionWaiting ?? '-',
        s.visionQueueAgeMaxSec ?? '-',
        s.load1,
      ]),
      r,
    );
    results.push(r);
  }
  return results;
}
