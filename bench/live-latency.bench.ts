// Live latency: time from a still's capture on a real agent (simulated camera, real ffmpeg) to the moment a
// viewer long-polling the live image address has the JPEG's bytes. Agent, server and viewer share one
// machine clock, so latency = viewer's Date.now() after the body − X-Captured-At.
// Usage: npm run bench -- live-latency
import fs from 'node:fs/promises';
import { startAgent } from '../agent/src/index.ts';
import { startServer } from './lib/server-process.ts';
import {
  BENCH_PORTS,
  createBenchTenant,
  login,
  percentile,
  report,
  round1,
  sleep,
  tempDir,
  type BenchTenant,
  type CameraSettings,
} from './lib/video-fixtures.ts';

export interface LiveLatencyResult {
  format: string;
  samples: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  minMs: number;
  /** Long polls that came back without an image (304) or failed. */
  emptyPolls: number;
  stillsPerSec: number;
}

export async function benchLiveLatency(
  settings: CameraSettings,
  samples = 100,
  warmup = 5,
): Promise<LiveLatencyResult> {
  process.env.SIMULATED_CAMERAS = '0';
  let tenant: BenchTenant | undefined;
  const server = await startServer({ kind: 'embedded' }, BENCH_PORTS.liveLatency, {
    prepare: async (db) => {
      tenant = await createBenchTenant(db, 1, settings);
    },
  });
  const spoolDir = await tempDir('live-spool');
  const camera = tenant!.cameras[0]!;
  const agent = await startAgent({
    server: server.url,
    token: camera.token,
    source: 'sim:street?seed=3',
    spoolDir,
  });
  try {
    const cookie = await login(server.url, tenant!.email, tenant!.password);
    const startLive = async () => {
      const res = await fetch(`${server.url}/api/cameras/${camera.code}/live`, {
        method: 'PUT',
        headers: { cookie },
      });
      if (res.status !== 200) throw new Error(`PUT live: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { data: { url: string } }).data.url;
    };
    // The agent's control channel must be up before live is asked for, or the request waits for a heartbeat.
    await sleep(1_000);
    const imagePath = await startLive();
    let renewedAt = Date.now();
    let after = 0;
    const latencies: number[] = [];
    let emptyPolls = 0;
    let got = 0;
    let firstAt = 0;
    const deadline = Date.now() + (samples + warmup) * 1_000 * 3 + 30_000;
    while (latencies.length < samples) {
      if (Date.now() > deadline) throw new Error(`only ${latencies.length} samples before the deadline`);
      if (Date.now() - renewedAt > 50_000) {
        await startLive();
        renewedAt = Date.now();
      }
      const res = await fetch(`${server.url}${imagePath}?after=${after}`, { headers: { cookie } });
      const body = await res.arrayBuffer();
      const receivedAt = Date.now();
      if (res.status !== 200) {
        emptyPolls++;
        continue;
      }
      const capturedAt = Number(res.headers.get('x-captured-at'));
      after = Number(res.headers.get('x-frame-time'));
      if (body.byteLength === 0 || !Number.isFinite(capturedAt)) throw new Error('image without bytes');
      got++;
      if (got === warmup + 1) firstAt = receivedAt;
      if (got > warmup) latencies.push(receivedAt - capturedAt);
    }
    const elapsedSec = (Date.now() - firstAt) / 1000;
    return {
      format: `${settings.width}x${settings.height} ${settings.fps} fps, live_interval ${settings.liveInterval} s`,
      samples: latencies.length,
      p50Ms: percentile(latencies, 0.5),
      p95Ms: percentile(latencies, 0.95),
      maxMs: Math.max(...latencies),
      minMs: Math.min(...latencies),
      emptyPolls,
      stillsPerSec: round1((latencies.length - 1) / elapsedSec),
    };
  } finally {
    await agent.stop();
    await server.stop();
    await fs.rm(spoolDir, { recursive: true, force: true });
  }
}

export async function benchLiveLatencyAll(): Promise<LiveLatencyResult[]> {
  const results: LiveLatencyResult[] = [];
  for (const settings of [
    { width: 1280, height: 720, fps: 5, liveInterval: 1 },
    { width: 320, height: 180, fps: 2, liveInterval: 1 },
  ])
    results.push(await benchLiveLatency(settings));
  report(
    'live-latency',
    ['format', 'samples', 'p50 ms', 'p95 ms', 'min ms', 'max ms', 'stills/s', 'empty polls'],
    results.map((r) => [
      r.format,
      r.samples,
      r.p50Ms,
      r.p95Ms,
      r.minMs,
      r.maxMs,
      r.stillsPerSec,
      r.emptyPolls,
    ]),
    results,
  );
  return results;
}
