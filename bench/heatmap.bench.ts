// The heat map's read path (issue 14, "Speed"): a month of one camera's heat answered by the real server on
// PostgreSQL (or PGlite). The demo's heatmap cameras get 31 days × 24 hours of heat rows, each a grid of people's
// dwell made by simulated walkers and standers (vision/heat-grid.ts on made-up tracks: the read path does not
// care where the numbers came from), then GET /api/heatmap/camera/:code for the 31 days before today is asked
// one request at a time; p50/p95 of the answer time, and the server's CPU per request. Then the batch download of
// ten cameras' heat maps for the same 31 days, one image per camera and day: seconds from the request until the ZIP
// is ready (the server's job, in the same process, drawing in its worker thread), each image over a shop picture.
// Usage: npm run bench -- heatmap   (POSTGRES_ADMIN_URL overrides postgres://postgres@127.0.0.1:5432/postgres)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { encode as encodeJpeg } from 'jpeg-js';
import { SimRenderer } from '../agent/src/sim/renderer.ts';
import { addDays, todayIn } from '@camwatch/contract/heatmap-rules';
import type { Db } from '../server/src/db/database.ts';
import { seedDemo } from '../server/src/db/seed/demo-seed.ts';
import { blobKeys } from '../server/src/storage/blob-keys.ts';
import { FsBlobStore } from '../server/src/storage/fs-blob-store.ts';
import { addDwell, emptyCells, encodeCells } from '../server/src/vision/heat-grid.ts';
import { demoSession, startServer, type DatabaseChoice } from './lib/server-process.ts';

const DAYS = 31;
const HOUR_MS = 3_600_000;

/** A made-up hour of a camera: walkers across the lower half and a few people standing, seeded. */
function hourCells(seed: number): Buffer {
  let s = seed;
  const random = () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
  const tracks = Array.from({ length: 40 }, () => {
    const y = 0.5 + random() * 0.45;
    const x0 = random();
    const speed = (random() - 0.5) * 0.1;
    return {
      points: Array.from({ length: 20 + Math.floor(random() * 60) }, (_, i) => ({
        t: i / 2,
        box: { x: x0 + speed * i - 0.02, y: y - 0.2, w: 0.04, h: 0.2 },
      })),
    };
  });
  return encodeCells(addDwell(emptyCells(), tracks));
}

/** Cameras given the heat map function and a month of heat (the demo's first ten): the batch ZIP's cameras. */
const BATCH_CAMERAS = 10;

/** A picture of each camera to draw over: a frame of the simulated shop as a JPEG thumbnail, as agents send. */
async function putThumbnails(db: Db, dataDir: string, cameraIds: number[]): Promise<void> {
  const width = 480;
  const height = 270;
  const frame = new SimRenderer({ scene: 'shop', seed: 7, tzOffsetMinutes: 540 }, width, height).render(
    Date.UTC(2026, 10, 21, 3, 0, 0),
    { ptz: { pan: 0, tilt: 0, zoom: 1 }, isLightOn: false },
  );
  const rgba = Buffer.alloc(width * height * 4, 255);
  for (let i = 0; i < width * height; i++) frame.data.copy(rgba, i * 4, i * 3, i * 3 + 3);
  const jpeg = encodeJpeg({ data: rgba, width, height }, 80).data;
  const blobs = new FsBlobStore(path.join(dataDir, 'blobs'));
  const at = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 86_400_000);
  for (const cameraId of cameraIds) {
    const key = blobKeys.thumbnail(cameraId, at);
    await blobs.put(key, Buffer.from(jpeg));
    await db
      .insertInto('thumbnails')
      .values({ camera_id: cameraId, start_time: at, blob_key: key, bytes: jpeg.length })
      .execute();
  }
}

async function prepare(db: Db, dataDir: string): Promise<void> {
  await seedDemo(db);
  const chosen = await db.selectFrom('cameras').select('id').orderBy('id').limit(BATCH_CAMERAS).execute();
  await db
    .updateTable('cameras')
    .set({ use_heatmap: true })
    .where(
      'id',
      'in',
      chosen.map((c) => c.id),
    )
    .execute();
  const cameras = await db
    .selectFrom('cameras')
    .select(['id', 'customer_id'])
    .where('use_heatmap', '=', true)
    .execute();
  const lastHour = Math.floor(Date.now() / HOUR_MS) * HOUR_MS;
  for (const camera of cameras) {
    const rows = Array.from({ length: (DAYS + 2) * 24 }, (_, i) => {
      const cells = hourCells(camera.id * 10_000 + i);
      const view = new DataView(cells.buffer, cells.byteOffset, cells.byteLength);
      let total = 0;
      for (let k = 0; k < cells.byteLength; k += 4) total += view.getFloat32(k, true);
      return {
        camera_id: camera.id,
        customer_id: camera.customer_id,
        hour: new Date(lastHour - i * HOUR_MS),
        cells,
        total,
        clips: 60,
      };
    });
    for (let i = 0; i < rows.length; i += 200)
      await db
        .insertInto('heatmap_hours')
        .values(rows.slice(i, i + 200))
        .execute();
  }
  await putThumbnails(
    db,
    dataDir,
    cameras.map((c) => c.id),
  );
}

export interface HeatmapBenchResult {
  database: string;
  requests: number;
  hoursRead: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** Server CPU (user + system) per request, from /proc. */
  serverCpuMsPerRequest: number;
  load1: number;
  /** The batch download of BATCH_CAMERAS cameras × 31 days, one image per camera and day. */
  batch: { images: number; zipBytes: number; seconds: number; serverCpuSeconds: number };
}

function processCpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of the whole line, in clock ticks (100 a second here).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export async function benchHeatmap(database: DatabaseChoice, requests = 200): Promise<HeatmapBenchResult> {
  process.env.SIMULATED_CAMERAS = '0';
  const server = await startServer(database, 18_091, { prepare });
  try {
    const cookie = await demoSession(server.url);
    const cameras = (await (await fetch(`${server.url}/api/cameras`, { headers: { cookie } })).json()) as {
      data: { cameras: { camera_code: string; use_heatmap: boolean }[] };
    };
    const code = cameras.data.cameras.find((c) => c.use_heatmap)!.camera_code;
    const today = todayIn('Asia/Tokyo');
    const url = `${server.url}/api/heatmap/camera/${code}?start=${addDays(today, -DAYS)}&end=${addDays(today, -1)}`;
    const ask = async () => {
      const res = await fetch(url, { headers: { cookie, 'accept-encoding': 'gzip' } });
      if (res.status !== 200) throw new Error(`heat map answered ${res.status}: ${await res.text()}`);
      return (await res.json()) as { data: { analysed_hours: number } };
    };
    for (let i = 0; i < 20; i++) await ask(); // warm-up
    const times: number[] = [];
    let hoursRead = 0;
    const cpuBefore = processCpuMs(server.process.pid!);
    for (let i = 0; i < requests; i++) {
      const started = performance.now();
      hoursRead = (await ask()).data.analysed_hours;
      times.push(performance.now() - started);
    }
    const cpu = processCpuMs(server.process.pid!) - cpuBefore;
    const batch = await batchZip(server.url, cookie, server.process.pid!, today);
    times.sort((a, b) => a - b);
    const at = (q: number) =>
      Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]! * 10) / 10;
    return {
      database: database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite',
      requests,
      hoursRead,
      p50Ms: at(0.5),
      p95Ms: at(0.95),
      maxMs: at(1),
      serverCpuMsPerRequest: Math.round((cpu / requests) * 10) / 10,
      load1: Number((os.loadavg()[0] ?? 0).toFixed(2)),
      batch,
    };
  } finally {
    await server.stop();
  }
}

/** Asks for the batch ZIP of the heat map cameras over the 31 days and times it until the file is ready. */
async function batchZip(url: string, cookie: string, pid: number, today: string) {
  const headers = { cookie, 'content-type': 'application/json' };
  const list = (await (await fetch(`${url}/api/cameras`, { headers: { cookie } })).json()) as {
    data: { cameras: { camera_code: string; use_heatmap: boolean }[] };
  };
  const codes = list.data.cameras.filter((c) => c.use_heatmap).map((c) => c.camera_code);
  const cpuBefore = processCpuMs(pid);
  const started = performance.now();
  const asked = await fetch(`${url}/api/heatmap/downloads`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      camera_codes: codes,
      start: addDays(today, -DAYS),
      end: addDays(today, -1),
      per: 'day',
    }),
  });
  const body = (await asked.json()) as { data?: { download?: { download_id: string } } };
  const id = body.data?.download?.download_id;
  if (!id) throw new Error(`batch download refused: ${JSON.stringify(body)}`);
  for (;;) {
    const state = (await (
      await fetch(`${url}/api/heatmap/downloads/${id}`, { headers: { cookie } })
    ).json()) as {
      data: { download: { status: string; bytes: number; error: string | null } };
    };
    const { status, bytes, error } = state.data.download;
    if (status === 'failed') throw new Error(`batch download failed: ${error}`);
    if (status === 'ready')
      return {
        images: codes.length * DAYS,
        zipBytes: bytes,
        seconds: Math.round((performance.now() - started) / 100) / 10,
        serverCpuSeconds: Math.round((processCpuMs(pid) - cpuBefore) / 100) / 10,
      };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export const heatmapRows = (r: HeatmapBenchResult) => [
  `| Heat map of one camera, ${DAYS} days (${r.hoursRead} hours read), ${r.requests} requests one at a time | ${r.database} | p50 ${r.p50Ms} ms, p95 ${r.p95Ms} ms, max ${r.maxMs} ms | server CPU ${r.serverCpuMsPerRequest} ms per request, load ${r.load1} | target p95 ≤ 300 ms |`,
  `| Heat map batch ZIP: ${BATCH_CAMERAS} cameras × ${DAYS} days, one PNG per camera and day (${r.batch.images} images, ${(r.batch.zipBytes / 2 ** 20).toFixed(1)} MiB) | ${r.database} | ${r.batch.seconds} s from the request to the file ready | server CPU ${r.batch.serverCpuSeconds} s | target ≤ 60 s |`,
];
