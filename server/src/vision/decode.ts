// Decoding a video for the vision engine: ffmpeg turns any file it reads into RGB pictures at the analysis rate
// and size, streamed frame by frame (a long file never sits in memory), at the lowest CPU priority like the other
// background media work. The analysis size keeps the picture's aspect: its width is at most `maxWidth` and both
// sides are even.
import { execFile, spawn } from 'node:child_process';
import { runInBackground } from '../video/priority.ts';
import type { RgbFrame } from './types.ts';

export interface DecodeOptions {
  /** Analysed pictures per second. */
  fps: number;
  /** The analysis picture's width at most (never enlarged). */
  maxWidth: number;
  ffmpegPath?: string;
  ffprobePath?: string;
  /** Filled when decoding ends: the CPU seconds ffmpeg used (its `-benchmark` report). */
  stats?: { decodeCpuSeconds: number };
}

export interface DecodedFrame extends RgbFrame {
  /** Seconds from the start of the file. */
  t: number;
}

/** The first video stream's size, or null when the file has none ffprobe can read. */
export function probeVideoSize(
  file: string,
  ffprobePath = 'ffprobe',
): Promise<{ width: number; height: number } | null> {
  return new Promise((resolve) => {
    execFile(
      ffprobePath,
      ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height', '-of', 'json', file],
      { timeout: 30_000 },
      (error, stdout) => {
        if (error) return resolve(null);
        try {
          const parsed = JSON.parse(stdout) as { streams?: { width?: number; height?: number }[] };
          const stream = parsed.streams?.[0];
          resolve(stream?.width && stream.height ? { width: stream.width, height: stream.height } : null);
        } catch {
          resolve(null);
        }
      },
    );
  });
}

/** The analysis size of a picture: at most `maxWidth` wide, aspect kept, both sides even. */
export function analysisSize(
  source: { width: number; height: number },
  maxWidth: number,
): { width: number; height: number } {
  const width = Math.min(source.width, maxWidth);
  const even = (v: number) => Math.max(2, Math.round(v / 2) * 2);
  return { width: even(width), height: even((source.height * width) / source.width) };
}

export function decodeArgs(file: string, fps: number, width: number, height: number): string[] {
  return [
    '-hide_banner',
    // Info level (each line prefixed with its level) for the "bench: utime=…s stime=…s" line that -benchmark
    // prints at the end (the decoder's CPU time); errors are told apart by their prefix.
    '-loglevel',
    'level+info',
    '-nostats',
    '-nostdin',
    '-benchmark',
    '-threads',
    '1',
    '-i',
    file,
    '-an',
    '-vf',
    `fps=${fps}:round=down,scale=${width}:${height}:flags=area,format=rgb24`,
    '-f',
    'rawvideo',
    'pipe:1',
  ];
}

export class DecodeError extends Error {
  override name = 'DecodeError';
}

/**
 * The file's pictures at the analysis rate and size. Throws `DecodeError` when the file holds no readable
 * video (zero length, corrupt, not a video) or ffmpeg fails part-way.
 */
export async function* decodeFrames(file: string, options: DecodeOptions): AsyncGenerator<DecodedFrame> {
  const source = await probeVideoSize(file, options.ffprobePath);
  if (!source) throw new DecodeError('no readable video stream');
  const { width, height } = analysisSize(source, options.maxWidth);
  const frameBytes = width * height * 3;
  const child = runInBackground(
    spawn(options.ffmpegPath ?? 'ffmpeg', decodeArgs(file, options.fps, width, height), {
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  let errors = '';
  let partial = '';
  const readLine = (line: string) => {
    const bench = /bench: utime=([\d.]+)s stime=([\d.]+)s/.exec(line);
    if (bench && options.stats) options.stats.decodeCpuSeconds = Number(bench[1]) + Number(bench[2]);
    const error = /^\[(?:error|fatal|panic)\] (.*)/.exec(line);
    if (error && errors.length < 4000) errors += `${error[1]}\n`;
  };
  child.stderr.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString('utf8')).split('\n');
    partial = lines.pop() ?? '';
    lines.forEach(readLine);
  });
  child.stderr.on('end', () => readLine(partial));
  const exited = new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve(code));
  });
  // Each picture's bytes are copied once, from ffmpeg's chunks straight into the picture.
  let data = new Uint8Array(frameBytes);
  let filled = 0;
  let index = 0;
  try {
    for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
      let at = 0;
      while (at < chunk.length) {
        const n = Math.min(frameBytes - filled, chunk.length - at);
        data.set(chunk.subarray(at, at + n), filled);
        filled += n;
        at += n;
        if (filled === frameBytes) {
          yield { width, height, data, t: index / options.fps };
          index++;
          data = new Uint8Array(frameBytes);
          filled = 0;
        }
      }
    }
    const code = await exited;
    if (code !== 0) {
      const reason = errors.trim().slice(0, 300);
      throw new DecodeError(`ffmpeg failed (${code}): ${reason}`);
    }
    if (index === 0) throw new DecodeError('the video has no pictures');
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}
