// A real agent (simulated camera, real ffmpeg) recording against the real server while it is starved of
// CPU, as when analysis jobs run beside the recorders (issue 17 point 2): its ffmpeg is stopped and
// continued like cpulimit does, the event loop the simulator renders on stalls, and niced busy loops
// load the machine. Frames then come late or not at all, yet the whole minute it uploads lasts 60 s with
// fps × 60 frames, the partial minute before it ends exactly at the minute, and the download of the two
// is one continuous video as long as both. Media durations are asserted, not wall-clock time.
// Slow by nature: it records until a whole wall-clock minute has been uploaded.
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startAgent, type AgentHandle } from '@camwatch/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaTestApp } from '../helpers/recorded-media.ts';
import { as, createLocationAndCamera, createTenant, login, type TestApp } from '../helpers/test-app.ts';

const run = promisify(execFile);
const FPS = 2;
let t: TestApp & { cleanup: () => Promise<void> };
let agent: AgentHandle | undefined;
let work: string;
const burners: ChildProcess[] = [];
const timers: NodeJS.Timeout[] = [];

beforeAll(async () => {
  t = await createMediaTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-starved-'));
});
afterAll(async () => {
  stopStarving();
  await agent?.stop();
  await t.cleanup();
  await fs.rm(work, { recursive: true, force: true });
});

/** The agent's ffmpeg processes: children of this process named ffmpeg. */
function recorderPids(): number[] {
  try {
    return execFileSync('pgrep', ['-x', 'ffmpeg', '-P', String(process.pid)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return []; // pgrep answers 1 when there is none (between restarts)
  }
}

const stopped = new Set<number>();

/** Sends a signal to a process that may have ended meanwhile. */
function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // gone (ffmpeg restarted or stopped): nothing to stop or continue
  }
}

function starve(): void {
  // Two busy loops at the lowest priority: load for the machine, little harm to anyone else's work.
  for (let i = 0; i < 2; i++)
    burners.push(spawn('nice', ['-n', '19', 'sh', '-c', 'while :; do :; done'], { stdio: 'ignore' }));
  // cpulimit-like: ffmpeg gets no CPU at all for 1.5 s in every 5 s; frames written meanwhile are dropped.
  timers.push(
    setInterval(() => {
      for (const pid of recorderPids()) {
        signal(pid, 'SIGSTOP');
        stopped.add(pid);
        setTimeout(() => {
          signal(pid, 'SIGCONT');
          stopped.delete(pid);
        }, 1_500);
      }
    }, 5_000),
  );
  // The event loop the simulator (and the server) run on is blocked for 1.2 s in every 7 s: frames due
  // meanwhile are never rendered.
  timers.push(
    setInterval(() => {
      const until = performance.now() + 1_200;
      while (performance.now() < until);
    }, 7_000),
  );
}

function stopStarving(): void {
  for (const timer of timers.splice(0)) clearInterval(timer);
  for (const pid of stopped) signal(pid, 'SIGCONT');
  stopped.clear();
  for (const burner of burners.splice(0)) burner.kill('SIGKILL');
}

async function probe(file: string) {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-show_entries',
    'format=duration:packet=pts_time,flags',
    '-of',
    'json',
    file,
  ]);
  const parsed = JSON.parse(stdout) as {
    format: { duration: string };
    packets: { pts_time: string; flags: string }[];
  };
  const times = parsed.packets.map((p) => Number(p.pts_time)).sort((a, b) => a - b);
  return {
    durationSec: Number(parsed.format.duration),
    frames: times.length,
    keyframes: parsed.packets.filter((p) => p.flags.startsWith('K')).map((p) => Number(p.pts_time)),
    /** Distinct steps between consecutive frames (a jump or a gap shows as a second value). */
    steps: [...new Set(times.slice(1).map((time, i) => Math.round((time - times[i]!) * 1000)))],
  };
}

describe('recording under CPU starvation', () => {
  it(
    'issue 17: a whole minute recorded while starved lasts 60 s with fps × 60 frames; the join of consecutive minutes lasts their sum',
    { timeout: 360_000 },
    async () => {
      const tenant = await createTenant(t.db);
      const { camera } = await createLocationAndCamera(t.db, tenant.customer.id, 'Starved');
      await t.db
        .updateTable('cameras')
        .set({ image_fps: FPS, image_rs_width: 320, image_rs_height: 180, live_interval: 1 })
        .where('id', '=', camera.id)
        .execute();
      const { token } = await t.services.deviceAuth.issue(camera.id, 'starved recording');
      const server = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      const truthDir = path.join(work, 'truth');
      agent = await startAgent({
        server,
        token,
        source: 'sim:street?seed=17',
        spoolDir: path.join(work, 'spool'),
        truthDir,
      });
      await expect.poll(() => recorderPids().length, { timeout: 30_000 }).toBeGreaterThan(0);
      starve();

      // The first (partial) minute, then a whole one.
      const clips = () =>
        t.db
          .selectFrom('clips')
          .select(['start_time', 'offset_ms', 'duration_ms', 'blob_key'])
          .where('camera_id', '=', camera.id)
          .orderBy('start_time')
          .orderBy('offset_ms')
          .execute();
      // A whole minute with a piece before it. An agent whose first frame falls just past the minute it
      // started in records that minute in two pieces (about 1 s, then the rest; see timelineOrigin): the
      // piece before the whole minute is then the second, which ends at the minute.
      const isWhole = (clip: { offset_ms: number; duration_ms: number }) =>
        clip.offset_ms === 0 && clip.duration_ms >= 59_000;
      const wholeIndex = (all: { offset_ms: number; duration_ms: number }[]) =>
        all.findIndex((clip, i) => i > 0 && isWhole(clip));
      await expect
        .poll(async () => wholeIndex(await clips()), { timeout: 260_000, interval: 1_000 })
        .toBeGreaterThan(0);
      stopStarving();
      await agent.stop();
      agent = undefined;
      const all = await clips();
      const whole = all[wholeIndex(all)];
      const first = all[wholeIndex(all) - 1];

      // The whole minute: 60 s and 120 frames, a keyframe on every second, though its source delivered
      // far fewer frames in that minute (the simulator's truth has a line per delivered frame).
      expect(whole!.start_time.getTime()).toBe(first!.start_time.getTime() + 60_000);
      expect(whole!.offset_ms).toBe(0);
      expect(Math.abs(whole!.duration_ms - 60_000)).toBeLessThanOrEqual(50);
      const wholeFile = path.join(work, 'whole.mp4');
      await fs.writeFile(wholeFile, (await t.services.blobs.get(whole!.blob_key))!.body);
      const wholeMedia = await probe(wholeFile);
      expect(Math.abs(wholeMedia.durationSec - 60)).toBeLessThanOrEqual(0.05);
      expect(wholeMedia.frames).toBe(FPS * 60);
      expect(wholeMedia.keyframes).toEqual(Array.from({ length: 60 }, (_, i) => i));
      expect(wholeMedia.steps).toEqual([1000 / FPS]);
      const truth = await fs.readFile(
        path.join(truthDir, `${whole!.start_time.toISOString().slice(0, 19)}Z.truth.jsonl`),
        'utf8',
      );
      const delivered = truth.split('\n').filter(Boolean).length;
      expect(delivered).toBeLessThan(FPS * 60 * 0.9);

      // The partial minute ends exactly where the whole one begins.
      expect(Math.abs(first!.offset_ms + first!.duration_ms - 60_000)).toBeLessThanOrEqual(50);

      // Downloaded together: one continuous video as long as both, every frame one frame interval apart.
      const cookie = await login(t.app, tenant.user);
      const res = await as(t.app, cookie, {
        method: 'POST',
        url: `/api/cameras/${camera.code}/downloads`,
        payload: {
          start_datetime: first!.start_time.toISOString(),
          end_datetime: new Date(whole!.start_time.getTime() + 60_000).toISOString(),
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      const id = res.json().data.download.download_id;
      await t.services.jobs.runDue();
      const row = await t.db
        .selectFrom('downloads')
        .select(['status', 'blob_key'])
        .where('id', '=', Number(id))
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('ready');
      const joinedFile = path.join(work, 'joined.mp4');
      await fs.writeFile(joinedFile, (await t.services.blobs.get(row.blob_key!))!.body);
      const joined = await probe(joinedFile);
      const firstFile = path.join(work, 'first.mp4');
      await fs.writeFile(firstFile, (await t.services.blobs.get(first!.blob_key))!.body);
      const firstMedia = await probe(firstFile);
      expect(Math.abs(joined.durationSec - (firstMedia.durationSec + 60))).toBeLessThanOrEqual(0.05);
      expect(joined.frames).toBe(firstMedia.frames + FPS * 60);
      expect(joined.steps).toEqual([1000 / FPS]);
    },
  );
});
