import { HEATMAP_CELLS } from '@camwatch/contract/heatmap-rules';
import { encode as encodeJpeg } from 'jpeg-js';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { renderHeatmapImage } from './heatmap-image.ts';
import { HeatmapRenderer } from './heatmap-renderer.ts';

const jpeg = (() => {
  const width = 480;
  const height = 270;
  const data = Buffer.alloc(width * height * 4, 90);
  return encodeJpeg({ data, width, height }, 85).data;
})();
const cells = Array.from({ length: HEATMAP_CELLS }, (_, i) => (i % 7 === 0 ? i : 0));
const lines = ['CAM-1', '2026-11-02 - 2026-11-02'];

const renderer = new HeatmapRenderer();
afterAll(() => renderer.close());

describe('HeatmapRenderer (images drawn in a worker thread)', () => {
  it('draws the same PNG as the drawing function, reading each picture once', async () => {
    let reads = 0;
    const picture = async () => {
      reads++;
      return jpeg;
    };
    const input = { pictureKey: 'thumbs/1', picture, cells, max: 600, lines };
    const [first, second] = await Promise.all([renderer.render(input), renderer.render(input)]);
    const expected = renderHeatmapImage({ picture: jpeg, cells, max: 600, lines });
    expect(first.equals(expected)).toBe(true);
    expect(second.equals(expected)).toBe(true);
    expect(reads).toBe(1);
    const grey = await renderer.render({ pictureKey: null, picture, cells, max: 600, lines });
    expect(grey.equals(renderHeatmapImage({ picture: null, cells, max: 600, lines }))).toBe(true);
    expect(reads).toBe(1);
  });

  it('fails the images a dead thread owed, and the next image starts a new thread', async () => {
    let started = 0;
    const dying = new HeatmapRenderer(() => {
      started++;
      // A thread that dies at once, before answering.
      return new Worker('process.exit(3)', { eval: true });
    });
    await expect(
      dying.render({ pictureKey: null, picture: async () => null, cells, max: 1, lines }),
    ).rejects.toThrow(/stopped \(exit code 3\)/);
    await expect(
      dying.render({ pictureKey: null, picture: async () => null, cells, max: 1, lines }),
    ).rejects.toThrow(/stopped/);
    expect(started).toBe(2);
  });
});
