// Pure builders of ffmpeg's argument list for one camera's recorder (house habit, after Immich): the
// input part per source kind, and the outputs every camera shares: one-minute H.264 MP4 segments cut at
// the wall-clock minute, live JPEG stills on pipe:1, minute thumbnails on pipe:3 and the segment list
// (one CSV line per finished segment) on pipe:4.
import path from 'node:path';
import type { SourceSpec } from '../source/source-spec.ts';

/** File descriptors of the recorder's pipes, as the child sees them. */
export const STILLS_FD = 1;
export const THUMBNAILS_FD = 3;
export const SEGMENT_LIST_FD = 4;

/** How the segment muxer names a segment: the UTC time it began (ffmpeg runs with TZ=UTC). */
export const SEGMENT_NAME_PATTERN = '%Y%m%dT%H%M%SZ.mp4';

export interface FrameFormat {
  width: number;
  height: number;
  fps: number;
}

export interface RecorderArgsOptions extends FrameFormat {
  /** Where ffmpeg writes segments while it records them. */
  segmentDir: string;
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
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-nostats',
    ...inputArgs(source, options),
    '-filter_complex',
    filterGraph(source, options),
    // One-minute clips: H.264, a keyframe every second so the player seeks to any second.
    '-map',
    '[recorded]',
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    // No B-frames and no lookahead: a frame reaches the segment muxer when it is encoded, so the cut at
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
    '-f',
    'segment',
    '-segment_time',
    String(options.segmentSeconds),
    '-segment_atclocktime',
    '1',
    '-reset_timestamps',
    '1',
    '-strftime',
    '1',
    '-segment_format',
    'mp4',
    '-segment_format_options',
    'movflags=+faststart',
    '-segment_list',
    `pipe:${SEGMENT_LIST_FD}`,
    '-segment_list_type',
    'csv',
    path.join(options.segmentDir, SEGMENT_NAME_PATTERN),
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
