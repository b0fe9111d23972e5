// Cutting ffmpeg's MJPEG pipe into whole JPEGs as bytes arrive, however the bytes are chunked.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { JpegSplitter } from '../src/ffmpeg/jpeg-splitter.ts';
import { isCompleteJpeg } from './helpers.ts';

let stream: Buffer;
let sizes: number[];

beforeAll(async () => {
  // Five real JPEGs from ffmpeg's mjpeg encoder, as the recorder's pipe delivers them.
  const frames: Buffer[] = [];
  for (let i = 0; i < 5; i++) {
    const { stdout } = await promisify(execFile)(
      'ffmpeg',
      [
        '-v',
        'error',
        '-f',
        'lavfi',
        '-i',
        `testsrc=size=160x90:rate=1`,
        '-ss',
        String(i),
        '-frames:v',
        '1',
        '-c:v',
        'mjpeg',
        '-f',
        'image2pipe',
        'pipe:1',
      ],
      { encoding: 'buffer' },
    );
    frames.push(stdout);
  }
  stream = Buffer.concat(frames);
  sizes = frames.map((frame) => frame.length);
});

describe('JpegSplitter', () => {
  it('finds every image in one chunk', () => {
    const images = new JpegSplitter().push(stream);
    expect(images.map((image) => image.length)).toEqual(sizes);
    expect(images.every(isCompleteJpeg)).toBe(true);
  });

  it('finds the same images when bytes arrive in small uneven chunks, each as soon as it is complete', () => {
    const splitter = new JpegSplitter();
    const images: Buffer[] = [];
    let offset = 0;
    for (let i = 0; offset < stream.length; i++) {
      const size = 1 + ((i * 7919) % 997);
      const found = splitter.push(stream.subarray(offset, offset + size));
      offset += size;
      for (const image of found) {
        // Handed on no later than the chunk holding its last byte.
        const end = stream.indexOf(image) + image.length;
        expect(end).toBeGreaterThan(offset - size);
        images.push(image);
      }
    }
    expect(Buffer.concat(images).equals(stream)).toBe(true);
  });

  it('skips garbage before an image', () => {
    const images = new JpegSplitter().push(Buffer.concat([Buffer.from([1, 2, 0xff, 3]), stream]));
    expect(images).toHaveLength(5);
  });
});
