// The pure ffmpeg argument builders, per source kind (issue "Video pipeline" item 1-2).
import { describe, expect, it } from 'vitest';
import {
  filterGraph,
  inputArgs,
  keyframeInterval,
  recorderArgs,
  teeSlave,
} from '../src/ffmpeg/ffmpeg-args.ts';
import { parseSource } from '../src/source/source-spec.ts';

const format = { width: 320, height: 180, fps: 2 };
const recording = {
  ...format,
  segmentDir: '/spool/.recording/run-1',
  liveSegmentDir: '/spool/.recording/run-1/live',
  segmentSeconds: 60,
  thumbnailWidth: 320,
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
  it('reads a simulated camera as raw RGB24 frames on stdin at the configured size and rate', () => {
    const args = inputArgs(parseSource('sim:street'), format);
    expect(valueOf(args, '-f')).toBe('rawvideo');
    expect(valueOf(args, '-pix_fmt')).toBe('rgb24');
    expect(valueOf(args, '-s')).toBe('320x180');
    expect(valueOf(args, '-r')).toBe('2');
    expect(args.slice(-2)).toEqual(['-i', '-']);
    // No probing delay before the first frame.
    expect(valueOf(args, '-analyzeduration')).toBe('0');
  });

  it('reads RTSP over TCP', () => {
    const args = inputArgs(parseSource('rtsp://cam.local:554/stream1'), format);
    expect(valueOf(args, '-rtsp_transport')).toBe('tcp');
    expect(args.slice(-2)).toEqual(['-i', 'rtsp://cam.local:554/stream1']);
  });

  it('reads HTTP as MJPEG', () => {
    const args = inputArgs(parseSource('http://cam.local/video.mjpg'), format);
    expect(valueOf(args, '-f')).toBe('mjpeg');
    expect(args.at(-1)).toBe('http://cam.local/video.mjpg');
  });

  it('loops a file for ever at its native rate, on its own timestamps', () => {
    const args = inputArgs(parseSource('./fixtures/street.mp4'), format);
    expect(args).not.toContain('-use_wallclock_as_timestamps');
    expect(valueOf(args, '-stream_loop')).toBe('-1');
    expect(args).toContain('-re');
    expect(args.at(-1)).toBe('./fixtures/street.mp4');
  });

  it('reads /dev/video* with v4l2', () => {
    const args = inputArgs(parseSource('/dev/video0'), format);
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
    expect(teeSlaves(valueOf(output, 'tee')!)).toHaveLength(2);
  });

  it('cuts one-minute MP4 segments at the wall-clock minute, faststart, listed on a pipe', () => {
    const [clips] = teeSlaves(valueOf(output, 'tee')!);
    expect(clips).toEqual({
      options: {
        f: 'segment',
        segment_time: '60',
        segment_atclocktime: '1',
        reset_timestamps: '1',
        strftime: '1',
        segment_format: 'mp4',
        segment_format_options: 'movflags=+faststart',
        segment_list: 'pipe:4',
        segment_list_type: 'csv',
      },
      file: '/spool/.recording/run-1/%Y%m%dT%H%M%SZ.mp4',
    });
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

  it('scales to the configured size; real sources also get the configured rate', () => {
    expect(filterGraph(parseSource('sim:street'), recording)).toContain('scale=320:180');
    expect(filterGraph(parseSource('sim:street'), recording)).not.toContain('fps=');
    expect(filterGraph(parseSource('rtsp://x/y'), recording)).toContain('fps=2,scale=320:180');
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
