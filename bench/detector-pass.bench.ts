// One MoveNet pass: the model's own post-processing graph against the raw heads decoded in JavaScript
// (server/src/vision/movenet-decode.ts), on real pictures (the shared real clips), at the input sizes the engine
// uses (small crops up to the whole 480-wide picture). Both ways run on the same picture one after the other, so
// the machine's load touches both alike; the figure is the CPU time per pass and their ratio.
// Usage: npm run bench -- detector-pass     or     node --import tsx bench/detector-pass.bench.ts
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeFrames } from '../server/src/vision/decode.ts';
import { decodeMoveNet, MOVENET_HEADS } from '../server/src/vision/movenet-decode.ts';
import { loadRuntime, paddedSide } from '../server/src/vision/person-detector.ts';
import { report, round1 } from './lib/video-fixtures.ts';

const CLIPS = ['classroom', 'store-aisle-detection', 'people-detection', 'worker-zone-detection'];
const WIDTHS = [128, 192, 320, 480];
/** What the bench uses of a TensorFlow.js tensor. */
interface Tensor {
  shape: number[];
  data(): Promise<unknown>;
  dispose(): void;
}

const FIXTURES = fileURLToPath(new URL('../server/test/fixtures/real-video/', import.meta.url));

export interface DetectorPassRow {
  width: number;
  inputPixels: number;
  passes: number;
  graphMs: number;
  headsMs: number;
  ratio: number;
}

const cpuMsSince = (start: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};

export async function benchDetectorPass(): Promise<{ rows: DetectorPassRow[]; load1: number }> {
  const { tf, model } = await loadRuntime();
  const rows: DetectorPassRow[] = [];
  for (const width of WIDTHS) {
    let graphMs = 0;
    let headsMs = 0;
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
        const tensor = tf.tensor4d(input, [1, inputH, inputW, 3], 'int32');
        const graph = async () => {
          const out = model.execute(tensor) as Tensor;
          await out.data();
          out.dispose();
        };
        const heads = async () => {
          const outs = model.execute(tensor, [...MOVENET_HEADS]) as Tensor[];
          const v = (await Promise.all(outs.map((o) => o.data()))) as Float32Array[];
          decodeMoveNet({
            rows: outs[0]!.shape[1]!,
            cols: outs[0]!.shape[2]!,
            center: v[0]!,
            boxScale: v[1]!,
            boxOffset: v[2]!,
            kptHeatmap: v[3]!,
            kptRegress: v[4]!,
            kptOffset: v[5]!,
          });
          outs.forEach((o) => o.dispose());
        };
        if (!warm) {
          await graph();
          await heads();
          warm = true;
        }
        let start = process.cpuUsage();
        await graph();
        graphMs += cpuMsSince(start);
        start = process.cpuUsage();
        await heads();
        headsMs += cpuMsSince(start);
        passes++;
        tensor.dispose();
      }
    }
    rows.push({
      width,
      inputPixels,
      passes,
      graphMs: round1(graphMs / passes),
      headsMs: round1(headsMs / passes),
      ratio: round1(graphMs / headsMs),
    });
  }
  const load1 = round1(os.loadavg()[0]!);
  report(
    'detector-pass (CPU ms per MoveNet pass, real pictures)',
    ['width', 'input px', 'passes', 'graph post-processing', 'heads + JS decode', 'ratio'],
    rows.map((r) => [r.width, r.inputPixels, r.passes, r.graphMs, r.headsMs, r.ratio]),
    { rows, load1 },
  );
  return { rows, load1 };
}

export const detectorPassRows = ({ rows, load1 }: { rows: DetectorPassRow[]; load1: number }): string[] =>
  rows.map(
    (r) =>
      `| MoveNet pass at ${r.width} px wide (${r.inputPixels} input px), ${r.passes} real pictures | ${r.graphMs} ms with the model's post-processing | ${r.headsMs} ms heads + JS decode | ${r.ratio}× | load ${load1} |`,
  );

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of detectorPassRows(await benchDetectorPass())) console.log(line);
}
