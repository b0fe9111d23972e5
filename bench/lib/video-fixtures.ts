// Shared pieces of the video-pipeline benches: a tenant with cameras and device tokens made in prepare(),
// logging in over HTTP, media made once by ffmpeg, and percentiles.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Db } from '../../server/src/db/database.ts';
import { everyRight } from '../../server/src/db/seed/demo-account.ts';
import { DeviceAuth } from '../../server/src/ingest/device-auth.ts';
import { DeviceTokenRepository } from '../../server/src/ingest/device-token.repository.ts';
import { newCode } from '../../server/src/lib/tokens.ts';
import { SessionRepository } from '../../server/src/modules/auth/session.repository.ts';
import { CameraRepository } from '../../server/src/modules/cameras/camera.repository.ts';
import { CustomerRepository } from '../../server/src/modules/customers/customer.repository.ts';
import { LocationRepository } from '../../server/src/modules/locations/location.repository.ts';
import { UserRepository } from '../../server/src/modules/users/user.repository.ts';
import { UserService } from '../../server/src/modules/users/user.service.ts';

export const run = promisify(execFile);

export const BENCH_PASSWORD = 'bench-pass-1';

export interface CameraSettings {
  width: number;
  height: number;
  fps: number;
  liveInterval: number;
}

export interface BenchCamera {
  id: number;
  code: string;
  token: string;
}

export interface BenchTenant {
  email: string;
  password: string;
  cameras: BenchCamera[];
}

/**
 * In prepare(): a customer, one user with every right and a known password, one site and `count` cameras
 * with the given recording settings, each with its own device token.
 */
export async function createBenchTenant(
  db: Db,
  count: number,
  settings: CameraSettings = { width: 1280, height: 720, fps: 5, liveInterval: 1 },
): Promise<BenchTenant> {
  const customer = await new CustomerRepository(db).insert(newCode('cust'), 'Bench customer');
  const email = `bench-${Date.now()}@bench.example`;
  await new UserService(new UserRepository(db), new SessionRepository(db)).create({
    customerId: customer.id,
    email,
    password: BENCH_PASSWORD,
    name: 'bench',
    parentUserId: null,
    permissions: everyRight,
  });
  const location = await new LocationRepository(db).insert({
    customer_id: customer.id,
    code: newCode('loc'),
    name: 'Bench site',
    latitude: 35.68,
    longitude: 139.76,
  });
  const cameraRepository = new CameraRepository(db);
  const deviceAuth = new DeviceAuth(new DeviceTokenRepository(db));
  const cameras: BenchCamera[] = [];
  for (let i = 0; i < count; i++) {
    const camera = await cameraRepository.insert({
      customer_id: customer.id,
      location_id: location.id,
      code: newCode('cam'),
      name: `Bench camera ${i + 1}`,
      image_fps: settings.fps,
      image_rs_width: settings.width,
      image_rs_height: settings.height,
      live_interval: settings.liveInterval,
    });
    const { token } = await deviceAuth.issue(camera.id, 'bench');
    cameras.push({ id: camera.id, code: camera.code, token });
  }
  return { email, password: BENCH_PASSWORD, cameras };
}

/** Logs in through POST /api/auth/login and answers the `Cookie` header of the session. */
export async function login(url: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('cw_session='));
  if (!cookie) throw new Error('no session cookie');
  return cookie.split(';')[0] ?? '';
}

/** The value at quantile q (0..1) of the samples, nearest rank. */
export function percentile(samples: number[], q: number): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank] ?? NaN;
}

export const round1 = (n: number) => Math.round(n * 10) / 10;

export const sha256Hex = (data: Buffer) => createHash('sha256').update(data).digest('hex');

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export async function tempDir(label: string): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), `camwatch-bench-${label}-`));
}

export interface MinuteClipOptions {
  /** Held near this bitrate when given; else preset veryfast's own (about 1.1 Mbit/s at 1280x720, 5 fps). */
  bitrateKbps?: number;
  width?: number;
  height?: number;
  fps?: number;
  /** More video filters before the pixel format (e.g. a drawbox crossing the picture). */
  filter?: string;
}

/** Where makeMinuteClip writes the clip of these options. */
const minuteClipFile = (
  dir: string,
  { bitrateKbps, width = 1280, height = 720, fps = 5, filter }: MinuteClipOptions,
) =>
  path.join(
    dir,
    `minute-${width}x${height}-${fps}${bitrateKbps ? `-${bitrateKbps}k` : ''}${filter ? `-${createHash('sha1').update(filter).digest('hex').slice(0, 8)}` : ''}.mp4`,
  );

/**
 * A real H.264 MP4 of one minute (default 1280x720 at 5 fps), a keyframe every second, moov first (faststart):
 * ffmpeg's testsrc2 pattern (moving shapes, gradients and a counter). Answers the file's bytes and its path.
 */
export async function makeMinuteClipFile(
  dir: string,
  options: MinuteClipOptions = {},
): Promise<{ data: Buffer; file: string }> {
  const { bitrateKbps, width = 1280, height = 720, fps = 5, filter } = options;
  const file = minuteClipFile(dir, options);
  const rate = bitrateKbps
    ? ['-b:v', `${bitrateKbps}k`, '-maxrate', `${bitrateKbps * 2}k`, '-bufsize', `${bitrateKbps * 2}k`]
    : [];
  await run('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=s=${width}x${height}:r=${fps}:d=60`,
    '-vf',
    filter ? `${filter},format=yuv420p` : 'format=yuv420p',
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    ...rate,
    '-g',
    String(fps),
    '-keyint_min',
    String(fps),
    '-sc_threshold',
    '0',
    '-movflags',
    '+faststart',
    file,
  ]);
  return { data: await fs.readFile(file), file };
}

/** The bytes of a one-minute 1280x720 5 fps clip (makeMinuteClipFile), held near `bitrateKbps` when given. */
export async function makeMinuteClip(dir: string, bitrateKbps?: number): Promise<Buffer> {
  return (await makeMinuteClipFile(dir, { bitrateKbps })).data;
}

/** A 1280x720 JPEG of about 60 KB (testsrc2 with noise, quality chosen to land near that size). */
export async function makeStillJpeg(dir: string): Promise<Buffer> {
  let best: Buffer | null = null;
  for (const q of [6, 8, 10, 12, 15]) {
    const file = path.join(dir, `still-${q}.jpg`);
    await run('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=s=1280x720:r=1:d=1',
      '-vf',
      'noise=alls=8:allf=t',
      '-frames:v',
      '1',
      '-q:v',
      String(q),
      file,
    ]);
    const data = await fs.readFile(file);
    if (!best || Math.abs(data.length - 60_000) < Math.abs(best.length - 60_000)) best = data;
  }
  if (!best) throw new Error('no JPEG made');
  return best;
}

/** Byte offset of the end of the first video packet (moov + first keyframe for a faststart MP4). */
export async function firstFrameEnd(file: string): Promise<number> {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-show_packets',
    '-read_intervals',
    '%+#1',
    '-show_entries',
    'packet=pos,size,flags',
    '-of',
    'json',
    file,
  ]);
  const packet = (JSON.parse(stdout) as { packets: { pos: string; size: string }[] }).packets[0];
  if (!packet) throw new Error('no video packet');
  return Number(packet.pos) + Number(packet.size);
}

/** Duration of a media file in seconds. */
export async function durationSec(file: string): Promise<number> {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'format=duration',
    '-of',
    'default=nw=1:nk=1',
    file,
  ]);
  return Number(stdout.trim());
}

/** A free-ish loopback port per bench, away from the other benches' 18_080. */
export const BENCH_PORTS = {
  liveLatency: 18_181,
  archiveTtfb: 18_182,
  ingestCapacity: 18_183,
  bytesPerDay: 18_184,
} as const;

/**
 * Prints a bench's own small table and its JSON line on stderr, so stdout stays the Markdown rows of
 * run-all.ts.
 */
export function report(bench: string, columns: string[], rows: (string | number)[][], json: unknown): void {
  const cells = [columns, ...rows.map((r) => r.map(String))];
  const widths = columns.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ');
  process.stderr.write(`\n${bench}\n${line(columns)}\n`);
  for (const r of cells.slice(1)) process.stderr.write(`${line(r)}\n`);
  // Other work on the machine (tests, type checks) skews these figures; the load average says how much.
  const load = os.loadavg().map((n) => round1(n));
  process.stderr.write(`load average (1/5/15 min) at the end: ${load.join(' / ')}\n`);
  process.stderr.write(`${JSON.stringify({ bench, loadAverage: load, results: json })}\n`);
}
