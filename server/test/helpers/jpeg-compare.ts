// Compares two JPEG pictures by decoding them (ffmpeg) to small grey frames: mean absolute difference 0..255.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

async function grey(jpeg: Buffer): Promise<Buffer> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-cmp-'));
  try {
    const input = path.join(dir, 'in.jpg');
    await fs.writeFile(input, jpeg);
    const { stdout } = await run(
      'ffmpeg',
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-i',
        input,
        '-vf',
        'scale=64:36,format=gray',
        '-f',
        'rawvideo',
        'pipe:1',
      ],
      { encoding: 'buffer', maxBuffer: 1 << 20 },
    );
    return stdout as Buffer;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

export async function meanDifference(a: Buffer, b: Buffer): Promise<number> {
  const [x, y] = await Promise.all([grey(a), grey(b)]);
  let sum = 0;
  for (let i = 0; i < x.length; i++) sum += Math.abs((x[i] ?? 0) - (y[i] ?? 0));
  return sum / x.length;
}
