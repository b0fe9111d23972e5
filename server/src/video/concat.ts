// Joining recorded clips into one MP4 without re-encoding (ffmpeg's concat demuxer, stream copy).
import { failureText, runProgram } from './launcher.ts';
import { BACKGROUND_PRIORITY } from './priority.ts';

/** The concat demuxer's list file for these local paths (single quotes escaped as the format wants). */
export function concatList(paths: readonly string[]): string {
  return paths.map((p) => `file '${p.replace(/'/g, `'\\''`)}'\n`).join('');
}

/** Arguments that join the listed files into outPath by stream copy, moov first so it starts playing at once. */
export function concatArgs(listPath: string, outPath: string): string[] {
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'concat',
    '-safe',
    '0',
    '-i',
    listPath,
    '-c',
    'copy',
    '-movflags',
    '+faststart',
    outPath,
  ];
}

/** Runs ffmpeg at background priority; rejects with its error output when it fails or runs past timeoutMs. */
export async function runFfmpeg(ffmpegPath: string, args: string[], timeoutMs = 10 * 60_000): Promise<void> {
  const result = await runProgram(ffmpegPath, args, {
    timeoutMs,
    maxBuffer: 4 * 1024 * 1024,
    background: BACKGROUND_PRIORITY,
  });
  if (result.exitCode !== 0) throw new Error(`ffmpeg failed: ${failureText(result)}`);
}
