// How soon a recorded clip is analysed by the vision engine after its upload, on the real server: the demo
// (its simulated cameras recording and uploading a clip a minute each, the cameras with the people counter, entry
// detection or the heat map analysed) on PostgreSQL, for a few minutes; then, for each clip of an analysed camera
// uploaded after a warm-up, the time from its upload (clips.created_at) to its tracks being stored
// (clip_tracks.analyzed_at), the engine's CPU per clip, and the clips still waiting at the end. The engine runs as
// in production: its own process at the lowest priority.
// Usage: npm run bench -- vision-latency    or    node --import tsx bench/vision-latency.bench.ts [--minutes N]
import os from 'node:os';
import pg from 'pg';
import { postgresAdminUrl } from './auth-me.bench.ts';
import { startServer } from './lib/server-process.ts';
import { percentile, report, round1 } from './lib/video-fixtures.ts';

const WARM_UP_MS = 90_000;

export interface VisionLatencyResult {
  minutes: number;
  analysedCameras: number;
  clips: number;
  p50Sec: number;
  p95Sec: number;
  maxSec: number;
  /** Clips of analysed cameras uploaded after the warm-up and not analysed when the run ended. */
  waiting: number;
  oldestWaitingSec: number;
  cpuSecPerClip: number;
  load1: number;
}

export async function benchVisionLatency(minutes = 6): Promise<VisionLatencyResult> {
  process.env.SIMULATED_CAMERAS = '1';
  const server = await startServer({ kind: 'postgres', adminUrl: postgresAdminUrl() }, 18790);
  const startedAt = Date.now();
  try {
    await new Promise((r) => setTimeout(r, minutes * 60_000));
    const client = new pg.Client({ connectionString: server.databaseUrl });
    await client.connect();
    try {
      const since = new Date(startedAt + WARM_UP_MS);
      const { rows } = await client.query<{
        created_at: Date;
        analyzed_at: Date | null;
        cpu_ms: number | null;
      }>(
        `SELECT c.created_at, t.analyzed_at, t.cpu_ms
           FROM clips c LEFT JOIN clip_tracks t ON t.clip_id = c.id
          WHERE c.created_at > $1
            AND c.camera_id IN (SELECT DISTINCT camera_id FROM clip_tracks)`,
        [since],
      );
      const cameras = await client.query<{ n: string }>(
        'SELECT count(DISTINCT camera_id) AS n FROM clip_tracks',
      );
      const now = Date.now();
      const done = rows.filter((r) => r.analyzed_at !== null);
      const latencies = done.map((r) => (r.analyzed_at!.getTime() - r.created_at.getTime()) / 1000);
      const waiting = rows.filter((r) => r.analyzed_at === null);
      const result: VisionLatencyResult = {
        minutes,
        analysedCameras: Number(cameras.rows[0]?.n ?? 0),
        clips: done.length,
        p50Sec: round1(percentile(latencies, 0.5)),
        p95Sec: round1(percentile(latencies, 0.95)),
        maxSec: round1(Math.max(0, ...latencies)),
        waiting: waiting.length,
        oldestWaitingSec: round1(Math.max(0, ...waiting.map((r) => (now - r.created_at.getTime()) / 1000))),
        cpuSecPerClip: round1(
          done.reduce((sum, r) => sum + (r.cpu_ms ?? 0), 0) / Math.max(1, done.length) / 1000,
        ),
        load1: round1(os.loadavg()[0]!),
      };
      report(
        `vision-latency (${minutes} min of the demo on PostgreSQL, upload to analysed)`,
        ['analysed cameras', 'clips', 'p50 s', 'p95 s', 'max s', 'waiting', 'oldest waiting s', 'CPU s/clip'],
        [
          [
            result.analysedCameras,
            result.clips,
            result.p50Sec,
            result.p95Sec,
            result.maxSec,
            result.waiting,
            result.oldestWaitingSec,
            result.cpuSecPerClip,
          ],
        ],
        result,
      );
      return result;
    } finally {
      await client.end();
    }
  } finally {
    await server.stop();
  }
}

export const visionLatencyRows = (r: VisionLatencyResult): string[] => [
  `| Clip upload → tracks stored, ${r.analysedCameras} analysed demo cameras, ${r.minutes} min | PostgreSQL | p50 ${r.p50Sec} s, p95 ${r.p95Sec} s, max ${r.maxSec} s over ${r.clips} clips | ${r.waiting} waiting at the end (oldest ${r.oldestWaitingSec} s); engine ${r.cpuSecPerClip} CPU s per clip; load ${r.load1} | target ≤ 120 s |`,
];

if (import.meta.url === `file://${process.argv[1]}`) {
  const i = process.argv.indexOf('--minutes');
  for (const line of visionLatencyRows(
    await benchVisionLatency(i >= 0 ? Number(process.argv[i + 1]) : undefined),
  ))
    console.log(line);
}
