// Clip timing under CPU starvation (issue 17 point 2): the agent's recording pipeline (simulated street
// scene, real ffmpeg, 320x180 at 2 fps as the embedded demo records, one-minute clips into a spool) runs
// for a few wall-clock minutes while the machine is loaded: busy loops, the recorder's ffmpeg stopped and
// continued like cpulimit (1.5 s in every 5 s), and the event loop stalled (1.2 s in every 7 s) as an
// embedded server's own work stalls the agents that share its process. Every spooled clip is measured
// with ffprobe (duration, frames), the frames the simulator delivered in each minute are counted, and the
// whole minutes are joined by the server's concat (stream copy) as a download is.
// Several agent versions can record side by side under the same load (CLIP_TIMING_AGENTS), so a before /
// after comparison sees the same starvation.
// Usage: npm run bench -- clip-timing
//   CLIP_TIMING_MINUTES=3 whole minutes to record, CLIP_TIMING_BURNERS=6 busy loops,
//   CLIP_TIMING_FAULTS=0 for busy loops only, CLIP_TIMING_AGENTS=now=../agent/src,before=/tmp/old/agent/src
import { execFile, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { concatArgs, concatList } from '../server/src/video/concat.ts';
import { durationSec, report, round1, sleep, tempDir } from './lib/video-fixtures.ts';

const run = promisify(execFile);
const FORMAT = { width: 320, height: 180, fps: 2 };

export interface ClipTiming {
  startTime: string;
  offsetMs: number;
  durationSec: number;
  frames: number;
  /** Frames the simulator handed to ffmpeg during the clip's minute. */
  delivered: number;
}

export interface ClipTimingResult {
  agent: string;
  clips: ClipTiming[];
  wholeMinutes: number;
  /** The whole minutes joined by the server's concat, and what they should last. */
  joinedSec: number;
  expectedJoinedSec: number;
}

interface AgentUnderTest {
  label: string;
  spoolDir: string;
  delivered: number[];
  stop(): Promise<void>;
}

/** Starts one agent version's recording pipeline (its own modules, its own spool) on a simulated camera. */
async function startPipeline(label: string, agentSrc: string, dir: string): Promise<AgentUnderTest> {
  const from = (file: string) => import(path.resolve(import.meta.dirname, agentSrc, file));
  const { RecordingPipeline } = await from('recorder/pipeline.ts');
  const { Spool } = await from('spool/spool.ts');
  const { SimCamera } = await from('sim/sim-camera.ts');
  const { parseSource } = await from('source/source-spec.ts');
  const { silentLogger } = await from('logger.ts');
  const spoolDir = path.join(dir, label);
  const spool = new Spool({ dir: spoolDir, maxBytes: 2 ** 30, logger: silentLogger });
  await spool.open();
  const source = parseSource('sim:street?seed=17');
  const sim = new SimCamera(source);
  const delivered: number[] = [];
  const pipeline = new RecordingPipeline({
    source,
    spool,
    logger: silentLogger,
    ffmpegPath: 'ffmpeg',
    ffprobePath: 'ffprobe',
    segmentSeconds: 60,
    thumbnailWidth: 160,
    feeder: {
      start: (format: typeof FORMAT, sink: (frame: Buffer, capturedAt: number) => boolean) =>
        sim.start(format, (frame: Buffer, capturedAt: number) => {
          const isTaken = sink(frame, capturedAt);
          if (isTaken) delivered.push(capturedAt);
          return isTaken;
        }),
      stop: () => sim.stop(),
    },
    onStill: () => {},
    onThumbnail: () => {},
  });
  await pipeline.apply(FORMAT);
  return { label, spoolDir, delivered, stop: () => pipeline.stop() };
}

function ffmpegChildren(): number[] {
  try {
    return execFileSync('pgrep', ['-x', 'ffmpeg', '-P', String(process.pid)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // ended meanwhile
  }
}

/** Loads the machine; answers the function that ends it. */
function starve(burnerCount: number, withFaults: boolean): () => void {
  const burners = Array.from({ length: burnerCount }, () =>
    spawn('sh', ['-c', 'while :; do :; done'], { stdio: 'ignore' }),
  );
  const timers: NodeJS.Timeout[] = [];
  const stopped = new Set<number>();
  if (withFaults) {
    timers.push(
      setInterval(() => {
        for (const pid of ffmpegChildren()) {
          signal(pid, 'SIGSTOP');
          stopped.add(pid);
          setTimeout(() => {
            signal(pid, 'SIGCONT');
            stopped.delete(pid);
          }, 1_500);
        }
      }, 5_000),
      setInterval(() => {
        const until = performance.now() + 1_200;
        while (performance.now() < until);
      }, 7_000),
    );
  }
  return () => {
    for (const timer of timers) clearInterval(timer);
    for (const pid of stopped) signal(pid, 'SIGCONT');
    for (const burner of burners) burner.kill('SIGKILL');
  };
}

async function countFrames(file: string): Promise<number> {
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
  return Number(stdout.trim());
}

const spooledClips = async (dir: string) =>
  (await fs.readdir(dir)).filter((name) => /^\d{8}T\d{6}Z-\d{5}\.mp4$/.test(name)).sort();

async function measure(agent: AgentUnderTest, minutes: number): Promise<ClipTimingResult> {
  const clips: ClipTiming[] = [];
  for (const name of await spooledClips(agent.spoolDir)) {
    const file = path.join(agent.spoolDir, name);
    const sidecar = JSON.parse(await fs.readFile(file.replace(/\.mp4$/, '.json'), 'utf8')) as {
      start_time: string;
      offset_ms: number;
    };
    const minute = Date.parse(sidecar.start_time);
    clips.push({
      startTime: sidecar.start_time,
      offsetMs: sidecar.offset_ms,
      durationSec: round1((await durationSec(file)) * 100) / 100,
      frames: await countFrames(file),
      delivered: agent.delivered.filter((t) => t >= minute && t < minute + 60_000).length,
    });
  }
  // The whole minutes after the first (partial) one, joined as a download joins them.
  const whole = (await spooledClips(agent.spoolDir)).slice(1, minutes + 1);
  const list = path.join(agent.spoolDir, 'join.txt');
  const joined = path.join(agent.spoolDir, 'joined.mp4');
  await fs.writeFile(list, concatList(whole.map((name) => path.join(agent.spoolDir, name))));
  await run('ffmpeg', concatArgs(list, joined));
  return {
    agent: agent.label,
    clips,
    wholeMinutes: whole.length,
    joinedSec: round1((await durationSec(joined)) * 100) / 100,
    expectedJoinedSec: whole.length * 60,
  };
}

export async function benchClipTiming(): Promise<{ results: ClipTimingResult[]; load: number[] }> {
  const minutes = Number(process.env.CLIP_TIMING_MINUTES ?? 3);
  const burners = Number(process.env.CLIP_TIMING_BURNERS ?? 6);
  const withFaults = process.env.CLIP_TIMING_FAULTS !== '0';
  const agentSpecs = (process.env.CLIP_TIMING_AGENTS ?? 'now=../agent/src').split(',').map((spec) => {
    const [label = '', src = ''] = spec.split('=');
    return { label, src };
  });
  const dir = await tempDir('clip-timing');
  const agents = await Promise.all(agentSpecs.map((a) => startPipeline(a.label, a.src, dir)));
  const end = starve(burners, withFaults);
  const loads: number[] = [];
  const deadline = Date.now() + (minutes + 2.5) * 60_000;
  try {
    // Until each has its partial first minute and `minutes` whole ones.
    for (;;) {
      await sleep(2_000);
      loads.push(os.loadavg()[0]!);
      const counts = await Promise.all(agents.map(async (a) => (await spooledClips(a.spoolDir)).length));
      if (counts.every((n) => n >= minutes + 1) || Date.now() > deadline) break;
    }
  } finally {
    end();
    await Promise.all(agents.map((a) => a.stop()));
  }
  const results = [];
  for (const agent of agents) results.push(await measure(agent, minutes));
  await fs.rm(dir, { recursive: true, force: true });
  const load = [Math.min(...loads), Math.max(...loads)].map(round1);
  report(
    'clip-timing',
    ['agent', 'minute', 'offset ms', 'duration s', 'frames', 'delivered'],
    results.flatMap((r) =>
      r.clips.map((c) => [r.agent, c.startTime, c.offsetMs, c.durationSec, c.frames, c.delivered]),
    ),
    { minutes, burners, withFaults, load, results },
  );
  return { results, load };
}

/** Markdown rows for docs/benchmarks.md. */
export function clipTimingRows(r: { results: ClipTimingResult[]; load: number[] }): string[] {
  const faults = process.env.CLIP_TIMING_FAULTS !== '0';
  const burners = process.env.CLIP_TIMING_BURNERS ?? '6';
  const conditions = `${burners} busy loops${faults ? ', ffmpeg stopped 1.5 s in every 5 s, event loop stalled 1.2 s in every 7 s' : ''}`;
  return r.results.map((result) => {
    const whole = result.clips.slice(1, result.wholeMinutes + 1);
    const span = (values: number[]) =>
      Math.min(...values) === Math.max(...values)
        ? `${Math.min(...values)}`
        : `${Math.min(...values)}–${Math.max(...values)}`;
    return `| Whole-minute clips under load (${conditions}), agent ${result.agent}, 320x180 2 fps | ${result.wholeMinutes} minutes | ${span(whole.map((c) => c.durationSec))} s, ${span(whole.map((c) => c.frames))} of ${FORMAT.fps * 60} frames | joined: ${result.joinedSec} s of ${result.expectedJoinedSec} s | frames delivered per minute ${span(whole.map((c) => c.delivered))}; load ${r.load[0]}–${r.load[1]} |`;
  });
}
