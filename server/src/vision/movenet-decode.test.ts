import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import type * as TfCore from '@tensorflow/tfjs-core';
import { decodeFrames } from './decode.ts';
import { decodeMoveNet, MOVENET_HEADS } from './movenet-decode.ts';
import { loadRuntime, paddedSide } from './person-detector.ts';

const CLIP = fileURLToPath(new URL('../../test/fixtures/real-video/classroom.mp4', import.meta.url));

describe('decodeMoveNet', () => {
  it('answers what the model’s own post-processing answers, on real pictures', async () => {
    const { tf, model } = await loadRuntime();
    let people = 0;
    for await (const frame of decodeFrames(CLIP, { fps: 1, maxWidth: 320 })) {
      if (frame.t > 2) break;
      const inputW = paddedSide(frame.width);
      const inputH = paddedSide(frame.height);
      const input = new Int32Array(inputW * inputH * 3);
      for (let y = 0; y < frame.height; y++)
        input.set(frame.data.subarray(y * frame.width * 3, (y + 1) * frame.width * 3), y * inputW * 3);
      const tensor = tf.tensor4d(input, [1, inputH, inputW, 3], 'int32');
      const full = model.execute(tensor) as TfCore.Tensor;
      const expected = (await full.data()) as Float32Array;
      const heads = model.execute(tensor, [...MOVENET_HEADS]) as TfCore.Tensor[];
      const values = (await Promise.all(heads.map((h) => h.data()))) as Float32Array[];
      const answer = decodeMoveNet({
        rows: heads[0]!.shape[1]!,
        cols: heads[0]!.shape[2]!,
        center: values[0]!,
        boxScale: values[1]!,
        boxOffset: values[2]!,
        kptHeatmap: values[3]!,
        kptRegress: values[4]!,
        kptOffset: values[5]!,
      });
      [tensor, full, ...heads].forEach((t) => t.dispose());
      expect(answer).toHaveLength(6);
      answer.forEach((person, p) => {
        const want = expected.subarray(p * 56, p * 56 + 56);
        if (want[55]! < 0.15) return;
        people++;
        // Boxes and keypoint positions are the same numbers; scores agree closely.
        for (let i = 51; i < 55; i++) expect(person[i]).toBeCloseTo(want[i]!, 5);
        for (let k = 0; k < 17; k++) {
          expect(person[k * 3]).toBeCloseTo(want[k * 3]!, 5);
          expect(person[k * 3 + 1]).toBeCloseTo(want[k * 3 + 1]!, 5);
          expect(Math.abs(person[k * 3 + 2]! - want[k * 3 + 2]!)).toBeLessThan(0.2);
        }
        expect(Math.abs(person[55]! - want[55]!)).toBeLessThan(0.01);
      });
    }
    // The classroom's pupils are found (3–4 in every picture).
    expect(people).toBeGreaterThanOrEqual(6);
  }, 60_000);
});
