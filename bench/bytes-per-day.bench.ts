// Stored bytes per camera-day: a real agent (simulated street scene, real ffmpeg) records at 1280x720 5 fps
// against the server for a few wall-clock minutes; the complete one-minute clips it uploads (found through
// the archives list, fetched through their signed addresses, duration checked with ffprobe) and the minute
// thumbnails (through the snapshots call) are measured and extrapolated × 1440 minutes.
// The synthetic scene's complexity drives the figure: a busier or noisier picture makes bigger clips.
// Usage: npm run bench -- bytes-per-day
import fs from 'node:fs/promises';
import path from 'node:path';
import { startAgent } from '../agent/src/index.ts';
import { startServer } from './lib/server-process.ts';
import {
  BENCH_PORTS,
  createBenchTenant,
  durationSec,
  login,
  report,
  round1,
  run,
  sleep,
  tempDir,
  type BenchTenant,
} from './lib/video-fixtures.ts';

export interface StoredClipInfo {
  startTime: string;
  bytes: number;
  durationSec: number;
  frames: number;
}

export interface BytesPerDayResult {
  recordedSec: number;
  clips: StoredClipInfo[];
  completeClips: number;
  avgClipBytes: number;
  thumbnails: number;
  avgThumbnailBytes: number;
  clipGbPerDay: number;
  thumbnailMbPerDay: number;
  totalGbPerDay: number;
  bitrateKbps: number;
}

const COMPLETE_SEC = 59;

export async function benchBytesPerDay(wantComplete = 2, softLimitSec = 200, hardLimitSec = 270) {
  process.env.SIMULATED_CAMERAS = '0';
  let tenant: BenchTenant | undefined;
  const server = await startServer({ kind: 'embedded' }, BENCH_PORTS.bytesPerDay, {
    prepare: async (db) => {
      tenant = await createBenchTenant(db, 1, { width: 1280, height: 720, fps: 5, liveInterval: 1 });
    },
  });
  const dir = await tempDir('bytes');
  const camera = tenant!.cameras[0]!;
  const startedAt = Date.now();
  const agent = await startAgent({
    server: server.url,
    token: camera.token,
    source: 'sim:street?seed=11',
    spoolDir: path.join(dir, 'spool'),
  });
  try {
    const cookie = await login(server.url, tenant!.email, tenant!.password);
    const hour = Math.floor(startedAt / 3_600_000) * 3_600_000;
    const listUrl = `${server.url}/api/cameras/${camera.code}/archives?start_date=${encodeURIComponent(new Date(hour).toISOString())}&period=6`;
    const seen = new Map<string, StoredClipInfo>();
    const complete = () => [...seen.values()].filter((c) => c.durationSec >= COMPLETE_SEC);
    for (;;) {
      const elapsed = (Date.now() - startedAt) / 1000;
      if (complete().length >= wantComplete) break;
      if (elapsed > softLimitSec && complete().length >= 1) break;
      if (elapsed > hardLimitSec) break;
      await sleep(3_000);
      const res = await fetch(listUrl, { headers: { cookie } });
      if (res.status !== 200) throw new Error(`archives: ${res.status}`);
      const entries = (
        (await res.json()) as { data: { archives: { archive_id: string | null; start_time: string }[] } }
      ).data.archives;
      for (const entry of entries) {
        if (!entry.archive_id || seen.has(entry.archive_id)) continue;
        const addr = await fetch(`${server.url}/api/archives/${entry.archive_id}/video?return_url=t`, {
          headers: { cookie },
        });
        const { url } = (await addr.json()) as { url: string };
        const media = await fetch(new URL(url, server.url));
        const bytes = Buffer.from(await media.arrayBuffer());
        const file = path.join(dir, `${entry.archive_id}.mp4`);
        await fs.writeFile(file, bytes);
        const { stdout } = await run('ffprobe', [
          '-v',
          'error',
          '-select_streams',
          'v:0',
          '-count_packets',
          '-show_entries',
          'stream=nb_read_packets',
          '-of',
          'default=nw=1:nk=1',
          file,
        ]);
        seen.set(entry.archive_id, {
          startTime: entry.start_time,
          bytes: Number(media.headers.get('content-length') ?? bytes.length),
          durationSec: round1(await durationSec(file)),
          frames: Number(stdout.trim()),
        });
        await fs.rm(file);
      }
    }
    const recordedSec = Math.round((Date.now() - startedAt) / 1000);
    // Thumbnails of the window (one per minute), through the snapshots call.
    const snaps = await fetch(
      `${server.url}/api/cameras/${camera.code}/snapshots?startDatetime=${encodeURIComponent(new Date(startedAt - 60_000).toISOString())}&endDatetime=${encodeURIComponent(new Date().toISOString())}`,
      { headers: { cookie } },
    );
    if (snaps.status !== 200) throw new Error(`snapshots: ${snaps.status} ${await snaps.text()}`);
    const images = ((await snaps.json()) as { data: { images: { imageUrl: string }[] } }).data.images;
    const thumbBytes: number[] = [];
    for (const image of images) {
      const res = await fetch(new URL(image.imageUrl, server.url));
      thumbBytes.push((await res.arrayBuffer()).byteLength);
    }
    const full = complete();
    if (full.length === 0) throw new Error(`no complete clip after ${recordedSec} s`);
    const avgClipBytes = full.reduce((a, c) => a + c.bytes, 0) / full.length;
    const avgThumbnailBytes = thumbBytes.length
      ? thumbBytes.reduce((a, b) => a + b, 0) / thumbBytes.length
      : 0;
    const result: BytesPerDayResult = {
      recordedSec,
      clips: [...seen.values()],
      completeClips: full.length,
      avgClipBytes: Math.round(avgClipBytes),
      thumbnails: thumbBytes.length,
      avgThumbnailBytes: Math.round(avgThumbnailBytes),
      clipGbPerDay: round1((avgClipBytes * 1440) / 1e8) / 10,
      thumbnailMbPerDay: round1((avgThumbnailBytes * 1440) / 1e6),
      totalGbPerDay: Math.round(((avgClipBytes + avgThumbnailBytes) * 1440) / 1e7) / 100,
      bitrateKbps: Math.round((avgClipBytes * 8) / 60 / 1000),
    };
    return result;
  } finally {
    await agent.stop();
    await server.stop();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

export async function benchBytesPerDayReported(): Promise<BytesPerDayResult> {
  const r = await benchBytesPerDay();
  report(
    `bytes-per-day (recorded ${r.recordedSec} s; ${r.completeClips} complete clips, ${r.thumbnails} thumbnails)`,
    ['clip start', 'bytes', 'duration s', 'frames'],
    r.clips.map((c) => [c.startTime, c.bytes, c.durationSec, c.frames]),
    r,
  );
  process.stderr.write(
    `per camera-day: clips ${r.clipGbPerDay} GB (${r.bitrateKbps} kbit/s), thumbnails ${r.thumbnailMbPerDay} MB, total ${r.totalGbPerDay} GB\n`,
  );
  return r;
}
