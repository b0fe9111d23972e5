// MoveNet's six raw heads computed by ONNX Runtime's native CPU backend (onnxruntime-node), from the ONNX graph
// converted in memory from the vendored TensorFlow.js model (onnx-movenet.ts). The package ships its Linux x64
// (and arm64, macOS, Windows) CPU binary inside the npm tarball (bin/napi-v6/<platform>/<arch>); its install script,
// which would fetch CUDA libraries, is not run (root package.json `allowScripts`), and nothing is downloaded at
// run time. One thread per pass, no spinning: CPU seconds per camera-hour are what an analysis node pays.
import fs from 'node:fs';
import path from 'node:path';
import type * as OrtModule from 'onnxruntime-node';
import type { MoveNetHeads } from './movenet-decode.ts';
import { MOVENET_HEADS } from './movenet-decode.ts';
import { convertMoveNetToOnnx, type TfjsGraphModel } from './onnx-movenet.ts';

type Ort = typeof OrtModule;
type Session = Awaited<ReturnType<Ort['InferenceSession']['create']>>;

/** Runs the network on one padded picture ([1, height, width, 3] RGB values 0..255) up to its raw heads. */
export interface MoveNetRunner {
  readonly backend: 'onnx' | 'wasm';
  heads(input: Int32Array, inputH: number, inputW: number): Promise<MoveNetHeads>;
}

/** The calibrated activation ranges of the int8 graph, beside the weights (bench/calibrate-movenet-int8.ts). */
export const INT8_RANGES_FILE = 'int8-ranges.json';

export type DetectorPrecision = 'int8' | 'float';

/** The activation ranges for the int8 graph, or null when the model directory has none. */
export function int8Ranges(modelDir: string): Record<string, [number, number]> | null {
  const file = path.join(modelDir, INT8_RANGES_FILE);
  if (!fs.existsSync(file)) return null;
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { ranges: Record<string, [number, number]> }).ranges;
}

/** The ONNX model's bytes, converted from the TensorFlow.js graph model in `modelDir`. */
export function moveNetOnnxBytes(
  modelDir: string,
  modelFile: string,
  options: { ranges?: Record<string, [number, number]>; probe?: boolean } = {},
): Uint8Array {
  const json = JSON.parse(fs.readFileSync(path.join(modelDir, modelFile), 'utf8')) as TfjsGraphModel;
  const weights = Buffer.concat(
    json.weightsManifest.flatMap((group) =>
      group.paths.map((file) => fs.readFileSync(path.join(modelDir, path.basename(file)))),
    ),
  );
  return convertMoveNetToOnnx(json, weights, MOVENET_HEADS, options);
}

/** Loads onnxruntime-node and a session of the converted model; throws when the native binary cannot load. */
export async function loadOnnxRunner(
  modelDir: string,
  modelFile: string,
  precision: DetectorPrecision = 'int8',
): Promise<MoveNetRunner> {
  const ort = (await import('onnxruntime-node')) as Ort;
  const ranges = precision === 'int8' ? int8Ranges(modelDir) : null;
  if (precision === 'int8' && !ranges)
    throw new Error(`int8 detector: no ${INT8_RANGES_FILE} in ${modelDir}`);
  const bytes = moveNetOnnxBytes(modelDir, modelFile, ranges ? { ranges } : {});
  const session: Session = await ort.InferenceSession.create(bytes, {
    executionProviders: ['cpu'],
    intraOpNumThreads: 1,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
    logSeverityLevel: 3,
    extra: { session: { intra_op: { allow_spinning: '0' }, inter_op: { allow_spinning: '0' } } },
  });
  const inputName = session.inputNames[0]!;
  return {
    backend: 'onnx',
    async heads(input, inputH, inputW) {
      const out = await session.run({ [inputName]: new ort.Tensor('int32', input, [1, inputH, inputW, 3]) });
      const values = MOVENET_HEADS.map((name) => {
        const tensor = out[name];
        if (!tensor) throw new Error(`ONNX MoveNet: no head ${name}`);
        return tensor;
      });
      const data = values.map((tensor) => tensor.data as Float32Array);
      return {
        rows: values[0]!.dims[1]!,
        cols: values[0]!.dims[2]!,
        center: data[0]!,
        boxScale: data[1]!,
        boxOffset: data[2]!,
        kptHeatmap: data[3]!,
        kptRegress: data[4]!,
        kptOffset: data[5]!,
      };
    },
  };
}

/**
 * Calibration of the int8 graph (bench/calibrate-movenet-int8.ts): the float graph run over the pictures with every
 * activation the int8 graph quantizes as an extra output; answers each one's smallest and largest value seen.
 */
export async function activationRanges(
  modelDir: string,
  modelFile: string,
  pictures: Iterable<{ input: Int32Array; inputH: number; inputW: number }>,
): Promise<Record<string, [number, number]>> {
  const ort = (await import('onnxruntime-node')) as Ort;
  const session = await ort.InferenceSession.create(moveNetOnnxBytes(modelDir, modelFile, { probe: true }), {
    executionProviders: ['cpu'],
    logSeverityLevel: 3,
  });
  const ranges: Record<string, [number, number]> = {};
  for (const { input, inputH, inputW } of pictures) {
    const out = await session.run({
      [session.inputNames[0]!]: new ort.Tensor('int32', input, [1, inputH, inputW, 3]),
    });
    for (const [name, tensor] of Object.entries(out)) {
      if ((MOVENET_HEADS as readonly string[]).includes(name)) continue;
      const range = (ranges[name] ??= [Infinity, -Infinity]);
      for (const v of tensor.data as Float32Array) {
        if (v < range[0]) range[0] = v;
        if (v > range[1]) range[1] = v;
      }
    }
  }
  await session.release();
  return ranges;
}
