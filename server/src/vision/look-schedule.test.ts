// Where the detector looks between detections (look-schedule.ts): short motion is left until it grows, and a
// followed person due to be looked at again gets a crop scaled by their own height.
import { describe, expect, it } from 'vitest';
import { whereToLook } from './look-schedule.ts';
import { SAMPLE_STEP } from './motion-gate.ts';
import { defaultRegionOptions } from './regions.ts';
import { PersonTracker } from './tracker.ts';
import type { Detection, RgbFrame } from './types.ts';

const W = 480;
const H = 270;
const COLS = Math.ceil(W / SAMPLE_STEP);
const ROWS = Math.ceil(H / SAMPLE_STEP);
const frame = (t: number): RgbFrame & { t: number } => ({
  width: W,
  height: H,
  data: new Uint8Array(W * H * 3),
  t,
});

/** Grey sample grids before and after a change over a block of picture pixels (x, y, w, h). */
function motion(x: number, y: number, w: number, h: number): { before: Uint8Array; after: Uint8Array } {
  const before = new Uint8Array(COLS * ROWS).fill(100);
  const after = before.slice();
  for (let r = Math.floor(y / SAMPLE_STEP); r < Math.ceil((y + h) / SAMPLE_STEP); r++)
    for (let c = Math.floor(x / SAMPLE_STEP); c < Math.ceil((x + w) / SAMPLE_STEP); c++)
      after[r * COLS + c] = 200;
  return { before, after };
}

describe('whereToLook', () => {
  it('looks at motion as tall as a person the analyses need, and leaves shorter motion (a far walker) alone', () => {
    const tracker = new PersonTracker({ aspect: W / H }, 'a-');
    const tall = motion(100, 100, 16, 48);
    const looked = whereToLook(
      tracker,
      frame(0.5),
      tall.before,
      0,
      tall.after,
      true,
      2,
      [],
      defaultRegionOptions,
    );
    expect(looked.look).not.toBeNull();
    expect(looked.checked).toHaveLength(1);
    const short = motion(100, 100, 12, 12); // grown by the blob's gap closing: under 28 px
    const skipped = whereToLook(
      tracker,
      frame(0.5),
      short.before,
      0,
      short.after,
      true,
      2,
      [],
      defaultRegionOptions,
    );
    expect(skipped.look).toBeNull();
    // minBlobHeight 0 (dim pictures): every blob is looked at.
    const all = whereToLook(tracker, frame(0.5), short.before, 0, short.after, true, 2, [], {
      ...defaultRegionOptions,
      minBlobHeight: 0,
    });
    expect(all.checked).toHaveLength(1);
  });

  it('looks again at a followed person once refreshSeconds have passed, in a crop that knows their height', () => {
    const tracker = new PersonTracker({ aspect: W / H }, 'a-');
    const person: Detection = { box: { x: 0.4, y: 0.3, w: 0.05, h: 0.25 }, score: 0.9 };
    for (let i = 0; i < 6; i++) tracker.update(i * 0.5, [person]);
    const still = new Uint8Array(COLS * ROWS).fill(100);
    // 1 s after the last detection: nothing due, nothing moved, nothing to look at.
    expect(
      whereToLook(tracker, frame(3.5), still, 3, still, false, 2, [], defaultRegionOptions).look,
    ).toBeNull();
    const due = whereToLook(tracker, frame(4.5), still, 4, still, false, 2, [], defaultRegionOptions);
    expect(due.look).not.toBeNull();
    expect(due.look).not.toBe('whole');
    const [crop] = due.look as Exclude<typeof due.look, 'whole' | null>;
    expect(crop!.personHeight).toBeCloseTo(0.25 * H, 0);
    // The crop is tight: the person's height plus the tracked margin above and below, not the blob margin.
    expect(crop!.h).toBeLessThan(0.25 * H * (1 + 2 * defaultRegionOptions.margin));
  });
});
