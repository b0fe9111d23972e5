// The pure ffmpeg argument builders, per source kind (issue "Video pipeline" item 1-2), and the run's
// timeline that keeps clips in real time under load (issue 17 point 2).
import { describe, expect, it } from 'vitest';
import {
  fileTimelineOffsetSec,
  filterGraph,
  inputArgs,
  keyframeInterval,
  recorderArgs,
  teeSlave,
  timelineOrigin,
} from '../src/ffmpeg/ffmpeg-args.ts';
import { parseSource } from '../src/source/source-spec.ts';

const format = { width: 320, height: 180, fps: 2 };
const ORIGIN = Date.UTC(2026, 10, 21, 7, 1, 0);
const recording = {
  ...format,
  segmentDir: '/spool/.recording/run-1',
  liveSegmentDir: '/spool/.recording/run-1/live',
  segmentSeconds: 60,
  thumbnailWidth: 320,
  timelineOriginMs: ORIGIN,
  startedAtMs: ORIGIN + 23_600,
};

/** The value following an option in an argument list. */
const valueOf = (args: string[], option: string) => args[args.indexOf(option) + 1];

/** Reads one token as ffmpeg's av_get_token does: up to an unescaped `stop`, `\\x` is x, quotes quote. */
function readToken(text: string, from: number, stop: string): { token: string; end: number } {
  let token = '';
  let i = from;
  for (; i < text.length && !stop.includes(text[i]!); i++) {
    if (text[i] === '\\') token += text[++i] ?? '';
    else if (text[i] === "'") for (i++; i < text.length && text[i] !== "'"; i++) token += text[i];
    else token += text[i];
  }
  return { token, end: i };
}

/** The slaves of a tee muxer's output, read the way the tee muxer reads them. */
function teeSlaves(spec: string): { options: Record<string, string>; file: string }[] {
  const slaves: { options: Record<string, string>; file: string }[] = [];
  for (let at = 0; at < spec.length;) {
    const { token: slave, end } = readToken(spec, at, '|');
    at = end + 1;
    const options: Record<string, string> = {};
    let i = 1; // after '['
    while (slave[i] !== ']') {
      const eq = slave.indexOf('=', i);
      const key = slave.slice(i, eq);
      const value = readToken(slave, eq + 1, ':]');
      options[key] = value.token;
      i = slave[value.end] === ':' ? value.end + 1 : value.end;
    }
    slaves.push({ options, file: slave.slice(i + 1) });
  }
  return slaves;
}

describe('inputArgs', () => {
  it('reads a simulated camera as raw RGB24 frames on stdin at the configured size, timed by the wall clock', () => {
    const args = inputArgs(parseSource('sim:street'), format, ORIGIN);
    expect(valueOf(args, '-f')).toBe('rawvideo');
    expect(valueOf(args, '-pix_fmt')).toBe('rgb24');
    expect(valueOf(args, '-s')).toBe('320x180');
    // The rate only sets the input's time base: an input -r would time frames by their count, so a frame
    // the agent could not deliver would shorten the clip.
    expect(valueOf(args, '-framerate')).toBe('2');
    expect(args).not.toContain('-r');
    expect(valueOf(args, '-use_wallclock_as_timestamps')).toBe('1');
    // The run's origin minute is time 0.
    expect(valueOf(args, '-itsoffset')).toBe(`-${ORIGIN / 1000}`);
    expect(args.slice(-2)).toEqual(['-i', '-']);
    // No probing delay before the first frame.
    expect(valueOf(args, '-analyzeduration')).toBe('0');
  });

  it('reads RTSP through a concat script on stdin (the address is not on the command line)', () => {
    const args = inputArgs(parseSource('rtsp://cam.local:554/stream1'), format, ORIGIN);
    expect(valueOf(args, '-f')).toBe('concat');
    expect(args.slice(-2)).toEqual(['-i', 'pipe:0']);
    expect(args).not.toContain('rtsp://cam.local:554/stream1');
  });

  it('reads HTTP as MJPEG', () => {
    const args = inputArgs(parseSource('http://cam.local/video.mjpg'), format, ORIGIN);
    expect(valueOf(args, '-f')).toBe('mjpeg');
    expect(args.at(-1)).toBe('http://cam.local/video.mjpg');
  });

  it('loops a file for ever at its native rate, on its own timestamps', () => {
    const args = inputArgs(parseSource('./fixtures/street.mp4'), format, ORIGIN);
    expect(args).not.toContain('-use_wallclock_as_timestamps');
    expect(args).not.toContain('-itsoffset');
    expect(valueOf(args, '-stream_loop')).toBe('-1');
    expect(args).toContain('-re');
    expect(args.at(-1)).toBe('./fixtures/street.mp4');
  });

  it('reads /dev/video* with v4l2', () => {
    const args = inputArgs(parseSource('/dev/video0'), format, ORIGIN);
    expect(valueOf(args, '-f')).toBe('v4l2');
    expect(args.at(-1)).toBe('/dev/video0');
  });
});

describe('recorderArgs', () => {
  // The recording output's options come after its `-map [recorded]`.
  const args = recorderArgs(parseSource('sim:shop'), recording);
  const output = args.slice(args.indexOf('[recorded]'));

  it('records H.264 yuv420p with a keyframe every second, no scene-cut keyframes, veryfast', () => {
    expect(valueOf(output, '-c:v')).toBe('libx264');
    expect(valueOf(output, '-preset')).toBe('veryfast');
    expect(valueOf(output, '-pix_fmt')).toBe('yuv420p');
    expect(valueOf(output, '-g')).toBe('2');
    expect(valueOf(output, '-keyint_min')).toBe('2');
    expect(valueOf(output, '-sc_threshold')).toBe('0');
  });

  it('encodes once and writes the stream through the tee muxer, with the header SPS/PPS MP4 needs', () => {
    expect(args.filter((a) => a === 'libx264')).toHaveLength(1);
    expect(valueOf(output, '-flags')).toBe('+global_header');
    expect(valueOf(output, '-f')).toBe('tee');
    expect(teeSlaves(valueOf(output, 'tee')!)).toHaveLength(3);
  });

  it('cuts one-minute MP4 segments where the timestamps cross a minute (not at the clock), faststart, listed on a pipe', () => {
    const [clips] = teeSlaves(valueOf(output, 'tee')!);
    expect(clips).toEqual({
      options: {
        f: 'segment',
        segment_time: '60',
        reset_timestamps: '1',
        segment_format: 'mp4',
        segment_format_options: 'movflags=+faststart:use_editlist=0',
        segment_list: 'pipe:4',
        segment_list_type: 'csv',
      },
      file: '/spool/.recording/run-1/clip-%d.mp4',
    });
  });

  it('keeps live sources on wall-clock timestamps from the origin; shifts a file to where it started', () => {
    expect(args.indexOf('-copyts')).toBeGreaterThan(-1);
    expect(args.indexOf('-copyts')).toBeLessThan(args.indexOf('-i'));
    expect(args).not.toContain('-output_ts_offset');
    const file = recorderArgs(parseSource('./street.mp4'), recording);
    expect(file).not.toContain('-copyts');
    // Started 23.6 s into the origin's minute: the file's time 0 is second 24 of the run.
    expect(valueOf(file, '-output_ts_offset')).toBe('24');
    expect(file.indexOf('-output_ts_offset')).toBeLessThan(file.indexOf('tee'));
  });

  it('cuts 1 s MPEG-TS live segments into their own folder, listed on another pipe, never failing the clips', () => {
    const [, live] = teeSlaves(valueOf(output, 'tee')!);
    expect(live).toEqual({
      options: {
        f: 'segment',
        onfail: 'ignore',
        segment_time: '1',
        segment_format: 'mpegts',
        segment_list: 'pipe:5',
        segment_list_type: 'csv',
      },
      file: '/spool/.recording/run-1/live/live-%d.ts',
    });
  });

  it('writes the low-latency live stream as fragmented MP4, one frame per fragment, on pipe 6, never failing the clips', () => {
    const [, , fmp4] = teeSlaves(valueOf(output, 'tee')!);
    expect(fmp4).toEqual({
      options: { f: 'mp4', onfail: 'ignore', movflags: '+frag_every_frame+empty_moov+default_base_moof' },
      file: 'pipe:6',
    });
  });

  it('escapes what the tee muxer would read as separators', () => {
    const slave = teeSlave({ a: "x:y]z|w\\'q" }, "/dir with|bar/it's:here.ts");
    expect(teeSlaves(slave)).toEqual([{ options: { a: "x:y]z|w\\'q" }, file: "/dir with|bar/it's:here.ts" }]);
  });

  it('writes stills and thumbnails as flushed MJPEG pipes', () => {
    expect(args).toContain('pipe:1');
    expect(args).toContain('pipe:3');
    expect(args.filter((a) => a === 'image2pipe')).toHaveLength(2);
    expect(args.filter((a) => a === '-flush_packets')).toHaveLength(2);
    // `-q:v` would hold each JPEG back by one frame in ffmpeg 5.1.
    expect(args).not.toContain('-q:v');
  });

  it('scales to the configured size; the recording is constant-rate from a whole second, stills one per frame', () => {
    const sim = filterGraph(parseSource('sim:street'), recording);
    expect(sim).toContain('[0:v]scale=320:180');
    // A simulated camera's stills stay one per delivered frame; only the recorded branch fills gaps.
    expect(sim).toContain("[rec]fps=2,select='gte(t\\,ceil(start_t-0.001))',format=yuv420p[recorded]");
    expect(sim).toContain('[live]setpts=N,format=yuvj420p[stills]');
    const rtsp = filterGraph(parseSource('rtsp://x/y'), recording);
    expect(rtsp).toContain('[0:v]fps=2,scale=320:180');
    expect(rtsp).toContain("[rec]select='gte(t\\,ceil(start_t-0.001))',format=yuv420p[recorded]");
  });

  it('records from the origin itself for a run that takes over at a minute (issue 20)', () => {
    const rtsp = filterGraph(parseSource('rtsp://x/y'), { ...recording, recordFromOrigin: true });
    expect(rtsp).toContain("[rec]select='gte(t\\,0)',format=yuv420p[recorded]");
  });

  it('caps the bitrate when the camera has a cap (issue 20), and not otherwise', () => {
    expect(output).not.toContain('-maxrate');
    const capped = recorderArgs(parseSource('rtsp://x/y'), { ...recording, maxBitrateKbps: 1500 });
    const cappedOutput = capped.slice(capped.indexOf('[recorded]'));
    expect(valueOf(cappedOutput, '-maxrate')).toBe('1500k');
    expect(valueOf(cappedOutput, '-bufsize')).toBe('3000k');
  });

  it('makes thumbnails no wider than the frame', () => {
    expect(filterGraph(parseSource('sim:street'), { ...recording, width: 160, height: 90 })).toContain(
      'scale=160:-2',
    );
  });
});

describe('keyframeInterval', () => {
  it('is one second of frames, at least one frame', () => {
    expect(keyframeInterval(5)).toBe(5);
    expect(keyframeInterval(0.5)).toBe(1);
  });
});

describe('timeline', () => {
  it('starts at the minute of the start (the segment period when tests cut shorter ones)', () => {
    expect(timelineOrigin(ORIGIN + 59_999, 60)).toBe(ORIGIN);
    expect(timelineOrigin(ORIGIN + 60_000, 60)).toBe(ORIGIN + 60_000);
    expect(timelineOrigin(ORIGIN + 5_500, 2)).toBe(ORIGIN + 4_000);
  });

  it('places a file source at the whole second it started', () => {
    expect(fileTimelineOffsetSec({ timelineOriginMs: ORIGIN, startedAtMs: ORIGIN + 23_400 })).toBe(23);
    expect(fileTimelineOffsetSec({ timelineOriginMs: ORIGIN, startedAtMs: ORIGIN })).toBe(0);
  });
});
