// Pure builders of ffmpeg's argument list for one camera's recorder (house habit, after Immich): the
// input part per source kind, and the outputs every camera shares: the H.264 stream, encoded once and
// written by the tee muxer both as one-minute MP4 segments (their CSV list on pipe:4) and as 1 s MPEG-TS
// segments for the live HLS stream (their list on pipe:5; always written, the agent deletes them unless a
// stream is wanted), as fragmented MP4 of one frame per fragment on pipe:6 (the low-latency live stream;
// always read, sent only while a stream is wanted), live JPEG stills on pipe:1 and minute thumbnails on
// pipe:3.
//
// Time: a run's media timeline counts from a wall-clock minute (the run's origin, pts 0). Live sources are
// stamped with the wall clock as frames arrive, so a late or missing frame leaves a gap in time rather than
// pulling later frames forward; the recorded branch is then made constant-rate (the gap filled by repeating
// the last frame) from a whole second, so its keyframes fall on whole seconds, and the segment muxer cuts
// where the timestamps cross a minute. A clip therefore holds exactly the frames of its minute (fps × 60
// of them) whatever the load, and when ffmpeg gets to write them does not matter.
import path from 'node:path';
import type { SourceSpec } from '../source/source-spec.ts';
import { RTSP_SCRIPT_FD, rtspScriptInputArgs } from './rtsp-input.ts';

/** File descriptors of the recorder's pipes, as the child sees them. */
export const STILLS_FD = 1;
export const THUMBNAILS_FD = 3;
export const SEGMENT_LIST_FD = 4;
export const LIVE_SEGMENT_LIST_FD = 5;
export const LIVE_FRAGMENTS_FD = 6;

/** How the segment muxer names a clip: its number in the ffmpeg run (where it sits comes from its times). */
export const SEGMENT_NAME_PATTERN = 'clip-%d.mp4';
/** How the live segment muxer names a segment: its number in the ffmpeg run. */
export const LIVE_SEGMENT_NAME_PATTERN = 'live-%d.ts';
/** Length of a live HLS segment: one keyframe interval. */
export const LIVE_SEGMENT_SECONDS = 1;

export interface FrameFormat {
  width: number;
  height: number;
  fps: number;
  /** Cap on the recorded bitrate in kbit/s (the server's camera setting); none: the encoder's own rate. */
  maxBitrateKbps?: number | null;
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
  /** The run's timeline origin (pts 0): a whole wall-clock minute, ms since the epoch (see timelineOrigin). */
  timelineOriginMs: number;
  /** When ffmpeg is started, ms since the epoch: places a file source's own timeline after the origin. */
  startedAtMs: number;
  /**
   * Record from the origin itself rather than from the first whole second after the first frame: a run
   * started just before a minute (origin) to take over from the run before it at that minute. Frames
   * before the origin reach the stills and thumbnails only.
   */
  recordFromOrigin?: boolean;
}

/**
 * The origin of a run started at `nowMs`: the start of its wall-clock minute (of its segment period when
 * tests cut shorter segments). The segment muxer cuts where the timestamps pass the n-th multiple of
 * segmentSeconds, n counting its cuts, so the first frame must fall in the origin's period: a start in its
 * last moment gives one piece of at most a second before the cuts are on time again.
 */
export function timelineOrigin(nowMs: number, segmentSeconds: number): number {
  const period = segmentSeconds * 1000;
  return Math.floor(nowMs / period) * period;
}

/**
 * Where a file source's timeline starts on the run's timeline, in whole seconds: the file plays from its
 * start when ffmpeg starts, so its time 0 is that many seconds after the origin. Whole seconds keep the
 * keyframes (whole seconds of file time) on whole seconds of the run.
 */
export function fileTimelineOffsetSec(
  options: Pick<RecorderArgsOptions, 'timelineOriginMs' | 'startedAtMs'>,
) {
  return Math.max(0, Math.round((options.startedAtMs - options.timelineOriginMs) / 1000));
}

/** The keyframe interval in frames: one keyframe per second, at least every frame. */
export function keyframeInterval(fps: number): number {
  return Math.max(1, Math.round(fps));
}

/** ffmpeg's input options for a source. A simulated camera is raw RGB24 frames on stdin. */
export function inputArgs(source: SourceSpec, format: FrameFormat, timelineOriginMs: number): string[] {
  // Live sources get timestamps from the wall clock as frames arrive: clips then last as long as the time
  // they cover, even when frames come late, are dropped or a camera's own clock is off. The global -copyts
  // keeps them as they are, and -itsoffset moves the origin's minute to 0.
  const common = ['-use_wallclock_as_timestamps', '1', '-itsoffset', `-${timelineOriginMs / 1000}`];
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
        // The demuxer's time base only: an input -r would number frames instead, so every frame the agent
        // could not deliver would shorten the clip.
        '-framerate',
        String(format.fps),
        '-i',
        '-',
      ];
    case 'rtsp':
      // The address (with the camera's password), the transport and the I/O timeout come on stdin in a
      // concat script (rtsp-input.ts), never on the command line.
      return [...common, ...rtspScriptInputArgs(RTSP_SCRIPT_FD)];
    case 'onvif':
      throw new Error('an ONVIF camera is recorded from the RTSP address it gives (resolve it first)');
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
export function filterGraph(
  source: SourceSpec,
  options: Pick<RecorderArgsOptions, 'fps' | 'width' | 'height' | 'thumbnailWidth' | 'recordFromOrigin'>,
): string {
  // A simulated camera's frames go to the stills as they come (each still stays paired with the frame it
  // came from); only its recorded branch is made constant-rate, filling the slots of frames it missed.
  const isSim = source.kind === 'sim';
  const rate = `fps=${options.fps}`;
  const thumbWidth = Math.min(options.thumbnailWidth, options.width);
  return [
    `[0:v]${isSim ? '' : `${rate},`}scale=${options.width}:${options.height},setsar=1,split=3[rec][live][thumb]`,
    // The recording starts on a whole second of the timeline: constant-rate from there, its keyframes
    // (every fps frames) stay on whole seconds, so each minute begins with one.
    `[rec]${isSim ? `${rate},` : ''}select='gte(t\\,${options.recordFromOrigin ? '0' : 'ceil(start_t-0.001)'})',format=yuv420p[recorded]`,
    // Stills are numbered rather than timed: two late frames can arrive within one tick of the input's
    // clock, and the JPEG encoder refuses a time that does not move on.
    '[live]setpts=N,format=yuvj420p[stills]',
    `[thumb]setpts=N,scale=${thumbWidth}:-2,format=yuvj420p[thumbnails]`,
  ].join(';');
}

/**
 * Options of the tee slave writing the one-minute MP4 clips: cut at the first keyframe whose timestamp
 * reaches the next multiple of segmentSeconds on the run's timeline (the next wall-clock minute), not
 * when the muxer happens to see it, so a busy machine moves no frame into the wrong minute.
 */
export function clipSegmentOptions(
  options: Pick<RecorderArgsOptions, 'segmentSeconds'>,
): Record<string, string> {
  return {
    f: 'segment',
    segment_time: String(options.segmentSeconds),
    reset_timestamps: '1',
    segment_format: 'mp4',
    // No edit list: the first clip of a run keeps its timestamps on the run's timeline (the muxer resets
    // only later ones), and without one the MP4 starts at its first frame. The stream has no B-frames,
    // so nothing else needs one.
    segment_format_options: 'movflags=+faststart:use_editlist=0',
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

/**
 * Options of the tee slave writing the low-latency live stream: fragmented MP4 with the init segment first
 * (empty_moov) and one fragment per frame, written the moment the frame is encoded (the muxer takes its
 * duration from the frame rate, so it does not wait for the next frame). `onfail=ignore` as for the HLS
 * segments: losing it never stops the clips.
 */
export function liveFragmentOptions(): Record<string, string> {
  return {
    f: 'mp4',
    onfail: 'ignore',
    movflags: '+frag_every_frame+empty_moov+default_base_moof',
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
    teeSlave(liveFragmentOptions(), `pipe:${LIVE_FRAGMENTS_FD}`),
  ].join('|');
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-nostats',
    // Timestamps as the input has them (wall-clock ones from the origin); see inputArgs.
    ...(source.kind === 'file' ? [] : ['-copyts']),
    ...inputArgs(source, options, options.timelineOriginMs),
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
    ...bitrateCapArgs(options.maxBitrateKbps),
    '-an',
    // SPS/PPS in the stream's header as MP4 needs (the tee muxer cannot ask for it itself); the MPEG-TS
    // muxer repeats them before every keyframe, so each live segment decodes on its own.
    '-flags',
    '+global_header',
    // A file plays on its own timeline from 0: shift it to where it started on the run's.
    ...(source.kind === 'file' ? ['-output_ts_offset', String(fileTimelineOffsetSec(options))] : []),
    // Encoded once, written three times: one-minute MP4 clips, 1 s MPEG-TS live segments and live fMP4.
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

/**
 * The encoder's bitrate cap: the rate stays under `kbps` over any 2 s (VBV buffer of twice the rate), the
 * quality (CRF) dropping where the picture would need more. None without a cap.
 */
function bitrateCapArgs(kbps: number | null | undefined): string[] {
  if (!kbps) return [];
  return ['-maxrate', `${kbps}k`, '-bufsize', `${kbps * 2}k`];
}

/** ffmpeg runs in UTC, so nothing it does depends on the machine's zone. */
export function recorderEnv(base: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...base, TZ: 'UTC' };
}
