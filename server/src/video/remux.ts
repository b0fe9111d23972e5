// Cutting one slice of a recorded MP4 into an MPEG-TS segment for HLS, by stream copy (never re-encoding).
// Clips have a keyframe every second, so a cut at a whole second of the clip is exact. The segment's
// timestamps are shifted by tsOffsetSec, so consecutive slices form one continuous timeline.
import { failureText, runProgram } from './launcher.ts';

export interface TsSliceOptions {
  /** Local path of the MP4. */
  inputPath: string;
  /** Where the slice starts in the clip, seconds (a whole second: a keyframe). */
  fromSec: number;
  /** Length of the slice, seconds. */
  durationSec: number;
  /** Added to every timestamp of the segment: where the slice sits on the stream's timeline. */
  tsOffsetSec: number;
}

const seconds = (value: number) => (Math.round(value * 1000) / 1000).toFixed(3);

/** ffmpeg arguments that write the slice as MPEG-TS to stdout (video only, stream copy). */
export function tsSliceArgs({ inputPath, fromSec, durationSec, tsOffsetSec }: TsSliceOptions): string[] {
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-ss',
    seconds(fromSec),
    '-i',
    inputPath,
    '-t',
    seconds(durationSec),
    '-map',
    '0:v:0',
    '-c',
    'copy',
    '-output_ts_offset',
    seconds(tsOffsetSec),
    '-f',
    'mpegts',
    'pipe:1',
  ];
}

/** Runs ffmpeg and answers what it wrote to stdout; rejects with its error output on failure or timeout. */
export async function runFfmpegToBuffer(
  ffmpegPath: string,
  args: string[],
  timeoutMs = 30_000,
): Promise<Buffer> {
  const result = await runProgram(ffmpegPath, args, { timeoutMs, maxBuffer: 64 * 1024 * 1024 });
  if (result.exitCode !== 0) throw new Error(`ffmpeg failed: ${failureText(result)}`);
  return result.stdout;
}

/** Whether data looks like MPEG-TS: whole 188-byte packets, each starting with the sync byte 0x47. */
export function isMpegTs(data: Buffer): boolean {
  if (data.length === 0 || data.length % 188 !== 0) return false;
  for (let at = 0; at < data.length; at += 188) if (data[at] !== 0x47) return false;
  return true;
}
