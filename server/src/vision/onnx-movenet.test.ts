import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { decodeFrames } from './decode.ts';
import { decodeMoveNet, type MoveNetHeads } from './movenet-decode.ts';
import { convertMoveNetToOnnx, readTfjsWeights, type TfjsGraphModel } from './onnx-movenet.ts';
import { int8Ranges, moveNetOnnxBytes } from './onnx-movenet-runner.ts';
import { loadMoveNet, MODEL_DIR, paddedSide, PersonDetector } from './person-detector.ts';
import type { NormBox } from './types.ts';

const fixture = (name: string) =>
  fileURLToPath(new URL(`../../test/fixtures/real-video/${name}.mp4`, import.meta.url));
const CLIPS = ['classroom', 'people-detection'].map(fixture);
/** Real clips not among the int8 calibration's pictures (bench/calibrate-movenet-int8.ts). */
const HELD_OUT = ['face-demographics-walking', 'worker-zone-detection', 'person-bicycle-car-detection'];
const HEADS: (keyof Omit<MoveNetHeads, 'rows' | 'cols'>)[] = [
  'center',
  'boxScale',
  'boxOffset',
  'kptHeatmap',
  'kptRegress',
  'kptOffset',
];

async function* realInputs() {
  for (const [clip, maxWidth] of [
    [CLIPS[0]!, 320],
    [CLIPS[1]!, 160],
  ] as const)
    for await (const frame of decodeFrames(clip, { fps: 1, maxWidth })) {
      if (frame.t > 1.5) break;
      const inputW = paddedSide(frame.width);
      const inputH = paddedSide(frame.height);
      const input = new Int32Array(inputW * inputH * 3);
      for (let y = 0; y < frame.height; y++)
        input.set(frame.data.subarray(y * frame.width * 3, (y + 1) * frame.width * 3), y * inputW * 3);
      yield { frame, input, inputW, inputH };
    }
}

describe('MoveNet on ONNX Runtime (the graph converted from the TensorFlow.js model)', () => {
  it('gives the raw heads TensorFlow.js gives, and so the same people, on real pictures', async () => {
    const onnx = await loadMoveNet('onnx', 'float');
    const wasm = await loadMoveNet('wasm');
    expect(onnx.backend).toBe('onnx');
    let pictures = 0;
    let people = 0;
    for await (const { input, inputW, inputH } of realInputs()) {
      const got = await onnx.heads(input, inputH, inputW);
      const want = await wasm.heads(input, inputH, inputW);
      expect([got.rows, got.cols]).toEqual([inputH / 4, inputW / 4]);
      expect([got.rows, got.cols]).toEqual([want.rows, want.cols]);
      for (const head of HEADS) {
        expect(got[head].length).toBe(want[head].length);
        let worst = 0;
        for (let i = 0; i < want[head].length; i++)
          worst = Math.max(worst, Math.abs(got[head][i]! - want[head][i]!) / (1 + Math.abs(want[head][i]!)));
        expect(worst, head).toBeLessThan(1e-4);
      }
      const gotPeople = decodeMoveNet(got);
      const wantPeople = decodeMoveNet(want);
      wantPeople.forEach((person, p) => {
        if (person[55]! < 0.15) return;
        people++;
        // Box and score; keypoints within a thousandth of the input.
        for (let i = 0; i < 56; i++) expect(gotPeople[p]![i]!).toBeCloseTo(person[i]!, 3);
      });
      pictures++;
    }
    expect(pictures).toBeGreaterThanOrEqual(3);
    expect(people).toBeGreaterThan(2);
  }, 60_000);

  it('answers the detector’s detections on either backend alike', async () => {
    const onnx = await PersonDetector.load({}, 'onnx', 'float');
    const wasm = await PersonDetector.load({}, 'wasm');
    expect([onnx.backend, wasm.backend]).toEqual(['onnx', 'wasm']);
    for await (const { frame } of realInputs()) {
      const got = await onnx.detect(frame);
      const want = await wasm.detect(frame);
      expect(got.map((d) => d.score)).toHaveLength(want.length);
      got.forEach((d, i) => {
        expect(d.score).toBeCloseTo(want[i]!.score, 3);
        for (const key of ['x', 'y', 'w', 'h'] as const) expect(d.box[key]).toBeCloseTo(want[i]!.box[key], 3);
      });
    }
  }, 60_000);

  it('finds with the int8 graph the people the float graph finds, on real clips kept out of its calibration', async () => {
    const float = await PersonDetector.load({}, 'onnx', 'float');
    const int8 = await PersonDetector.load({}, 'onnx', 'int8');
    const iou = (a: NormBox, b: NormBox) => {
      const w = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
      const h = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
      const inter = Math.max(0, w) * Math.max(0, h);
      return inter / (a.w * a.h + b.w * b.h - inter);
    };
    let people = 0;
    const overlaps: number[] = [];
    for (const name of HELD_OUT)
      for await (const frame of decodeFrames(fixture(name), { fps: 2, maxWidth: 320 })) {
        const want = (await float.detect(frame)).filter((d) => d.score >= 0.3);
        const got = await int8.detect(frame);
        for (const person of want) {
          people++;
          const best = Math.max(0, ...got.map((d) => iou(d.box, person.box)));
          overlaps.push(best);
          const match = got.find((d) => iou(d.box, person.box) === best);
          // Found in the same place with about the same confidence.
          expect(best, `${name} at ${frame.t} s`).toBeGreaterThan(0.6);
          expect(Math.abs(match!.score - person.score)).toBeLessThan(0.15);
        }
        // No one the float graph does not see at all (a weak extra is the tracker's to judge).
        for (const extra of got.filter((d) => d.score >= 0.5))
          expect(Math.max(0, ...want.map((d) => iou(d.box, extra.box)))).toBeGreaterThan(0.3);
      }
    expect(people).toBeGreaterThan(10);
    // It is the int8 graph: quantize/dequantize pairs around int8 kernels (ONNX Runtime fuses them to QLinearConv).
    const bytes = Buffer.from(
      moveNetOnnxBytes(MODEL_DIR, 'movenet-multipose.json', { ranges: int8Ranges(MODEL_DIR)! }),
    );
    expect(bytes.includes('QuantizeLinear')).toBe(true);
    expect(bytes.length).toBeLessThan(0.5 * moveNetOnnxBytes(MODEL_DIR, 'movenet-multipose.json').length);
    expect(overlaps.reduce((a, b) => a + b, 0) / overlaps.length).toBeGreaterThan(0.85);
  }, 120_000);

  it('refuses a graph with an operation it does not know, rather than half converting it', () => {
    const model: TfjsGraphModel = {
      modelTopology: {
        node: [
          { name: 'input', op: 'Placeholder' },
          { name: 'cast', op: 'Cast', input: ['input'] },
          { name: 'head', op: 'Softmax', input: ['cast'] },
        ],
      },
      weightsManifest: [{ paths: [], weights: [] }],
    };
    expect(() => convertMoveNetToOnnx(model, new Uint8Array(0), ['head'])).toThrow(/Softmax/);
  });

  it('reads float16-stored weights as TensorFlow.js widens them', () => {
    const model: TfjsGraphModel = {
      modelTopology: { node: [] },
      weightsManifest: [
        {
          paths: ['w.bin'],
          weights: [
            { name: 'h', shape: [4], dtype: 'float32', quantization: { dtype: 'float16' } },
            { name: 'i', shape: [1], dtype: 'int32' },
          ],
        },
      ],
    };
    // 1.0, -2.0, 0.5, 65504 (float16's largest), then int32 7.
    const bytes = Uint8Array.from([0x00, 0x3c, 0x00, 0xc0, 0x00, 0x38, 0xff, 0x7b, 7, 0, 0, 0]);
    const weights = readTfjsWeights(model, bytes);
    expect([...weights.get('h')!.values]).toEqual([1, -2, 0.5, 65504]);
    expect([...weights.get('i')!.values]).toEqual([7]);
    expect(() => readTfjsWeights(model, bytes.subarray(0, 10))).toThrow();
  });
});
