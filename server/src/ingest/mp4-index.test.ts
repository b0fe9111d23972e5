// The in-process MP4 index reader against ffprobe on files ffmpeg makes: the same answer for whole H.264 clips,
// null (ask ffprobe) for everything else.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffprobeRunner } from '../video/probe.ts';
import { readMp4Probe } from './mp4-index.ts';

const run = promisify(execFile);
const probe = ffprobeRunner('ffprobe');
let dir: string;

async function ffmpeg(name: string, args: string[]): Promise<string> {
  const out = path.join(dir, name);
  await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args, out]);
  return out;
}

const source = (seconds: number) => ['-f', 'lavfi', '-i', `testsrc2=s=160x90:r=5:d=${seconds}`];
const h264 = ['-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-g', '5'];

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-mp4-index-'));
});

afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('readMp4Probe', () => {
  it('answers what ffprobe answers for a whole H.264 clip, index first or last', async () => {
    const first = await ffmpeg('first.mp4', [...source(6), ...h264, '-movflags', '+faststart']);
    const last = await ffmpeg('last.mp4', [...source(4), ...h264]);
    for (const file of [first, last]) {
      const quick = await readMp4Probe(file);
      expect(quick).not.toBeNull();
      expect(quick).toEqual(await probe(file));
    }
    expect((await readMp4Probe(first))?.streams[0]).toMatchObject({
      width: 160,
      height: 90,
      readPackets: 30,
    });
  });

  it('answers null for a clip cut short, even with its index at the front', async () => {
    const whole = await fs.readFile(
      await ffmpeg('whole.mp4', [...source(6), ...h264, '-movflags', '+faststart']),
    );
    const cut = path.join(dir, 'cut.mp4');
    await fs.writeFile(cut, whole.subarray(0, Math.floor(whole.length * 0.7)));
    expect(await readMp4Probe(cut)).toBeNull();
    // ffprobe tells it apart too: fewer frames read than announced.
    const probed = await probe(cut);
    expect(probed?.streams[0]?.readPackets).toBeLessThan(probed?.streams[0]?.announcedFrames ?? 0);
  });

  it('answers null for what it does not vouch for: another codec, two tracks, fragmented, QuickTime, not MP4', async () => {
    const files = [
      await ffmpeg('mpeg4.mp4', [...source(2), '-c:v', 'mpeg4']),
      await ffmpeg('two.mp4', [...source(2), ...source(2), '-map', '0', '-map', '1', ...h264]),
      await ffmpeg('frag.mp4', [...source(2), ...h264, '-movflags', 'frag_keyframe+empty_moov']),
      await ffmpeg('clip.mov', [...source(2), ...h264]),
      await ffmpeg('clip.mkv', [...source(2), ...h264]),
    ];
    const garbage = path.join(dir, 'garbage.mp4');
    await fs.writeFile(garbage, Buffer.from('\0\0\0\x18ftypisom and then nothing that makes sense'));
    for (const file of [...files, garbage]) expect(await readMp4Probe(file), file).toBeNull();
  });
});
