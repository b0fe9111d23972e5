// ffprobe's arguments and output, parsed without ffprobe; and one real run on a clip ffmpeg made.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeClip } from '../../test/helpers/media-fixtures.ts';
import { ffprobeRunner, parseProbeOutput, probeArgs } from './probe.ts';

describe('probeArgs', () => {
  it('asks for JSON, counted packets and the file last', () => {
    const args = probeArgs('/tmp/x.mp4');
    expect(args).toContain('-count_packets');
    expect(args.slice(args.indexOf('-print_format'), args.indexOf('-print_format') + 2)).toEqual([
      '-print_format',
      'json',
    ]);
    expect(args.at(-1)).toBe('/tmp/x.mp4');
  });
});

describe('parseProbeOutput', () => {
  it('reads format, brand, duration and streams', () => {
    const out = JSON.stringify({
      streams: [
        {
          index: 0,
          codec_name: 'h264',
          codec_type: 'video',
          width: 160,
          height: 90,
          nb_frames: '30',
          nb_read_packets: '1',
        },
      ],
      format: { format_name: 'mov,mp4,m4a,3gp,3g2,mj2', duration: '6.000000', tags: { major_brand: 'isom' } },
    });
    expect(parseProbeOutput(out, '[mov] stream 0, offset 0x678: partial file\n')).toEqual({
      formatNames: ['mov', 'mp4', 'm4a', '3gp', '3g2', 'mj2'],
      majorBrand: 'isom',
      durationMs: 6000,
      streams: [
        {
          index: 0,
          type: 'video',
          codec: 'h264',
          width: 160,
          height: 90,
          announcedFrames: 30,
          readPackets: 1,
        },
      ],
      warnings: ['[mov] stream 0, offset 0x678: partial file'],
    });
  });

  it('answers null for output that is not a probe', () => {
    expect(parseProbeOutput('')).toBeNull();
    expect(parseProbeOutput('{}')).toBeNull();
    expect(parseProbeOutput('not json')).toBeNull();
  });

  it('leaves unknown numbers null', () => {
    const out = JSON.stringify({ streams: [{ codec_type: 'video' }], format: { format_name: 'mp4' } });
    expect(parseProbeOutput(out)).toMatchObject({
      durationMs: null,
      majorBrand: null,
      streams: [{ codec: 'unknown', width: null, announcedFrames: null }],
    });
  });
});

describe('ffprobeRunner', () => {
  it('probes a real clip, and answers null for a file that is not media', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-probe-'));
    try {
      const clipFile = path.join(dir, 'clip.mp4');
      await fs.writeFile(clipFile, await makeClip({ seconds: 2 }));
      const junkFile = path.join(dir, 'junk.mp4');
      await fs.writeFile(junkFile, 'not media');
      const probe = ffprobeRunner('ffprobe');
      expect(await probe(clipFile)).toMatchObject({
        formatNames: expect.arrayContaining(['mp4']),
        durationMs: 2000,
        streams: [
          { type: 'video', codec: 'h264', width: 160, height: 90, announcedFrames: 10, readPackets: 10 },
        ],
        warnings: [],
      });
      expect(await probe(junkFile)).toBeNull();
      await expect(ffprobeRunner('/nonexistent/ffprobe')(clipFile)).rejects.toThrow(/ffprobe not found/);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
