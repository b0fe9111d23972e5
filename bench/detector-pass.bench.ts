// One MoveNet pass on each backend: ONNX Runtime's native CPU backend (onnxruntime-node, the graph converted from the
// vendored TensorFlow.js model), in float32 and in int8 (the engine's default: the calibrated QDQ graph), against
// TensorFlow.js on WebAssembly, all up to the raw heads and decoded in
// JavaScript (server/src/vision/movenet-decode.ts), on real pictures (the shared real clips), at the input sizes
// the engine uses (small crops up to the whole 480-wide picture). All run on the same picture one after the other,
// one thread each, so the machine's load touches both alike; the figures are CPU and wall ms per pass and the ratio.
// Usage: npm run bench -- detector-pass     or     node --import tsx bench/detector-pass.bench.ts
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeFrames } from '../server/src/vision/decode.ts';
import { decodeMoveNet } from '../server/src/vision/movenet-decode.ts';
import { loadMoveNet, paddedSide } from '../server/src/vision/person-detector.ts';
import { report, round1 } from './lib/video-fixtures.ts';

const CLIPS = ['classroom', 'store-aisle-detection', 'people-detection', 'worker-zone-detection'];
const WIDTHS = [128, 192, 320, 480];
/** Passes per picture and backend (the figure is their mean). */
const REPEAT = 3;

const FIXTURES = fileURLToPath(new URL('../server/test/fixtures/real-video/', import.meta.url));

export interface DetectorPassRow {
  width: number;
  inputPixels: number;
  passes: number;
  wasmCpuMs: number;
  onnxCpuMs: number;
  wasmWallMs: number;
  onnxWallMs: number;
  ratio: number;
  /** ONNX Runtime on the int8 graph (the engine's default), and float32 CPU over int8 CPU. */
  int8CpuMs: number;
  int8WallMs: number;
  int8Ratio: number;
}

const cpuMsSince = (start: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};

export async function benchDetectorPass(): Promise<{ rows: DetectorPassRow[]; load1: number[] }> {
  const runners = {
    wasm: await loadMoveNet('wasm'),
    onnx: await loadMoveNet('onnx', 'float'),
    int8: await loadMoveNet('onnx', 'int8'),
  };
  const loads: number[] = [os.loadavg()[0]!];
  const rows: DetectorPassRow[] = [];
  for (const width of WIDTHS) {
    const cpu = { wasm: 0, onnx: 0, int8: 0 };
    const wall = { wasm: 0, onnx: 0, int8: 0 };
    let passes = 0;
    let inputPixels = 0;
    for (const clip of CLIPS) {
      let warm = false;
      for await (const frame of decodeFrames(path.join(FIXTURES, `${clip}.mp4`), {
        fps: 1,
        maxWidth: width,
      })) {
        const inputW = paddedSide(frame.width);
        const inputH = paddedSide(frame.height);
        inputPixels = inputW * inputH;
        const input = new Int32Array(inputW * inputH * 3);
        for (let y = 0; y < frame.height; y++)
          input.set(frame.data.subarray(y * frame.width * 3, (y + 1) * frame.width * 3), y * inputW * 3);
        const pass = async (backend: keyof typeof runners) =>
          decodeMoveNet(await runners[backend].heads(input, inputH, inputW));
        if (!warm) {
          await pass('wasm');
          await pass('onnx');
          await pass('int8');
          warm = true;
        }
        for (let r = 0; r < REPEAT; r++)
          for (const backend of ['wasm', 'onnx', 'int8'] as const) {
            const start = process.cpuUsage();
            const t0 = performance.now();
            await pass(backend);
            wall[backend] += performance.now() - t0;
            cpu[backend] += cpuMsSince(start);
          }
        passes += REPEAT;
      }
    }
    loads.push(os.loadavg()[0]!);
    rows.push({
      width,
      inputPixels,
      passes,
      wasmCpuMs: round1(cpu.wasm / passes),
      onnxCpuMs: round1(cpu.onnx / passes),
      wasmWallMs: round1(wall.wasm / passes),
      onnxWallMs: round1(wall.onnx / passes),
      ratio: round1(cpu.wasm / cpu.onnx),
      int8CpuMs: round1(cpu.int8 / passes),
      int8WallMs: round1(wall.int8 / passes),
      int8Ratio: round1(cpu.onnx / cpu.int8),
    });
  }
  const load1 = loads.map(round1);
  report(
    'detector-pass (ms per MoveNet pass up to the heads + JS decode, real pictures, one thread each)',
    [
      'width',
      'input px',
      'passes',
      'WASM CPU',
      'ONNX CPU',
      'WASM wall',
      'ONNX wall',
      'CPU ratio',
      'ONNX int8 CPU',
      'int8 wall',
      'float/int8',
    ],
    rows.map((r) => [
      r.width,
      r.inputPixels,
      r.passes,
      r.wasmCpuMs,
      r.onnxCpuMs,
      r.wasmWallMs,
      r.onnxWallMs,
      r.ratio,
      r.int8CpuMs,
      r.int8WallMs,
      r.int8Ratio,
    ]),
    { rows, load1 },
  );
  return { rows, load1 };
}

export const detectorPassRows = ({ rows, load1 }: { rows: DetectorPassRow[]; load1: number[] }): string[] =>
  rows.map(
    (r) =>
      `| MoveNet pass at ${r.width} px wide (${r.inputPixels} input px), ${r.passes} passes on real pictures | WASM ${r.wasmCpuMs} ms CPU (${r.wasmWallMs} wall) | ONNX Runtime ${r.onnxCpuMs} ms CPU (${r.onnxWallMs} wall) | ${r.ratio}× | int8 ${r.int8CpuMs} ms CPU (${r.int8WallMs} wall), ${r.int8Ratio}× less than float | load ${load1.join(' → ')} |`,
  );

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of detectorPassRows(await benchDetectorPass())) console.log(line);
}
