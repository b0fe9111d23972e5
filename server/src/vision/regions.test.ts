// The detector's crops (regions.ts): blobs of what moved, crops grown around them and merged, the whole picture
// when crops would cover most of it, crops scaled up for the model, and detections mapped back and deduplicated.
import { describe, expect, it } from 'vitest';
import {
  cropPicture,
  cropsFor,
  defaultRegionOptions,
  fromCrop,
  movingBlobs,
  suppressDuplicates,
} from './regions.ts';
import type { Detection } from './types.ts';

/** A grey sample grid with a block of `value` at (x, y, w, h) cells on a background of 100. */
function grid(
  cols: number,
  rows: number,
  block?: { x: number; y: number; w: number; h: number; value: number },
) {
  const cells = new Uint8Array(cols * rows).fill(100);
  if (block)
    for (let y = block.y; y < block.y + block.h; y++)
      for (let x = block.x; x < block.x + block.w; x++) cells[y * cols + x] = block.value;
  return cells;
}

describe('movingBlobs', () => {
  it('boxes the changed samples (grown by one sample) in picture pixels, and ignores single noisy samples', () => {
    const before = grid(40, 30);
    const after = grid(40, 30, { x: 10, y: 5, w: 3, h: 8, value: 200 });
    after[25 * 40 + 35] = 200; // one flickering sample
    expect(movingBlobs(before, after, 40, 30)).toEqual([{ x: 36, y: 16, w: 20, h: 40 }]);
  });

  it('leaves out the changes inside explained boxes (people followed), keeping what lies outside', () => {
    const before = grid(40, 30);
    const after = grid(40, 30, { x: 10, y: 5, w: 3, h: 8, value: 200 });
    for (let y = 20; y < 24; y++) after[y * 40 + 30] = 200; // someone else
    const explained = [{ x: 38, y: 18, w: 16, h: 36 }];
    expect(movingBlobs(before, after, 40, 30, defaultRegionOptions, explained)).toEqual([
      { x: 116, y: 76, w: 12, h: 24 },
    ]);
    expect(movingBlobs(before, after, 40, 30)).toHaveLength(2);
  });

  it('joins the parts of one figure a sample apart, and keeps two people apart', () => {
    const before = grid(40, 30);
    const after = grid(40, 30, { x: 5, y: 5, w: 2, h: 4, value: 0 });
    for (const [x, y] of [
      [5, 10],
      [6, 10],
      [5, 11],
      [30, 5],
      [31, 5],
      [30, 6],
      [31, 6],
    ] as const)
      after[y * 40 + x] = 0;
    const blobs = movingBlobs(before, after, 40, 30);
    expect(blobs).toHaveLength(2);
    expect(blobs[0]).toEqual({ x: 16, y: 16, w: 16, h: 36 });
  });
});

describe('cropsFor', () => {
  it('grows a blob into a crop around the whole person, clipped to the picture', () => {
    const crops = cropsFor([{ x: 100, y: 100, w: 20, h: 40 }], 480, 270)!;
    expect(crops).toHaveLength(1);
    const [crop] = crops;
    expect(crop!.x).toBeLessThanOrEqual(100 - 20);
    expect(crop!.y).toBeLessThanOrEqual(100 - 20);
    expect(crop!.x + crop!.w).toBeGreaterThanOrEqual(120 + 20);
    expect(crop!.y + crop!.h).toBeGreaterThanOrEqual(140 + 20);
    const edge = cropsFor([{ x: 0, y: 250, w: 10, h: 20 }], 480, 270)![0]!;
    expect(edge.x).toBe(0);
    expect(edge.y + edge.h).toBe(270);
  });

  it('merges overlapping crops, keeps distant ones apart, and asks for the whole picture when they cover most of it', () => {
    const two = cropsFor(
      [
        { x: 100, y: 100, w: 20, h: 40 },
        { x: 110, y: 110, w: 20, h: 40 },
        { x: 400, y: 20, w: 20, h: 40 },
      ],
      480,
      270,
    )!;
    expect(two).toHaveLength(2);
    expect(cropsFor([{ x: 50, y: 30, w: 380, h: 200 }], 480, 270)).toBeNull();
    expect(cropsFor([], 480, 270)).toEqual([]);
  });
});

describe('cropPicture and fromCrop', () => {
  it('scales a small crop up to the model size, keeping its content where it was', () => {
    const frame = { width: 100, height: 100, data: new Uint8Array(100 * 100 * 3) };
    // A red square at (40..50, 40..50).
    for (let y = 40; y < 50; y++) for (let x = 40; x < 50; x++) frame.data[(y * 100 + x) * 3] = 255;
    const crop = { x: 30, y: 30, w: 40, h: 40 };
    const picture = cropPicture(frame, crop);
    const scale = Math.min(defaultRegionOptions.maxScale, defaultRegionOptions.targetSide / 40);
    expect(picture.width).toBe(Math.round(40 * scale));
    // The square's centre (45, 45) is at (15, 15) of the crop, so red there; the crop's corner is black.
    const at = (x: number, y: number) =>
      picture.data[(Math.round(y * scale) * picture.width + Math.round(x * scale)) * 3];
    expect(at(15, 15)).toBe(255);
    expect(at(2, 2)).toBe(0);
  });

  it('scales a crop around a known person so that person is personSide tall, the smaller of two when merged', () => {
    const frame = { width: 480, height: 270, data: new Uint8Array(480 * 270 * 3) };
    const options = defaultRegionOptions;
    // A followed person 50 px tall: without their height the crop is enlarged to the target side (2×); with it
    // only to personSide (80 px for 50 px: 1.6×), so fewer input pixels.
    const box = { x: 200, y: 100, w: 20, h: 50, margin: options.trackedMargin };
    const [plain] = cropsFor([box], 480, 270)!;
    const [known] = cropsFor([{ ...box, personHeight: 50 }], 480, 270)!;
    expect(known!.personHeight).toBe(50);
    const plainPicture = cropPicture(frame, plain!);
    const knownPicture = cropPicture(frame, known!);
    expect(knownPicture.height).toBe(Math.round(known!.h * (options.personSide / 50)));
    expect(knownPicture.width * knownPicture.height).toBeLessThan(
      0.7 * plainPicture.width * plainPicture.height,
    );
    // personSide 0 leaves the scale to the target side.
    expect(cropPicture(frame, known!, { ...options, personSide: 0 }).height).toBe(plainPicture.height);
    // Two people merged into one crop: the shorter one sets the scale; a blob (no known person) merged in drops it.
    const [both] = cropsFor(
      [
        { ...box, personHeight: 50 },
        { ...box, x: 215, h: 40, personHeight: 40 },
      ],
      480,
      270,
    )!;
    expect(both!.personHeight).toBe(40);
    const [withBlob] = cropsFor(
      [
        { ...box, personHeight: 50 },
        { x: 215, y: 100, w: 20, h: 40 },
      ],
      480,
      270,
    )!;
    expect(withBlob!.personHeight).toBeUndefined();
  });

  it('maps a detection back to picture fractions and drops repeats from overlapping crops', () => {
    const inCrop: Detection = { box: { x: 0.25, y: 0.5, w: 0.5, h: 0.5 }, score: 0.8 };
    const mapped = fromCrop(inCrop, { x: 100, y: 50, w: 40, h: 80 }, 400, 200);
    expect(mapped.box).toEqual({ x: 110 / 400, y: 90 / 200, w: 20 / 400, h: 40 / 200 });
    const weaker = { ...mapped, score: 0.5, box: { ...mapped.box, x: mapped.box.x + 0.001 } };
    const other: Detection = { box: { x: 0.8, y: 0.1, w: 0.05, h: 0.2 }, score: 0.4 };
    expect(suppressDuplicates([weaker, mapped, other])).toEqual([mapped, other]);
  });
});
