// Ingest capacity: how many cameras one server keeps while each sends one live still per second
// (POST api/ingest/cameras/:code/stills, a pre-made ~60 KB 1280x720 JPEG) and one one-minute clip per minute
// (PUT …/clips/:start_time, a pre-made 1280x720 5 fps MP4; the clips of all cameras spread evenly over the
// minute, each upload naming a new minute so the server probes and stores every one). Open loop: a camera
// sends on its schedule whether or not its previous request has answered. Pre-recorded media, keep-alive
// node:http, no ffmpeg in the generator. Steps up the camera count past the point where p99 still latency
// reaches 100 ms (until 500 ms or errors), then the same without clips to show what the clips cost.
// Usage: npm run bench -- ingest-capacity   (ingest-capacity-pg: the same on PostgreSQL)
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
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

export const INGEST_STEPS = [50, 100, 200, 300, 400, 500, 600, 800] as const;
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
}

export interface IngestCapacityResult {
  database: string;
  withClips: boolean;
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

async function runStep(
  cameras: BenchCamera[],
  port: number,
  still: Buffer,
  clip: Buffer,
  clipSha: string,
  withClips: boolean,
  nextMinute: (cameraIndex: number) => string,
  warmupSec: number,
  measureSec: number,
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
  await sleep((warmupSec + measureSec) * 1000);
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
  };
}

export async function benchIngestCapacity(
  database: DatabaseChoice,
  withClips = true,
  steps: readonly number[] = INGEST_STEPS,
  warmupSec = 5,
  measureSec = 25,
): Promise<IngestCapacityResult> {
  process.env.SIMULATED_CAMERAS = '0';
  const dir = await tempDir('ingest');
  const [still, clip] = await Promise.all([makeStillJpeg(dir), makeMinuteClip(dir, INGEST_CLIP_KBPS)]);
  const clipSha = sha256Hex(clip);
  const most = Math.max(...steps);
  let tenant: BenchTenant | undefined;
  const server = await startServer(database, BENCH_PORTS.ingestCapacity, {
    prepare: async (db) => {
      tenant = await createBenchTenant(db, most);
    },
  });
  const port = Number(new URL(server.url).port);
  // Each upload names a new minute: camera i counts back from the minute before now.
  const firstMinute = Math.floor(Date.now() / 60_000) * 60_000 - 60_000;
  const uploaded = new Array<number>(most).fill(0);
  const nextMinute = (i: number) => new Date(firstMinute - uploaded[i]!++ * 60_000).toISOString();
  const results: IngestStepResult[] = [];
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
      );
      results.push(r);
      console.error(
        `ingest ${withClips ? 'stills + clips' : 'stills only'} ${count} cameras: ${r.stillsPerSec} stills/s, p50 ${r.stillP50Ms} ms, p99 ${r.stillP99Ms} ms, clips ${r.clips} (p99 ${r.clipP99Ms} ms), errors ${r.errors}, unanswered ${r.unanswered}`,
      );
      if (!(r.stillP99Ms < STOP_P99_MS) || r.errors > 0) break;
    }
  } finally {
    await server.stop();
    await fs.rm(dir, { recursive: true, force: true });
  }
  const passing = results.filter((r) => r.stillP99Ms < STILL_P99_LIMIT_MS && r.errors === 0);
  return {
    database: database.kind === 'embedded' ? 'PGlite (embedded)' : 'PostgreSQL 15',
    withClips,
    stillBytes: still.length,
    clipBytes: clip.length,
    steps: results,
    maxCameras: Math.max(0, ...passing.map((r) => r.cameras)),
  };
}

export async function benchIngestCapacityReported(database: DatabaseChoice): Promise<IngestCapacityResult[]> {
  const results: IngestCapacityResult[] = [];
  for (const withClips of [true, false]) {
    const r = await benchIngestCapacity(database, withClips, withClips ? INGEST_STEPS : STILLS_ONLY_STEPS);
    report(
      `ingest-capacity (${r.database}, ${withClips ? 'stills + clips' : 'stills only'}; still ${r.stillBytes} B, clip ${r.clipBytes} B; max cameras with p99 < ${STILL_P99_LIMIT_MS} ms: ${r.maxCameras})`,
      [
        'cameras',
        'stills/s',
        'still p50 ms',
        'still p99 ms',
        'clips',
        'clip p50 ms',
        'clip p99 ms',
        'errors',
        'load1',
      ],
      r.steps.map((s) => [
        s.cameras,
        s.stillsPerSec,
        s.stillP50Ms,
        s.stillP99Ms,
        s.clips,
        s.clipP50Ms,
        s.clipP99Ms,
        s.errors,
        s.load1,
      ]),
      r,
    );
    results.push(r);
  }
  return results;
}
