// Entry detection (advanced.md §5 entry detection settings): the pure rules on made-up frames, and the whole
// path on a real H.264 clip made by ffmpeg in which a box crosses the picture.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClip } from '../../test/helpers/media-fixtures.ts';
import { detectEntries, entryAlerts, entryHits, isInsidePolygon, type EntryRule } from './entry.ts';

const rect = (x0: number, y0: number, x1: number, y1: number) => [
  { x: x0, y: y0 },
  { x: x1, y: y0 },
  { x: x1, y: y1 },
  { x: x0, y: y1 },
];

const rule: EntryRule = {
  entryArea: rect(0.5, 0.5, 1, 0.9),
  machineArea: null,
  detectionFrameThreshold: 3,
  minimumDetectionSize: 0.2,
  runningThreshold: 0.05,
  vigilantTime: 0,
};

const W = 20;
const H = 10;
/** A grey frame with a bright block of pixels [x0, x1) × [y0, y1). */
function frame(block?: [number, number, number, number]): Uint8Array {
  const data = new Uint8Array(W * H).fill(60);
  if (block) {
    const [x0, y0, x1, y1] = block;
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) data[y * W + x] = 250;
  }
  return data;
}
const opts = { width: W, height: H, pixelThreshold: 25 };

describe('advanced.md §5 entry detection: which frames count', () => {
  it('isInsidePolygon follows the even-odd rule', () => {
    const area = rect(0.5, 0.5, 1, 0.9);
    expect(isInsidePolygon(0.75, 0.7, area)).toBe(true);
    expect(isInsidePolygon(0.25, 0.7, area)).toBe(false);
    expect(isInsidePolygon(0.75, 0.95, area)).toBe(false);
  });

  it('counts a moving region whose feet stand in the area, not one standing outside it', () => {
    // Appears at the right (feet at y = 8/10 = 0.8, inside), then at the left (feet outside).
    const frames = [frame(), frame([14, 4, 17, 8]), frame(), frame([2, 4, 5, 8])];
    expect(entryHits(frames, rule, opts)).toEqual([true, true, false]);
  });

  it('ignores regions shorter than the minimum detection size', () => {
    const frames = [frame(), frame([14, 7, 17, 8])]; // 1 pixel of 10 tall = 0.1 < 0.2
    expect(entryHits(frames, rule, opts)).toEqual([false]);
    expect(entryHits(frames, { ...rule, minimumDetectionSize: 0.1 }, opts)).toEqual([true]);
  });

  it('with a machine area, counts entries only while the machine runs', () => {
    const machine = rect(0, 0, 0.2, 0.2);
    // The machine is the top-left 4×2 pixels; they change from the first frame to the second only.
    const busy = (block: [number, number, number, number]) => {
      const f = frame(block);
      for (let y = 0; y < 2; y++) for (let x = 0; x < 4; x++) f[y * W + x] = 250;
      return f;
    };
    // Frame pairs: machine changes (idle→busy) with an entry; machine unchanged with an entry.
    const frames = [frame(), busy([14, 4, 17, 8]), busy([15, 4, 18, 8])];
    const withMachine = { ...rule, machineArea: machine };
    expect(entryHits(frames, withMachine, opts)).toEqual([true, false]);
    expect(entryHits(frames, rule, opts)).toEqual([true, true]);
  });
});

describe('advanced.md §5 entry detection: alerts from the frames', () => {
  const fps = 5;
  const hits = (pattern: string) => [...pattern].map((c) => c === '1');

  it('raises an alert only after the detection frame threshold of frames in a row', () => {
    expect(entryAlerts(hits('0110000'), rule, { fps })).toEqual([]);
    expect(entryAlerts(hits('0111000'), rule, { fps })).toEqual([{ startSec: 0.4, endSec: 0.8 }]);
  });

  it('bridges a gap of up to two frames in one stay', () => {
    expect(entryAlerts(hits('1100110000'), rule, { fps })).toEqual([{ startSec: 0.2, endSec: 1.2 }]);
    expect(entryAlerts(hits('11100011100'), rule, { fps })).toEqual([
      { startSec: 0.2, endSec: 0.6 },
      { startSec: 1.4, endSec: 1.8 },
    ]);
  });

  it('continues the previous alert within the vigilant time instead of raising another', () => {
    const twoStays = hits(`111${'0'.repeat(20)}111`);
    expect(entryAlerts(twoStays, rule, { fps })).toHaveLength(2);
    expect(entryAlerts(twoStays, { ...rule, vigilantTime: 5 }, { fps })).toEqual([
      { startSec: 0.2, endSec: 5.2 },
    ]);
  });

  it('shifts by the clip offset and stays inside the minute', () => {
    expect(entryAlerts(hits('111'), rule, { fps, offsetSec: 59.5 })).toEqual([
      { startSec: 59.7, endSec: 60 },
    ]);
  });
});

describe('advanced.md §5 entry detection on a recorded clip', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-entry-'));
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));

  it('finds the box entering the right half while it crosses, per area link, and nothing in a still clip', async () => {
    // A white box a third of the picture tall crosses from left to right during seconds 2..8, its feet
    // at two thirds of the height: it stands in the right half's area from about second 5.
    const moving = path.join(dir, 'moving.mp4');
    await fs.writeFile(moving, await makeClip({ seconds: 10, scene: 'moving', motionFrom: 2, motionTo: 8 }));
    const still = path.join(dir, 'still.mp4');
    await fs.writeFile(still, await makeClip({ seconds: 10 }));
    const area = rule.entryArea;
    const [alerts, left, none] = await detectEntries(moving, [
      { ...rule, entryArea: area, vigilantTime: 10 },
      { ...rule, entryArea: rect(0, 0.5, 0.5, 0.9), vigilantTime: 10 },
      { ...rule, entryArea: rect(0, 0, 1, 0.3) },
    ]);
    if (!alerts || !left || !none) throw new Error('one answer per rule');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.startSec).toBeGreaterThan(4);
    expect(alerts[0]!.startSec).toBeLessThan(6.5);
    expect(alerts[0]!.endSec).toBeGreaterThan(7);
    // The same crossing seen by the left half's area starts earlier; an area above it sees nothing.
    expect(left[0]!.startSec).toBeLessThan(alerts[0]!.startSec);
    expect(none).toEqual([]);
    expect(await detectEntries(still, [rule])).toEqual([[]]);
    expect(await detectEntries(still, [])).toEqual([]);
    const [shifted] = await detectEntries(moving, [{ ...rule, vigilantTime: 10 }], { offsetMs: 30_000 });
    expect(shifted![0]!.startSec).toBeCloseTo(alerts[0]!.startSec + 30, 5);
  });
});
