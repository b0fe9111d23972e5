// Shared test helpers: temporary folders, a small real MP4 made by ffmpeg, ffprobe questions, a logger
// that remembers its lines, and waiting for a condition.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Logger } from '../src/logger.ts';

const run = promisify(execFile);

export function tempDir(prefix = 'agent-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** A small H.264 MP4 of `seconds` (160x90, 4 fps) written by ffmpeg. */
export async function makeClip(filePath: string, seconds = 2): Promise<string> {
  await run('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=160x90:rate=4:duration=${seconds}`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    filePath,
  ]);
  return filePath;
}

/** Presentation times (seconds) of the keyframes of a video. */
export async function keyframeTimes(filePath: string): Promise<number[]> {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-show_entries',
    'packet=pts_time,flags',
    '-of',
    'csv=p=0',
    filePath,
  ]);
  return stdout
    .split('\n')
    .filter((line) => line.includes('K'))
    .map((line) => Number(line.split(',')[0]));
}

export async function probeStream(
  filePath: string,
): Promise<{ codec: string; width: number; height: number }> {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-show_entries',
    'stream=codec_name,width,height',
    '-of',
    'json',
    filePath,
  ]);
  const stream = (JSON.parse(stdout) as { streams: { codec_name: string; width: number; height: number }[] })
    .streams[0]!;
  return { codec: stream.codec_name, width: stream.width, height: stream.height };
}

/** Container, first video codec and duration of a media file, by ffprobe. */
export async function probeFormat(
  filePath: string,
): Promise<{ format: string; codec: string; durationMs: number }> {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'format=format_name,duration:stream=codec_name',
    '-of',
    'json',
    filePath,
  ]);
  const info = JSON.parse(stdout) as {
    format: { format_name: string; duration: string };
    streams: { codec_name: string }[];
  };
  return {
    format: info.format.format_name,
    codec: info.streams[0]?.codec_name ?? '',
    durationMs: Math.round(Number(info.format.duration) * 1000),
  };
}

/** The top-level ISO-BMFF boxes of a file, in order (`ftyp`, `moov`, `mdat`, …). */
export function topLevelBoxes(filePath: string): string[] {
  const data = fs.readFileSync(filePath);
  const boxes: string[] = [];
  for (let offset = 0; offset + 8 <= data.length;) {
    let size = data.readUInt32BE(offset);
    const type = data.toString('latin1', offset + 4, offset + 8);
    if (size === 1) size = Number(data.readBigUInt64BE(offset + 8));
    if (size < 8) break;
    boxes.push(type);
    offset += size;
  }
  return boxes;
}

export interface RecordedLine {
  level: string;
  message: string;
  fields: Record<string, unknown>;
}

export function recordingLogger(): Logger & { lines: RecordedLine[] } {
  const lines: RecordedLine[] = [];
  const at =
    (level: string) =>
    (message: string, fields: Record<string, unknown> = {}) => {
      lines.push({ level, message, fields });
    };
  return { lines, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

export async function waitFor<T>(
  check: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  timeoutMs = 15_000,
  what = 'condition',
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export function isCompleteJpeg(data: Buffer): boolean {
  return (
    data.length > 4 && data[0] === 0xff && data[1] === 0xd8 && data.at(-2) === 0xff && data.at(-1) === 0xd9
  );
}
