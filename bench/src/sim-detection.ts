// Does the person detector see the simulator's people? Renders frames of each simulated scene (day and
// night, several seeds) at the recorded size, takes them through the recording and analysis path (H.264 as the
// agent encodes it, decoded and scaled to the analysis width with ffmpeg's area filter, as the vision job
// decodes), runs the vision engine's PersonDetector (MoveNet MultiPose Lightning, tfjs WASM) on them and
// compares with the renderer's own ground truth:
//   recall     truth persons matched by a detection (score ≥ 0.3, IoU ≥ 0.3), for people ≥ 48 px tall in the
//              recording and not cut by the frame's edge, and for all visible people;
//   precision  detections (score ≥ 0.3) on a person (matched, or overlapping a truth person by IoU ≥ 0.1);
//   on cars    unmatched detections that overlap a car (IoU ≥ 0.3 or centre inside the car).
// Usage: node --import tsx bench/src/sim-detection.ts [--size 480x270] [--analysis-width 320,480]
//          [--frames 40] [--seeds 1,2,3] [--scenes street,shop] [--light day,night] [--raw] [--dump <dir>]
//          (--raw skips the H.264 round trip; --dump writes PNGs of the first frames with truth in green and
//          detections in magenta; an analysis width above the recorded one enlarges, which the vision job never does)
//        node --import tsx bench/src/sim-detection.ts --cost   (what one simulated camera costs at 2 fps: the
//          renderer's CPU ms per frame and ffmpeg's CPU for H.264 + a JPEG still per frame, at 320x180 and 480x270)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { SimRenderer, type Box, type RenderView } from '../../agent/src/sim/renderer.ts';
import type { SimScene } from '../../agent/src/source/source-spec.ts';
import { PersonDetector } from '../../server/src/vision/person-detector.ts';

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
  lights: string[];
  cost: boolean;
  analysisWidths: number[];
  raw: boolean;
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
    lights: (get('light') ?? 'day,night').split(','),
    cost: argv.includes('--cost'),
    analysisWidths: (get('analysis-width') ?? String(width)).split(',').map(Number),
    raw: argv.includes('--raw'),
  };
}

/**
 * The frames as the vision job sees them: through H.264 as the agent records (unless `raw`), decoded and scaled
 * to the analysis size with the area filter. Answers one RGB24 buffer per frame.
 */
function toAnalysis(
  frames: Buffer[],
  width: number,
  height: number,
  analysis: { width: number; height: number },
  raw: boolean,
): Buffer[] {
  const rawIn = ['-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${width}x${height}`, '-framerate', '2', '-i'];
  const scaleOut = [
    '-vf',
    `scale=${analysis.width}:${analysis.height}:flags=area,format=rgb24`,
    '-fps_mode',
    'passthrough',
    '-f',
    'rawvideo',
    '-',
  ];
  let decoded: Buffer;
  if (raw) {
    decoded = spawnSync('ffmpeg', ['-v', 'error', ...rawIn, '-', ...scaleOut], {
      input: Buffer.concat(frames),
      maxBuffer: 1 << 30,
    }).stdout;
  } else {
    const file = path.join(os.tmpdir(), `sim-detection-${process.pid}.mp4`);
    const encode = ['-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p'];
    spawnSync('ffmpeg', ['-v', 'error', '-y', ...rawIn, '-', ...encode, '-g', '2', file], {
      input: Buffer.concat(frames),
    });
    decoded = spawnSync('ffmpeg', ['-v', 'error', '-i', file, ...scaleOut], { maxBuffer: 1 << 30 }).stdout;
    fs.rmSync(file, { force: true });
  }
  const size = analysis.width * analysis.height * 3;
  if (decoded.length !== size * frames.length)
    throw new Error(`ffmpeg gave ${decoded.length / size} frames for ${frames.length}`);
  return frames.map((_, i) => decoded.subarray(i * size, (i + 1) * size));
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

/** CPU seconds of a shell's children, from bash's `times` (second line: children's user and system time). */
function childCpuSec(timesOutput: string): number {
  const line = timesOutput.trim().split('\n').at(-1) ?? '';
  return [...line.matchAll(/(\d+)m([\d.]+)s/g)].reduce((sum, m) => sum + Number(m[1]) * 60 + Number(m[2]), 0);
}

/**
 * One minute of a camera at 2 fps (120 frames, street and shop, day): the renderer's CPU ms per frame, and
 * the CPU ffmpeg spends encoding it as the agent does (H.264 veryfast/zerolatency, a keyframe every second,
 * plus a JPEG still per frame), per frame.
 */
function measureCost(): void {
  console.log('| size | scene | render CPU ms/frame | ffmpeg CPU ms/frame | 13 cameras at 2 fps |');
  console.log('|---|---|---|---|---|');
  for (const [width, height] of [
    [320, 180],
    [480, 270],
  ] as const)
    for (const scene of ['street', 'shop'] as const) {
      const renderer = new SimRenderer({ scene, seed: 1, tzOffsetMinutes: 540 }, width, height);
      renderer.render(NOON, home);
      const frames: Buffer[] = [];
      // CPU time, not wall time: on a busy machine the wall clock counts other processes' turns too.
      for (let i = 0; i < 240; i++) renderer.render(NOON - 600_000 + i * 500, home); // JIT warm-up
      const c0 = process.cpuUsage();
      for (let i = 0; i < 120; i++) frames.push(renderer.render(NOON + i * 500, home).data);
      const cpu = process.cpuUsage(c0);
      const renderMs = (cpu.user + cpu.system) / 1000 / frames.length;
      const ffmpeg = [
        'ffmpeg -hide_banner -loglevel error -f rawvideo -pix_fmt rgb24',
        `-s ${width}x${height} -framerate 2 -i -`,
        `-filter_complex "[0:v]split=2[rec][live];[live]format=yuvj420p[stills]"`,
        '-map "[rec]" -c:v libx264 -preset veryfast -tune zerolatency -pix_fmt yuv420p -g 2 -keyint_min 2 -f mp4 -y /dev/null',
        '-map "[stills]" -c:v mjpeg -qmin 5 -qmax 5 -f image2pipe -y /dev/null',
      ].join(' ');
      const run = spawnSync('bash', ['-c', `${ffmpeg}; times`], {
        input: Buffer.concat(frames),
        encoding: 'utf8',
      });
      const ffmpegMs = (childCpuSec(run.stdout) * 1000) / frames.length;
      const share = (13 * 2 * (renderMs + ffmpegMs)) / 1000;
      console.log(
        `| ${width}x${height} | ${scene} day | ${renderMs.toFixed(2)} ms | ${ffmpegMs.toFixed(1)} ms | ${(share * 100).toFixed(0)} % of one core |`,
      );
    }
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (args.cost) return measureCost();
  const detector = await PersonDetector.load({ minScore: SCORE });
  if (args.dump) fs.mkdirSync(args.dump, { recursive: true });
  const rows: string[] = [];
  let detectMs = 0;
  let detectRuns = 0;
  for (const analysisWidth of args.analysisWidths) {
    const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);
    const analysis = { width: even(analysisWidth), height: even((args.height * analysisWidth) / args.width) };
    for (const scene of args.scenes)
      for (const [light, start] of [
        ['day', NOON],
        ['night', NIGHT],
      ] as const) {
        if (!args.lights.includes(light)) continue;
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
          const frames = [];
          for (let i = 0; i < args.frames; i++) {
            const r0 = performance.now();
            frames.push(renderer.render(start + i * 7_300, home));
            t.renderMs += performance.now() - r0;
          }
          const pictures = toAnalysis(
            frames.map((f) => f.data),
            args.width,
            args.height,
            analysis,
            args.raw,
          );
          for (const [i, frame] of frames.entries()) {
            t.frames++;
            const d0 = performance.now();
            const detections = await detector.detect({ ...analysis, data: pictures[i]! });
            detectMs += performance.now() - d0;
            detectRuns++;
            // Boxes in recorded pixels, like the truth.
            const found = detections.map((d) => ({
              score: d.score,
              box: {
                x: d.box.x * args.width,
                y: d.box.y * args.height,
                w: d.box.w * args.width,
                h: d.box.h * args.height,
              },
            }));
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
              // A detection on someone whose truth box is only partly matched (two people merged) is still on
              // a person: true when it overlaps any person; on a car when it overlaps a car.
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
              const name = `${scene}-${light}-s${seed}-${i}-a${analysis.width}`;
              const copy = Buffer.from(frame.data);
              for (const p of frame.persons) outline(copy, args.width, args.height, p.box, [0, 255, 0]);
              for (const f of found) outline(copy, args.width, args.height, f.box, [255, 0, 255]);
              writePng(path.join(args.dump, `${name}.png`), copy, args.width, args.height);
              writePng(path.join(args.dump, `${name}-raw.png`), frame.data, args.width, args.height);
            }
          }
        }
        const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)} %` : '–');
        rows.push(
          `| ${scene} ${light} | ${args.width}x${args.height} → ${analysis.width}x${analysis.height}${args.raw ? ' (raw)' : ''} | ${pct(t.largeFound, t.large)} of ${t.large} (${t.minH}–${t.maxH} px) | ${pct(t.allFound, t.all)} of ${t.all} | ${pct(t.trueDetections, t.detections)} of ${t.detections} | ${t.onCars} | ${(t.renderMs / t.frames).toFixed(2)} ms |`,
        );
      }
  }
  console.log(
    `Simulator people vs the vision engine's PersonDetector (MoveNet MultiPose Lightning; score ≥ ${SCORE}, IoU ≥ ${IOU}); ${args.frames} frames 7.3 s apart × seeds ${args.seeds.join(',')}; detector ${(detectMs / detectRuns).toFixed(0)} ms/frame (wall)`,
  );
  console.log(
    `| scene | recorded → analysed | recall, ≥ ${MIN_HEIGHT} px uncut | recall, all visible | precision | detections on cars | render ms/frame (wall) |`,
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
}

await main();
