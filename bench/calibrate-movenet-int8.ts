// Calibrates the person detector's int8 graph (server/src/vision/onnx-movenet.ts, quantizeGraph): runs the float
// graph with every activation the int8 graph quantizes as an extra output over calibration pictures, and writes
// each activation's range (the smallest and largest value seen, over all pictures) to
// server/models/movenet-multipose/int8-ranges.json, which the detector reads at load. Calibration pictures: one
// simulated minute of the shop and the street, by day and by night, at the demo's recording size (every 6th
// picture, the whole picture and three crops the size the engine cuts), and three of the shared real clips
// (CC BY 4.0, server/test/fixtures/real-video; the other three are kept out for the int8 test).
// Usage: node --import tsx bench/calibrate-movenet-int8.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SimRenderer } from '../agent/src/sim/renderer.ts';
import { decodeFrames } from '../server/src/vision/decode.ts';
import { activationRanges, INT8_RANGES_FILE } from '../server/src/vision/onnx-movenet-runner.ts';
import { MODEL_DIR, paddedSide } from '../server/src/vision/person-detector.ts';
import { renderMinute } from './vision-accuracy.bench.ts';

const MODEL_FILE = 'movenet-multipose.json';
const REAL = path.resolve(import.meta.dirname, '../server/test/fixtures/real-video');
export const CALIBRATION_CLIPS = ['classroom.mp4', 'store-aisle-detection.mp4', 'people-detection.mp4'];
const START = { day: Date.UTC(2026, 10, 21, 3, 0, 0), night: Date.UTC(2026, 10, 21, 14, 0, 0) } as const;

interface Picture {
  data: Int32Array;
  h: number;
  w: number;
}

/** A region of a picture as the model's padded input (black padding right and bottom). */
function input(
  frame: { width: number; height: number; data: Uint8Array },
  x0: number,
  y0: number,
  w: number,
  h: number,
): Picture {
  const pw = paddedSide(w);
  const ph = paddedSide(h);
  const data = new Int32Array(pw * ph * 3);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      for (let c = 0; c < 3; c++)
        data[(y * pw + x) * 3 + c] = frame.data[((y0 + y) * frame.width + x0 + x) * 3 + c]!;
  return { data, h: ph, w: pw };
}

async function pictures(file: string, every: number): Promise<Picture[]> {
  const out: Picture[] = [];
  let k = 0;
  for await (const frame of decodeFrames(file, { fps: 2, maxWidth: 480 })) {
    if (k++ % every !== 0) continue;
    out.push(input(frame, 0, 0, frame.width, frame.height));
    const side = Math.min(224, frame.width, frame.height);
    for (const [fx, fy] of [
      [0, 0],
      [0.5, 0.5],
      [1, 1],
    ] as const)
      out.push(
        input(
          frame,
          Math.round((frame.width - side) * fx),
          Math.round((frame.height - side) * fy),
          side,
          side,
        ),
      );
  }
  return out;
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-calibrate-'));
  const all: Picture[] = [];
  try {
    for (const scene of ['shop', 'street'] as const)
      for (const light of ['day', 'night'] as const) {
        const file = path.join(dir, `${scene}-${light}.mp4`);
        await renderMinute(
          new SimRenderer({ scene, seed: 11, tzOffsetMinutes: 540 }, 480, 270),
          START[light],
          2,
          file,
        );
        all.push(...(await pictures(file, 6)));
      }
    for (const clip of CALIBRATION_CLIPS) all.push(...(await pictures(path.join(REAL, clip), 1)));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const ranges = await activationRanges(
    MODEL_DIR,
    MODEL_FILE,
    all.map((p) => ({ input: p.data, inputH: p.h, inputW: p.w })),
  );
  const target = path.join(MODEL_DIR, INT8_RANGES_FILE);
  const rounded = Object.fromEntries(
    Object.entries(ranges).map(([name, [lo, hi]]) => [
      name,
      [Number(lo.toPrecision(6)), Number(hi.toPrecision(6))],
    ]),
  );
  fs.writeFileSync(
    target,
    `${JSON.stringify({ method: 'min/max over all calibration pictures', pictures: all.length, clips: CALIBRATION_CLIPS, ranges: rounded }, null, 1)}\n`,
  );
  console.log(`${Object.keys(ranges).length} activation ranges from ${all.length} pictures → ${target}`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
