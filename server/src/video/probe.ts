// Runs ffprobe on a media file: a pure argument builder, a pure parser of its JSON output, and the runner.
// Packets are counted (demux only, no decoding) so a file cut short is told apart from a whole one even
// when its index (moov) sits at the front and still announces the full length.
import { runProgram } from './launcher.ts';

export interface ProbedStream {
  index: number;
  /** `video`, `audio`, `data`, … */
  type: string;
  /** `h264`, `mpeg4`, `mjpeg`, … */
  codec: string;
  width: number | null;
  height: number | null;
  /** Frames the container's index announces; null when it does not say. */
  announcedFrames: number | null;
  /** Packets ffprobe could actually read. */
  readPackets: number | null;
}

export interface ProbeResult {
  /** ffprobe's demuxer names, e.g. `mov,mp4,m4a,3gp,3g2,mj2`. */
  formatNames: string[];
  /** The ISO-BMFF major brand (`isom`, `mp42`, `qt`), trimmed; null when absent. */
  majorBrand: string | null;
  durationMs: number | null;
  streams: ProbedStream[];
  /** What ffprobe complained about on stderr (e.g. "partial file"), empty for a clean file. */
  warnings: string[];
}

/** ffprobe's arguments for one file: JSON out, only the fields we read, packets counted. */
export function probeArgs(filePath: string): string[] {
  return [
    '-v',
    'error',
    '-count_packets',
    '-print_format',
    'json',
    '-show_entries',
    'format=format_name,duration:format_tags=major_brand:stream=index,codec_type,codec_name,width,height,nb_frames,nb_read_packets',
    filePath,
  ];
}

const toNumber = (value: unknown): number | null => {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : null;
};

/** Reads ffprobe's JSON output; null when it is not a probe of a readable media file. */
export function parseProbeOutput(stdout: string, stderr = ''): ProbeResult | null {
  let json: unknown;
  try {
    json = JSON.parse(stdout);
  } catch {
    return null;
  }
  if (typeof json !== 'object' || json === null) return null;
  const { format, streams } = json as { format?: Record<string, unknown>; streams?: unknown[] };
  if (!format || typeof format.format_name !== 'string') return null;
  const tags = (format.tags ?? {}) as Record<string, unknown>;
  const duration = toNumber(format.duration);
  return {
    formatNames: format.format_name.split(','),
    majorBrand: typeof tags.major_brand === 'string' ? tags.major_brand.trim() : null,
    durationMs: duration === null ? null : Math.round(duration * 1000),
    streams: (streams ?? []).map((raw) => {
      const s = raw as Record<string, unknown>;
      return {
        index: toNumber(s.index) ?? 0,
        type: typeof s.codec_type === 'string' ? s.codec_type : 'unknown',
        codec: typeof s.codec_name === 'string' ? s.codec_name : 'unknown',
        width: toNumber(s.width),
        height: toNumber(s.height),
        announcedFrames: toNumber(s.nb_frames),
        readPackets: toNumber(s.nb_read_packets),
      };
    }),
    warnings: stderr
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  };
}

export type MediaProber = (filePath: string) => Promise<ProbeResult | null>;

/** A prober running the ffprobe at ffprobePath; null for a file ffprobe cannot read at all. */
export function ffprobeRunner(ffprobePath: string, timeoutMs = 60_000): MediaProber {
  return async (filePath) => {
    const result = await runProgram(ffprobePath, probeArgs(filePath), {
      timeoutMs,
      maxBuffer: 4 * 1024 * 1024,
    });
    if (result.notFound) throw new Error(`ffprobe not found at ${ffprobePath}`);
    if (result.timedOut) throw new Error(`ffprobe timed out after ${timeoutMs} ms`);
    // A non-zero exit means ffprobe could not open the file: unreadable media, not our fault.
    if (result.exitCode !== 0) return null;
    return parseProbeOutput(result.stdout.toString('utf8'), result.stderr.toString('utf8'));
  };
}
