// Pure builders of ffmpeg's argument list for one camera's recorder (house habit, after Immich): the
// input part per source kind, and the outputs every camera shares: the H.264 stream, encoded once and
// written by the tee muxer both as one-minute MP4 segments cut at the wall-clock minute (their CSV list on
// pipe:4) and as 1 s MPEG-TS segments for the live HLS stream (their list on pipe:5; always written, the
// agent deletes them unless a stream is wanted), live JPEG stills on pipe:1 and minute thumbnails on pipe:3.
import path from 'node:path';
import type { SourceSpec } from '../source/source-spec.ts';

/** File descriptors of the recorder's pipes, as the child sees them. */
export const STILLS_FD = 1;
export const THUMBNAILS_FD = 3;
export const SEGMENT_LIST_FD = 4;
export const LIVE_SEGMENT_LIST_FD = 5;

/** How the segment muxer names a segment: the UTC time it began (ffmpeg runs with TZ=UTC). */
export const SEGMENT_NAME_PATTERN = '%Y%m%dT%H%M%SZ.mp4';
/** How the live segment muxer names a segment: its number in the ffmpeg run. */
export const LIVE_SEGMENT_NAME_PATTERN = 'live-%d.ts';
/** Length of a live HLS segment: one keyframe interval. */
export const LIVE_SEGMENT_SECONDS = 1;

export interface FrameFormat {
  width: number;
  height: number;
  fps: number;
}

export interface RecorderArgsOptions extends FrameFormat {
  /** Where ffmpeg writes segments while it records them. */
  segmentDir: string;
  /** Where ffmpeg writes the 1 s MPEG-TS segments of the live stream (must exist). */
  liveSegmentDir: string;
  /** 60 in the product (one clip per wall-clock minute); tests may use a few seconds. */
  segmentSeconds: number;
  /** Width of the minute thumbnail (height keeps the aspect ratio). */
  thumbnailWidth: number;
}

/** The keyframe interval in frames: one keyframe per second, at least every frame. */
export function keyframeInterval(fps: number): number {
  return Math.max(1, Math.round(fps));
}

/** ffmpeg's input options for a source. A simulated camera is raw RGB24 frames on stdin. */
export function inputArgs(source: SourceSpec, format: FrameFormat): string[] {
  // Live sources get timestamps from the wall clock: clips then last as long as the time they cover,
  // even when frames come late or a camera's own clock is off.
  const common = ['-use_wallclock_as_timestamps', '1'];
  switch (source.kind) {
    case 'sim':
      return [
        ...common,
        // Start at once: without these ffmpeg reads seconds of frames to "probe" a format it is told.
        '-probesize',
        '32',
        '-analyzeduration',
        '0',
        '-f',
        'rawvideo',
        '-pix_fmt',
        'rgb24',
        '-s',
        `${format.width}x${format.height}`,
        '-r',
        String(format.fps),
        '-i',
        '-',
      ];
    case 'rtsp':
      return [...common, '-rtsp_transport', 'tcp', '-i', source.location];
    case 'http':
      return [...common, '-f', 'mjpeg', '-i', source.location];
    case 'device':
      return [...common, '-f', 'v4l2', '-i', source.location];
    case 'file':
      // The file's own timestamps (continued across loops): -re paces by them, and wall-clock ones
      // would make it wait for ever.
      return ['-stream_loop', '-1', '-re', '-i', source.location];
  }
}

/** The filter graph: scale to the configured size, then one branch per output. */
export function filterGraph(source: SourceSpec, options: RecorderArgsOptions): string {
  // A simulated camera already delivers frames at the configured rate; an fps filter would only add
  // jitter-driven drops and duplicates, and each still must stay paired with the frame it came from.
  const rate = source.kind === 'sim' ? '' : `fps=${options.fps},`;
  const thumbWidth = Math.min(options.thumbnailWidth, options.width);
  return [
    `[0:v]${rate}scale=${options.width}:${options.height},setsar=1,split=3[rec][live][thumb]`,
    '[rec]format=yuv420p[recorded]',
    '[live]format=yuvj420p[stills]',
    `[thumb]scale=${thumbWidth}:-2,format=yuvj420p[thumbnails]`,
  ].join(';');
}

/** Options of the tee slave writing the one-minute MP4 clips. */
export function clipSegmentOptions(options: RecorderArgsOptions): Record<string, string> {
  return {
    f: 'segment',
    segment_time: String(options.segmentSeconds),
    segment_atclocktime: '1',
    reset_timestamps: '1',
    strftime: '1',
    segment_format: 'mp4',
    segment_format_options: 'movflags=+faststart',
    segment_list: `pipe:${SEGMENT_LIST_FD}`,
    segment_list_type: 'csv',
  };
}

/**
 * Options of the tee slave writing the live stream's MPEG-TS segments: cut at every keyframe (one per
 * second), continuous timestamps across segments (HLS), and `onfail=ignore` so that a failure of this
 * output (its folder gone, disk full) never stops the clips.
 */
export function liveSegmentOptions(): Record<string, string> {
  return {
    f: 'segment',
    onfail: 'ignore',
    segment_time: String(LIVE_SEGMENT_SECONDS),
    segment_format: 'mpegts',
    segment_list: `pipe:${LIVE_SEGMENT_LIST_FD}`,
    segment_list_type: 'csv',
  };
}

/** Backslash-escapes the characters `special` holds, and backslashes and quotes (ffmpeg's av_get_token). */
const escapeToken = (text: string, special: string) =>
  text.replace(/[\\'[\]|:]/g, (c) => (c === '\\' || c === "'" || special.includes(c) ? `\\${c}` : c));

/**
 * One slave of the tee muxer: `[key=value:…]file`. The tee muxer splits slaves at `|` (one level of
 * escapes), then reads option values up to `:` or `]` (a second level).
 */
export function teeSlave(slaveOptions: Record<string, string>, file: string): string {
  const list = Object.entries(slaveOptions)
    .map(([key, value]) => `${key}=${escapeToken(value, ':]')}`)
    .join(':');
  return escapeToken(`[${list}]`, '|') + escapeToken(file, '|');
}

/** The whole argument list of a camera's recorder process. */
export function recorderArgs(source: SourceSpec, options: RecorderArgsOptions): string[] {
  const gop = String(keyframeInterval(options.fps));
  const jpegOutput = (quality: number, fd: number) => [
    '-c:v',
    'mjpeg',
    // Quality pinned with qmin/qmax: `-q:v` makes ffmpeg 5.1 hold each JPEG until the next frame
    // arrives, a whole frame interval of live latency.
    '-qmin',
    String(quality),
    '-qmax',
    String(quality),
    '-fps_mode',
    'passthrough',
    '-f',
    'image2pipe',
    '-flush_packets',
    '1',
    `pipe:${fd}`,
  ];
  const tee = [
    teeSlave(clipSegmentOptions(options), path.join(options.segmentDir, SEGMENT_NAME_PATTERN)),
    teeSlave(liveSegmentOptions(), path.join(options.liveSegmentDir, LIVE_SEGMENT_NAME_PATTERN)),
  ].join('|');
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-nostats',
    ...inputArgs(source, options),
    '-filter_complex',
    filterGraph(source, options),
    // H.264, a keyframe every second so the player seeks to any second and live segments last 1 s.
    '-map',
    '[recorded]',
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    // No B-frames and no lookahead: a frame reaches the segment muxers when it is encoded, so the cut at
    // the wall-clock minute falls on the frames captured at that minute, not seconds later.
    '-tune',
    'zerolatency',
    '-pix_fmt',
    'yuv420p',
    '-r',
    String(options.fps),
    '-g',
    gop,
    '-keyint_min',
    gop,
    '-sc_threshold',
    '0',
    '-an',
    // SPS/PPS in the stream's header as MP4 needs (the tee muxer cannot ask for it itself); the MPEG-TS
    // muxer repeats them before every keyframe, so each live segment decodes on its own.
    '-flags',
    '+global_header',
    // Encoded once, written twice: one-minute MP4 clips and 1 s MPEG-TS live segments.
    '-f',
    'tee',
    tee,
    // Live stills, full size, one per frame; the agent keeps only the newest.
    '-map',
    '[stills]',
    ...jpegOutput(5, STILLS_FD),
    // Small pictures; the first of each minute becomes its thumbnail.
    '-map',
    '[thumbnails]',
    ...jpegOutput(7, THUMBNAILS_FD),
  ];
}

/** ffmpeg runs in UTC so that strftime names and clock-time cuts follow UTC minutes. */
export function recorderEnv(base: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...base, TZ: 'UTC' };
}
