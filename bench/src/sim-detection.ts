// Does the person detector see the simulator's people? Renders frames of each simulated scene (day and
// night, several seeds) at the recorded size, runs MoveNet multipose lightning on them (tfjs, WASM backend,
// the model in server/models/movenet-multipose) and compares with the renderer's own ground truth:
//   recall     truth persons matched by a detection (score ≥ 0.3, IoU ≥ 0.3), for people ≥ 48 px tall and
//              not cut by the frame's edge, and for all visible people;
//   precision  detections (score ≥ 0.3) that match a truth person;
//   on cars    unmatched detections that overlap a car (IoU ≥ 0.3 or centre inside the car).
// Also the renderer's cost per frame at that size.
// Usage: node --import tsx bench/src/sim-detection.ts [--size 480x270] [--frames 40] [--seeds 1,2,3]
//          [--scenes street,shop] [--dump <dir>]   (--dump writes PNGs of the first frames with boxes)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import * as tf from '@tensorflow/tfjs-core';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import { loadGraphModel, type GraphModel } from '@tensorflow/tfjs-converter';
import { SimRenderer, type Box, type RenderView } from '../../agent/src/sim/renderer.ts';
import type { SimScene } from '../../agent/src/source/source-spec.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const modelDir = path.join(root, 'server/models/movenet-multipose');

const SCORE = 0.3;
const IOU = 0.3;
const MIN_HEIGHT = 48;
/** 12:00 and 23:00 in Tokyo (the simulator's default zone). */
const NOON = Date.UTC(2026, 10, 21, 3, 0, 0);
const NIGHT = Date.UTC(2026, 10, 21, 14, 0, 0);
const home: RenderView = { ptz: { pan: 0, tilt: 0, zoom: 1 }, isLightOn: false };

interface Args {
  width: number;
  height: number;
  frames: number;
  seeds: number[];
  scenes: SimScene[];
  dump: string | null;
}

function parseArgs(argv: string[]): Args {
  const get = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const [width, height] = (get('size') ?? '480x270').split('x').map(Number);
  return {
    width: width!,
    height: height!,
    frames: Number(get('frames') ?? 40),
    seeds: (get('seeds') ?? '1,2,3').split(',').map(Number),
    scenes: (get('scenes') ?? 'street,shop').split(',') as SimScene[],
    dump: get('dump') ?? null,
  };
}

async function loadModel(): Promise<GraphModel> {
  setWasmPaths(path.join(root, 'node_modules/@tensorflow/tfjs-backend-wasm/dist') + '/');
  await tf.setBackend('wasm');
  await tf.ready();
  const json = JSON.parse(fs.readFileSync(path.join(modelDir, 'movenet-multipose.json'), 'utf8'));
  const weights = fs.readFileSync(path.join(modelDir, 'movenet-multipose.bin'));
  return loadGraphModel(
    tf.io.fromMemory({
      modelTopology: json.modelTopology,
      weightSpecs: json.weightsManifest[0].weights,
      weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength),
      format: json.format,
      generatedBy: json.generatedBy,
      convertedBy: json.convertedBy,
    }),
  );
}

interface Found {
  box: Box;
  score: number;
}

/** MoveNet on an RGB24 frame, padded at the bottom and right to multiples of 32; boxes in frame pixels. */
async function detect(model: GraphModel, data: Buffer, width: number, height: number): Promise<Found[]> {
  const padW = Math.ceil(width / 32) * 32;
  const padH = Math.ceil(height / 32) * 32;
  const input = new Int32Array(padW * padH * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width * 3; x++) input[y * padW * 3 + x] = data[y * width * 3 + x]!;
  const out = tf.tidy(() => model.execute(tf.tensor(input, [1, padH, padW, 3], 'int32')) as tf.Tensor);
  const arr = await out.data();
  out.dispose();
  const found: Found[] = [];
  for (let p = 0; p < 6; p++) {
    const o = p * 56 + 51;
    const score = arr[o + 4]!;
    if (score < SCORE) continue;
    const [ymin, xmin, ymax, xmax] = [
      arr[o]! * padH,
      arr[o + 1]! * padW,
      arr[o + 2]! * padH,
      arr[o + 3]! * padW,
    ];
    found.push({ box: { x: xmin, y: ymin, w: xmax - xmin, h: ymax - ymin }, score });
  }
  return found;
}

export const iou = (a: Box, b: Box): number => {
  const ix = Math.max(0, Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x));
  const iy = Math.max(0, Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y));
  const inter = ix * iy;
  return inter / (a.w * a.h + b.w * b.h - inter || 1);
};

interface Tally {
  large: number;
  largeFound: number;
  all: number;
  allFound: number;
  detections: number;
  trueDetections: number;
  onCars: number;
  frames: number;
  renderMs: number;
  minH: number;
  maxH: number;
}

function writePng(file: string, data: Buffer, width: number, height: number): void {
  spawnSync(
    'ffmpeg',
    ['-v', 'error', '-y', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${width}x${height}`, '-i', '-', file],
    {
      input: data,
    },
  );
}

function outline(data: Buffer, width: number, height: number, box: Box, color: [number, number, number]) {
  const put = (x: number, y: number) => {
    if (x < 0 || y < 0 || x >= width || y >= height) return;
    const i = (y * width + x) * 3;
    [data[i], data[i + 1], data[i + 2]] = color;
  };
  const x0 = Math.round(box.x);
  const y0 = Math.round(box.y);
  const x1 = Math.round(box.x + box.w) - 1;
  const y1 = Math.round(box.y + box.h) - 1;
  for (let x = x0; x <= x1; x++) {
    put(x, y0);
    put(x, y1);
  }
  for (let y = y0; y <= y1; y++) {
    put(x0, y);
    put(x1, y);
  }
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const model = await loadModel();
  if (args.dump) fs.mkdirSync(args.dump, { recursive: true });
  const rows: string[] = [];
  let detectMs = 0;
  let detectRuns = 0;
  for (const scene of args.scenes)
    for (const [light, start] of [
      ['day', NOON],
      ['night', NIGHT],
    ] as const) {
      const t: Tally = {
        large: 0,
        largeFound: 0,
        all: 0,
        allFound: 0,
        detections: 0,
        trueDetections: 0,
        onCars: 0,
        frames: 0,
        renderMs: 0,
        minH: Infinity,
        maxH: 0,
      };
      for (const seed of args.seeds) {
        const renderer = new SimRenderer({ scene, seed, tzOffsetMinutes: 540 }, args.width, args.height);
        renderer.render(start, home); // paints and lights the world once
        for (let i = 0; i < args.frames; i++) {
          const time = start + i * 7_300;
          const r0 = performance.now();
          const frame = renderer.render(time, home);
          t.renderMs += performance.now() - r0;
          t.frames++;
          const d0 = performance.now();
          const found = await detect(model, frame.data, args.width, args.height);
          detectMs += performance.now() - d0;
          detectRuns++;
          const used = new Set<number>();
          for (const person of frame.persons) {
            const { box } = person;
            const cut =
              box.x === 0 || box.y === 0 || box.x + box.w === args.width || box.y + box.h === args.height;
            const isLarge = box.h >= MIN_HEIGHT && !cut;
            let best = -1;
            let bestIou = IOU;
            found.forEach((f, k) => {
              const v = iou(box, f.box);
              if (!used.has(k) && v >= bestIou) [best, bestIou] = [k, v];
            });
            if (best >= 0) used.add(best);
            t.all++;
            if (best >= 0) t.allFound++;
            if (isLarge) {
              t.large++;
              if (best >= 0) t.largeFound++;
              else if (args.dump)
                console.error(`missed ${scene}-${light}-s${seed}-${i} ${JSON.stringify(box)}`);
              t.minH = Math.min(t.minH, box.h);
              t.maxH = Math.max(t.maxH, box.h);
            }
          }
          t.detections += found.length;
          found.forEach((f, k) => {
            if (used.has(k)) return t.trueDetections++;
            // A detection on someone whose truth box is only partly matched (e.g. two people merged) is
            // still on a person: count it true when it overlaps any person; it is counted on a car when it
            // overlaps a car.
            if (frame.persons.some((p) => iou(p.box, f.box) >= 0.1)) return t.trueDetections++;
            const cx = f.box.x + f.box.w / 2;
            const cy = f.box.y + f.box.h / 2;
            if (
              frame.cars.some(
                (c) =>
                  iou(c.box, f.box) >= IOU ||
                  (cx >= c.box.x && cx < c.box.x + c.box.w && cy >= c.box.y && cy < c.box.y + c.box.h),
              )
            )
              t.onCars++;
          });
          if (args.dump && i < 6) {
            const copy = Buffer.from(frame.data);
            for (const p of frame.persons) outline(copy, args.width, args.height, p.box, [0, 255, 0]);
            for (const f of found) outline(copy, args.width, args.height, f.box, [255, 0, 255]);
            writePng(
              path.join(args.dump, `${scene}-${light}-s${seed}-${i}.png`),
              copy,
              args.width,
              args.height,
            );
            writePng(
              path.join(args.dump, `${scene}-${light}-s${seed}-${i}-raw.png`),
              frame.data,
              args.width,
              args.height,
            );
          }
        }
      }
      const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)} %` : '–');
      rows.push(
        `| ${scene} ${light} | ${args.width}x${args.height} | ${pct(t.largeFound, t.large)} of ${t.large} (${t.minH}–${t.maxH} px) | ${pct(t.allFound, t.all)} of ${t.all} | ${pct(t.trueDetections, t.detections)} of ${t.detections} | ${t.onCars} | ${(t.renderMs / t.frames).toFixed(2)} ms |`,
      );
    }
  console.log(
    `Simulator people vs MoveNet multipose lightning (score ≥ ${SCORE}, IoU ≥ ${IOU}); ${args.frames} frames × seeds ${args.seeds.join(',')}; detector ${(detectMs / detectRuns).toFixed(0)} ms/frame`,
  );
  console.log(
    `| scene | size | recall, ≥ ${MIN_HEIGHT} px uncut | recall, all visible | precision | detections on cars | render ms/frame |`,
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
}

await main();
