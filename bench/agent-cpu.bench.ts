// The agent's CPU per camera (issue 20): a real RTSP camera on loopback (agent/test/rtsp-test-server.ts,
// ffmpeg's testsrc2 encoded to H.264) at 720p and 1080p, recorded for a while by
//   - re-encode: the agent's own recording pipeline (RecordingPipeline, its ffmpeg arguments: decode, scale,
//     libx264 veryfast clips + live segments, full-size JPEG stills and minute thumbnails), as it records
//     every camera today;
//   - copy: ffmpeg storing the camera's H.264 as it comes into one-minute MP4s (`-c copy`, segment muxer),
//     what a copy mode would cost (the agent has none: it always re-encodes).
// CPU is what the recording ffmpeg used (utime + stime from /proc) over the measured window after a
// warm-up, as a share of one core; the camera's own encoder (the test server's ffmpeg) is not counted.
// On a loaded machine the live run's recorder may not get the CPU in real time (fewer frames received than
// sent), so the cost per camera is also measured from a file of the same picture read as fast as ffmpeg can
// (CPU seconds per second of video, cpuPerVideoSecond), and cameras per 2-core site box = 2 cores × 80 %
// (headroom for the agent's Node process, uploads and bursts) ÷ that.
// Usage: npm run bench -- agent-cpu   (AGENT_CPU_SECONDS=<n> measured seconds per case, default 30;
//   AGENT_CPU_FPS=<n> the camera's frame rate, default 15)
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { recorderArgs } from '../agent/src/ffmpeg/ffmpeg-args.ts';
import { silentLogger } from '../agent/src/logger.ts';
import { RecordingPipeline } from '../agent/src/recorder/pipeline.ts';
import { parseSource } from '../agent/src/source/source-spec.ts';
import { Spool } from '../agent/src/spool/spool.ts';
import { startRtspTestServer } from '../agent/test/rtsp-test-server.ts';
import { report, round1, sleep, tempDir } from './lib/video-fixtures.ts';

const run = promisify(execFile);
const WARM_UP_MS = 8_000;
/** Seconds of video in the file run. */
const FILE_SECONDS = 20;
const CORES_PER_BOX = 2;
const USABLE_SHARE = 0.8;

export interface AgentCpuCase {
  resolution: '720p' | '1080p';
  mode: 'copy' | 're-encode';
  fps: number;
  /** Share of one core the recording ffmpeg used (0.25 = a quarter core). */
  cores: number;
  /** Frames per second the recorder got from the camera while measured (below fps: the recorder was starved). */
  receivedFps: number;
  /** CPU seconds per second of video, the same input read from a file as fast as ffmpeg can. */
  neededCores: number;
  camerasPerBox: number;
  /** The 1-minute load average at the end of the case (the machine is shared). */
  load1: number;
}

/** CPU seconds (user + system) a process has used so far, from /proc/<pid>/stat. */
async function cpuSeconds(pid: number): Promise<number> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15)
  return ticks / 100; // USER_HZ
}

/** The pid of the ffmpeg whose command line names `marker` (the recorder's own folder). */
async function ffmpegPidNaming(marker: string): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    for (const entry of await fs.readdir('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const cmdline = await fs.readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
      if (cmdline.startsWith('ffmpeg') && cmdline.includes(marker)) return Number(entry);
    }
    await sleep(100);
  }
  throw new Error(`no ffmpeg naming ${marker}`);
}

/** The share of one core `pid` uses over `seconds` after the warm-up, and the frames/s `frames()` counted. */
async function measure(pid: number, seconds: number, frames: () => number) {
  await sleep(WARM_UP_MS);
  const before = await cpuSeconds(pid);
  const framesBefore = frames();
  const startedAt = performance.now();
  await sleep(seconds * 1000);
  const used = (await cpuSeconds(pid)) - before;
  const elapsed = (performance.now() - startedAt) / 1000;
  return { cores: used / elapsed, receivedFps: (frames() - framesBefore) / elapsed };
}

/** Frames per second of a finished MP4 (its packets over its length). */
async function fileFps(file: string): Promise<number> {
  const { stdout } = await run('ffprobe', [
    ...['-v', 'error', '-select_streams', 'v:0', '-count_packets'],
    ...['-show_entries', 'stream=nb_read_packets:format=duration', '-of', 'json', file],
  ]);
  const probed = JSON.parse(stdout) as {
    streams: { nb_read_packets: string }[];
    format: { duration: string };
  };
  return Number(probed.streams[0]?.nb_read_packets) / Number(probed.format.duration);
}

async function reencodeCase(url: string, dir: string, size: Size, fps: number, seconds: number) {
  const spool = new Spool({ dir, maxBytes: 2 ** 32, logger: silentLogger });
  await spool.open();
  const pipeline = new RecordingPipeline({
    source: parseSource(url),
    spool,
    logger: silentLogger,
    ffmpegPath: 'ffmpeg',
    ffprobePath: 'ffprobe',
    segmentSeconds: 60,
    thumbnailWidth: 320,
    // One still per frame the camera sent: the frames received.
    onStill: () => (stills += 1),
    onThumbnail: () => {},
  });
  let stills = 0;
  await pipeline.apply({ width: size.width, height: size.height, fps });
  try {
    return await measure(await ffmpegPidNaming(dir), seconds, () => stills);
  } finally {
    await pipeline.stop();
  }
}

async function copyCase(url: string, dir: string, seconds: number) {
  const child = spawn(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-nostats', '-rtsp_transport', 'tcp', '-i', url],
      ...['-map', '0:v', '-c', 'copy', '-f', 'segment', '-segment_time', '60', '-reset_timestamps', '1'],
      ...['-segment_format', 'mp4', path.join(dir, 'clip-%d.mp4')],
    ],
    { stdio: ['pipe', 'ignore', 'pipe'] },
  );
  let errors = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => (errors += text));
  const { cores } = await measure(child.pid!, seconds, () => 0);
  if (child.exitCode !== null) throw new Error(`copy ffmpeg ended: ${errors.trim()}`);
  child.stdin.end('q');
  await new Promise((resolve) => child.once('close', resolve));
  // The whole recording (warm-up included): what the camera delivered.
  return { cores, receivedFps: await fileFps(path.join(dir, 'clip-0.mp4')) };
}

/**
 * CPU seconds ffmpeg needs per second of video, the camera's picture read as fast as ffmpeg can from a file
 * (H.264 from testsrc2, as the RTSP test camera sends): the agent's own arguments (recorderArgs: decode,
 * scale, libx264 clips, live segments and fMP4, full-size JPEG stills, thumbnails) or a stream copy. Unlike
 * the RTSP run it does not depend on getting the CPU in real time, so it holds on a loaded machine.
 */
async function cpuPerVideoSecond(file: string, videoSec: number, size: Size, fps: number, mode: string) {
  const dir = await tempDir('agent-cpu-file');
  try {
    const live = path.join(dir, 'live');
    await fs.mkdir(live);
    const args =
      mode === 'copy'
        ? [
            ...['-hide_banner', '-loglevel', 'error', '-i', file, '-map', '0:v', '-c', 'copy'],
            ...['-f', 'segment', '-segment_time', '60', '-segment_format', 'mp4', path.join(dir, 'c-%d.mp4')],
          ]
        : recorderArgs(parseSource(file), {
            ...size,
            fps,
            segmentDir: dir,
            liveSegmentDir: live,
            segmentSeconds: 60,
            thumbnailWidth: 320,
            timelineOriginMs: 0,
            startedAtMs: 0,
          }).filter(
            (arg, i, all) => arg !== '-re' && arg !== '-stream_loop' && all[i - 1] !== '-stream_loop',
          );
    // `times` prints the CPU its children used; fds 1 and 3-6 are the agent's pipes, drained here.
    const child = spawn('sh', ['-c', 'ffmpeg "$@" </dev/null; times >&2', 'sh', ...args], {
      stdio: ['ignore', 'pipe', 'pipe', 'pipe', 'pipe', 'pipe', 'pipe'],
    });
    for (const pipe of child.stdio) (pipe as NodeJS.ReadableStream | null)?.resume?.();
    let errors = '';
    child.stderr!.setEncoding('utf8').on('data', (text: string) => (errors += text));
    await new Promise((resolve) => child.once('close', resolve));
    // The second line: the children's user and system time, e.g. `0m12.340s 0m0.560s`.
    const times = /(\d+)m([\d.]+)s (\d+)m([\d.]+)s\s*$/.exec(errors.trim());
    if (!times) throw new Error(`ffmpeg failed: ${errors.trim().slice(-500)}`);
    const [, um, us, sm, ss] = times.map(Number) as number[];
    return (um! * 60 + us! + sm! * 60 + ss!) / videoSec;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** A file of `seconds` of testsrc2 in H.264, as the RTSP test camera encodes it. */
async function testFile(dir: string, size: Size, fps: number, seconds: number): Promise<string> {
  const file = path.join(dir, `src-${size.width}x${size.height}.mp4`);
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi'],
    ...['-i', `testsrc2=size=${size.width}x${size.height}:rate=${fps}`, '-t', String(seconds)],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-bf', '0'],
    ...['-pix_fmt', 'yuv420p', '-g', String(fps), file],
  ]);
  return file;
}

interface Size {
  width: number;
  height: number;
}

export async function benchAgentCpu(): Promise<AgentCpuCase[]> {
  const seconds = Number(process.env.AGENT_CPU_SECONDS ?? 30);
  const fps = Number(process.env.AGENT_CPU_FPS ?? 15);
  const root = await tempDir('agent-cpu');
  const cases: AgentCpuCase[] = [];
  const sizes: [AgentCpuCase['resolution'], Size][] = [
    ['720p', { width: 1280, height: 720 }],
    ['1080p', { width: 1920, height: 1080 }],
  ];
  try {
    for (const [resolution, size] of sizes) {
      const source = await testFile(root, size, fps, FILE_SECONDS);
      const camera = await startRtspTestServer({ codec: 'h264', ...size, fps });
      try {
        for (const mode of ['copy', 're-encode'] as const) {
          const dir = path.join(root, `${resolution}-${mode}`);
          await fs.mkdir(dir, { recursive: true });
          const { cores, receivedFps } =
            mode === 'copy'
              ? await copyCase(camera.url(), dir, seconds)
              : await reencodeCase(camera.url(), dir, size, fps, seconds);
          const neededCores = await cpuPerVideoSecond(source, FILE_SECONDS, size, fps, mode);
          cases.push({
            resolution,
            mode,
            fps,
            cores: Math.round(cores * 1000) / 1000,
            receivedFps: round1(receivedFps),
            neededCores: Math.round(neededCores * 1000) / 1000,
            camerasPerBox: Math.floor((CORES_PER_BOX * USABLE_SHARE) / neededCores),
            load1: round1(os.loadavg()[0]!),
          });
        }
      } finally {
        await camera.close();
      }
    }
  } finally {
    await fs.rm(root, { recursive: true, force: true });
  }
  report(
    `agent-cpu (RTSP H.264 testsrc2 at ${fps} fps, ${seconds} s measured per case)`,
    ['input', 'mode', 'RTSP live CPU', 'frames/s received', 'CPU per video s', 'cameras per box', 'load1'],
    cases.map((c) => [c.resolution, c.mode, c.cores, c.receivedFps, c.neededCores, c.camerasPerBox, c.load1]),
    cases,
  );
  return cases;
}

export const agentCpuRows = (cases: AgentCpuCase[]): string[] =>
  cases.map(
    (c) =>
      `| Agent CPU per camera, RTSP H.264 ${c.resolution} ${c.fps} fps, ${c.mode === 'copy' ? 'stream copy into minute MP4s (no agent mode)' : "the agent's pipeline (re-encode, stills, live segments)"} | — | ${round1(c.neededCores * 100)} % of a core (CPU s per video s) | ${c.camerasPerBox} cameras per 2-core box at ${USABLE_SHARE * 100} % use; live from RTSP: ${round1(c.cores * 100)} % at ${c.receivedFps} of ${c.fps} frames/s received | load ${c.load1} |`,
  );
