// MoveNet MultiPose as an ONNX graph, converted in memory from the TensorFlow.js graph model kept in
// `server/models/movenet-multipose/` (model.json + weight shard), for ONNX Runtime's native CPU backend
// (onnxruntime-node). Only the network up to its six raw heads is converted — the heads are decoded in JavaScript
// (movenet-decode.ts) — so only the operations on that path are known here: the input's cast and normalisation
// (Cast, Sub, Mul), _FusedConv2D and (Fused)DepthwiseConv2dNative with BiasAdd and Relu/Relu6, AddV2, and the
// FPN's ×2 ResizeBilinear (whose size is computed from the input's Shape). Anything else on that path throws, so
// a different model file cannot be half converted.
//
// TensorFlow.js runs NHWC; the ONNX graph runs NCHW: the input is transposed once after its cast, the weights are
// transposed here, and each head is transposed back, so the heads come out exactly as TensorFlow.js gives them
// ([1, rows, cols, channels]). float16-stored weights are widened to float32, as TensorFlow.js does on load.
// The ONNX bytes are written by the small protobuf encoder below (the few ONNX messages a graph needs), so no
// file is generated or kept: the session is created from the bytes each time the detector loads (≈ 19 MB, tens
// of milliseconds).

/** The parts of a TensorFlow.js graph model's model.json that the conversion reads. */
export interface TfjsGraphModel {
  modelTopology: { node: TfjsNode[] };
  weightsManifest: { paths: string[]; weights: TfjsWeightSpec[] }[];
}

interface TfjsNode {
  name: string;
  op: string;
  input?: string[];
  attr?: Record<string, TfjsAttr>;
}

interface TfjsAttr {
  s?: string;
  i?: string;
  f?: number;
  b?: boolean;
  list?: { s?: string[]; i?: string[] };
}

interface TfjsWeightSpec {
  name: string;
  shape: number[];
  dtype: string;
  quantization?: { dtype: string; original_dtype?: string; scale?: number; min?: number };
}

interface Weight {
  shape: number[];
  dtype: 'float32' | 'int32';
  values: Float32Array | Int32Array;
}

// ---------------------------------------------------------------------------------------------------------------
// Weights

let halfTable: Float32Array | null = null;

/** float16 bits → their float32 value, for all 65,536 patterns (read per weight, millions of times). */
const halves = (): Float32Array => {
  if (halfTable) return halfTable;
  halfTable = new Float32Array(65536);
  for (let bits = 0; bits < 65536; bits++) {
    const sign = bits & 0x8000 ? -1 : 1;
    const exponent = (bits >> 10) & 0x1f;
    const fraction = bits & 0x3ff;
    halfTable[bits] =
      exponent === 0
        ? sign * 2 ** -14 * (fraction / 1024)
        : exponent === 0x1f
          ? fraction
            ? NaN
            : sign * Infinity
          : sign * 2 ** (exponent - 15) * (1 + fraction / 1024);
  }
  return halfTable;
};

/** The weights of the manifest, read from the concatenated shard bytes in manifest order. */
export function readTfjsWeights(model: TfjsGraphModel, data: Uint8Array): Map<string, Weight> {
  const weights = new Map<string, Weight>();
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  let offset = 0;
  for (const spec of model.weightsManifest.flatMap((group) => group.weights)) {
    const count = spec.shape.reduce((a, b) => a * b, 1);
    const q = spec.quantization;
    if (spec.dtype === 'int32' && !q) {
      const values = new Int32Array(count);
      for (let i = 0; i < count; i++) values[i] = view.getInt32(offset + i * 4, true);
      weights.set(spec.name, { shape: spec.shape, dtype: 'int32', values });
      offset += count * 4;
    } else if (spec.dtype === 'float32' && !q) {
      const values = new Float32Array(count);
      for (let i = 0; i < count; i++) values[i] = view.getFloat32(offset + i * 4, true);
      weights.set(spec.name, { shape: spec.shape, dtype: 'float32', values });
      offset += count * 4;
    } else if (spec.dtype === 'float32' && q?.dtype === 'float16') {
      const table = halves();
      const values = new Float32Array(count);
      for (let i = 0; i < count; i++) values[i] = table[view.getUint16(offset + i * 2, true)]!;
      weights.set(spec.name, { shape: spec.shape, dtype: 'float32', values });
      offset += count * 2;
    } else if (spec.dtype === 'float32' && (q?.dtype === 'uint8' || q?.dtype === 'uint16')) {
      const bytes = q.dtype === 'uint8' ? 1 : 2;
      const values = new Float32Array(count);
      for (let i = 0; i < count; i++) {
        const v = bytes === 1 ? view.getUint8(offset + i) : view.getUint16(offset + i * 2, true);
        values[i] = v * q.scale! + q.min!;
      }
      weights.set(spec.name, { shape: spec.shape, dtype: 'float32', values });
      offset += count * bytes;
    } else {
      throw new Error(`weight ${spec.name}: dtype ${spec.dtype} ${JSON.stringify(q)} not supported`);
    }
  }
  if (offset !== data.byteLength) throw new Error(`weights: read ${offset} bytes of ${data.byteLength}`);
  return weights;
}

// ---------------------------------------------------------------------------------------------------------------
// The few ONNX protobuf messages a graph needs (onnx.proto field numbers), written by hand.

class ProtoWriter {
  private chunks: Uint8Array[] = [];
  private length = 0;

  private push(bytes: Uint8Array) {
    this.chunks.push(bytes);
    this.length += bytes.length;
  }

  private varint(value: number | bigint) {
    let v = BigInt.asUintN(64, BigInt(value));
    const out: number[] = [];
    while (v > 0x7fn) {
      out.push(Number(v & 0x7fn) | 0x80);
      v >>= 7n;
    }
    out.push(Number(v));
    this.push(Uint8Array.from(out));
  }

  private tag(field: number, wire: number) {
    this.varint((field << 3) | wire);
  }

  int(field: number, value: number | bigint) {
    this.tag(field, 0);
    this.varint(value);
    return this;
  }

  float(field: number, value: number) {
    this.tag(field, 5);
    const bytes = new Uint8Array(4);
    new DataView(bytes.buffer).setFloat32(0, value, true);
    this.push(bytes);
    return this;
  }

  bytes(field: number, value: Uint8Array) {
    this.tag(field, 2);
    this.varint(value.length);
    this.push(value);
    return this;
  }

  string(field: number, value: string) {
    return this.bytes(field, new TextEncoder().encode(value));
  }

  message(field: number, build: (w: ProtoWriter) => void) {
    const inner = new ProtoWriter();
    build(inner);
    return this.bytes(field, inner.finish());
  }

  finish(): Uint8Array {
    const out = new Uint8Array(this.length);
    let at = 0;
    for (const chunk of this.chunks) {
      out.set(chunk, at);
      at += chunk.length;
    }
    return out;
  }
}

/** onnx.proto TensorProto.DataType */
const ONNX_FLOAT = 1;
const ONNX_INT32 = 6;

type AttrValue = number | string | number[] | { floats: number[] };

interface OnnxNode {
  op: string;
  inputs: string[];
  outputs: string[];
  name: string;
  attrs?: Record<string, AttrValue>;
}

interface OnnxInitializer {
  name: string;
  dims: number[];
  type: number;
  raw: Uint8Array;
}

function writeAttribute(w: ProtoWriter, name: string, value: AttrValue) {
  w.string(1, name);
  if (typeof value === 'string') w.bytes(4, new TextEncoder().encode(value)).int(20, 3);
  else if (typeof value === 'number') w.int(3, value).int(20, 2);
  else if (Array.isArray(value)) {
    for (const v of value) w.int(8, v);
    w.int(20, 7);
  } else {
    for (const v of value.floats) w.float(7, v);
    w.int(20, 6);
  }
}

function writeValueInfo(w: ProtoWriter, name: string, elemType: number, dims: (number | string)[]) {
  w.string(1, name);
  w.message(2, (type) =>
    type.message(1, (tensor) => {
      tensor.int(1, elemType);
      tensor.message(2, (shape) => {
        for (const d of dims)
          shape.message(1, (dim) => (typeof d === 'number' ? dim.int(1, d) : dim.string(2, d)));
      });
    }),
  );
}

function writeModel(graph: {
  nodes: OnnxNode[];
  initializers: OnnxInitializer[];
  input: { name: string; type: number; dims: (number | string)[] };
  outputs: { name: string; dims: (number | string)[] }[];
}): Uint8Array {
  const model = new ProtoWriter();
  model.int(1, 8); // ir_version 8
  model.string(2, 'camwatch tfjs-to-onnx');
  model.message(7, (g) => {
    for (const node of graph.nodes)
      g.message(1, (n) => {
        for (const input of node.inputs) n.string(1, input);
        for (const output of node.outputs) n.string(2, output);
        n.string(3, node.name);
        n.string(4, node.op);
        for (const [name, value] of Object.entries(node.attrs ?? {}))
          n.message(5, (a) => writeAttribute(a, name, value));
      });
    g.string(2, 'movenet_multipose_heads');
    for (const init of graph.initializers)
      g.message(5, (t) => {
        for (const d of init.dims) t.int(1, d);
        t.int(2, init.type);
        t.string(8, init.name);
        t.bytes(9, init.raw);
      });
    g.message(11, (v) => writeValueInfo(v, graph.input.name, graph.input.type, graph.input.dims));
    for (const output of graph.outputs)
      g.message(12, (v) => writeValueInfo(v, output.name, ONNX_FLOAT, output.dims));
  });
  model.message(8, (o) => o.string(1, '').int(2, 13)); // opset 13, default domain
  return model.finish();
}

// ---------------------------------------------------------------------------------------------------------------
// The conversion

const decode64 = (s: string | undefined): string => (s ? Buffer.from(s, 'base64').toString('latin1') : '');
const clean = (input: string): string => input.replace(/^\^/, '').replace(/:0$/, '');

/** A TensorFlow 4-D [kh, kw, in, out] convolution kernel as ONNX's [out, in, kh, kw]. */
function convKernel(w: Weight): { dims: number[]; values: Float32Array } {
  const [kh, kw, cin, cout] = w.shape as [number, number, number, number];
  const out = new Float32Array(w.values.length);
  for (let y = 0; y < kh; y++)
    for (let x = 0; x < kw; x++)
      for (let i = 0; i < cin; i++)
        for (let o = 0; o < cout; o++)
          out[((o * cin + i) * kh + y) * kw + x] = w.values[((y * kw + x) * cin + i) * cout + o]!;
  return { dims: [cout, cin, kh, kw], values: out };
}

/** A TensorFlow depthwise kernel [kh, kw, in, multiplier] as ONNX's grouped [in × multiplier, 1, kh, kw]. */
function depthwiseKernel(w: Weight): { dims: number[]; values: Float32Array } {
  const [kh, kw, cin, mult] = w.shape as [number, number, number, number];
  const out = new Float32Array(w.values.length);
  for (let y = 0; y < kh; y++)
    for (let x = 0; x < kw; x++)
      for (let i = 0; i < cin; i++)
        for (let m = 0; m < mult; m++)
          out[((i * mult + m) * kh + y) * kw + x] = w.values[((y * kw + x) * cin + i) * mult + m]!;
  return { dims: [cin * mult, 1, kh, kw], values: out };
}

const floatBytes = (values: Float32Array): Uint8Array => {
  const copy = Float32Array.from(values);
  return new Uint8Array(copy.buffer);
};

/**
 * Converts the graph model's path from its input to `heads` into an ONNX model (bytes of a ModelProto). The ONNX
 * graph's input is `input` (int32 [1, height, width, 3], as the TensorFlow.js model takes it); its outputs are
 * the heads, named as in the TensorFlow.js graph, each float32 [1, rows, cols, channels].
 */
export function convertMoveNetToOnnx(
  model: TfjsGraphModel,
  weightData: Uint8Array,
  heads: readonly string[],
  options: { ranges?: Record<string, [number, number]>; probe?: boolean } = {},
): Uint8Array {
  const weights = readTfjsWeights(model, weightData);
  const byName = new Map(model.modelTopology.node.map((node) => [node.name, node]));
  const order: TfjsNode[] = [];
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    const node = byName.get(name);
    if (!node) throw new Error(`graph: no node ${name}`);
    for (const input of node.input ?? []) visit(clean(input));
    order.push(node);
  };
  for (const head of heads) visit(head);

  const nodes: OnnxNode[] = [];
  const initializers: OnnxInitializer[] = [];
  const initialized = new Set<string>();
  /** Tensors that are NCHW activations in the ONNX graph (the rest are constants). */
  const activations = new Set<string>();
  let inputName = '';
  let count = 0;
  const fresh = (base: string) => `${base}__${++count}`;
  const addFloat = (name: string, dims: number[], values: Float32Array) => {
    if (initialized.has(name)) return name;
    initialized.add(name);
    initializers.push({ name, dims, type: ONNX_FLOAT, raw: floatBytes(values) });
    return name;
  };
  const weight = (name: string): Weight => {
    const w = weights.get(name);
    if (!w) throw new Error(`graph: constant ${name} has no weight`);
    return w;
  };
  const clipMin = addFloat('relu6_min', [], Float32Array.of(0));
  const clipMax = addFloat('relu6_max', [], Float32Array.of(6));

  /** A constant operand of an elementwise op with an NCHW activation: NHWC-broadcast shapes moved to NCHW. */
  const elementwiseConstant = (name: string): string => {
    const w = weight(name);
    if (w.dtype !== 'float32') throw new Error(`graph: ${name} is not float`);
    const size = w.values.length;
    const channelsLast = w.shape.length >= 1 && w.shape.slice(0, -1).every((d) => d === 1);
    if (size === 1) return addFloat(name, [], Float32Array.of(w.values[0]!));
    if (!channelsLast) throw new Error(`graph: constant ${name} of shape ${w.shape} not per channel`);
    return addFloat(name, [1, size, 1, 1], w.values as Float32Array);
  };

  const emitConv = (node: TfjsNode, depthwise: boolean) => {
    const attr = node.attr ?? {};
    if (decode64(attr.data_format?.s) !== 'NHWC' && attr.data_format)
      throw new Error(`${node.name}: not NHWC`);
    const [x, kernelName, biasName, ...rest] = (node.input ?? []).map(clean);
    if (rest.length) throw new Error(`${node.name}: ${rest.length} extra inputs`);
    const fused = (attr.fused_ops?.list?.s ?? []).map(decode64);
    const padding = decode64(attr.padding?.s);
    const strides = (attr.strides?.list?.i ?? ['1', '1', '1', '1']).map(Number);
    const dilations = (attr.dilations?.list?.i ?? ['1', '1', '1', '1']).map(Number);
    if (!activations.has(x!)) throw new Error(`${node.name}: input ${x} is not an activation`);
    const kernelWeight = weight(kernelName!);
    const kernel = depthwise ? depthwiseKernel(kernelWeight) : convKernel(kernelWeight);
    const kernelInit = addFloat(`${kernelName}__oihw`, kernel.dims, kernel.values);
    const inputs = [x!, kernelInit];
    const expected = biasName ? ['BiasAdd'] : [];
    if (fused[0] && fused[0] !== 'BiasAdd') throw new Error(`${node.name}: fused ${fused.join(',')}`);
    if (fused.length > 2 || (fused[1] && fused[1] !== 'Relu' && fused[1] !== 'Relu6'))
      throw new Error(`${node.name}: fused ${fused.join(',')}`);
    if (biasName) {
      if (fused[0] !== 'BiasAdd') throw new Error(`${node.name}: bias without BiasAdd`);
      const bias = weight(biasName);
      inputs.push(addFloat(biasName, [bias.values.length], bias.values as Float32Array));
    } else if (fused.length > expected.length) throw new Error(`${node.name}: fused ops without a bias`);
    const [kh, kw] = kernel.dims.slice(2) as [number, number];
    const attrs: Record<string, AttrValue> = {
      kernel_shape: [kh, kw],
      strides: [strides[1]!, strides[2]!],
      dilations: [dilations[1]!, dilations[2]!],
      group: depthwise ? kernel.dims[0]! : 1,
    };
    if (padding === 'SAME') {
      // TensorFlow's SAME puts the odd pixel of padding after, as ONNX's SAME_UPPER does.
      if (kh > 1 || kw > 1 || strides[1]! > 1 || strides[2]! > 1) attrs.auto_pad = 'SAME_UPPER';
    } else if (padding !== 'VALID') throw new Error(`${node.name}: padding ${padding}`);
    const activation = fused[1];
    const convOut = activation ? fresh(node.name) : node.name;
    nodes.push({ op: 'Conv', inputs, outputs: [convOut], name: node.name, attrs });
    if (activation === 'Relu')
      nodes.push({ op: 'Relu', inputs: [convOut], outputs: [node.name], name: `${node.name}/relu` });
    if (activation === 'Relu6')
      nodes.push({
        op: 'Clip',
        inputs: [convOut, clipMin, clipMax],
        outputs: [node.name],
        name: `${node.name}/relu6`,
      });
    activations.add(node.name);
  };

  /** Shape → StridedSlice [1:3] → Mul by a constant: the ×k size of an upsampling of the shape's own input. */
  const resizeScale = (sizeName: string, resized: string): [number, number] => {
    const mul = byName.get(sizeName);
    if (mul?.op !== 'Mul') throw new Error(`resize size ${sizeName} is not shape × factor`);
    const [sliceName, factorName] = (mul.input ?? []).map(clean);
    const slice = byName.get(sliceName!);
    const factor = weight(factorName!);
    if (slice?.op !== 'StridedSlice') throw new Error(`resize size ${sizeName}: no strided slice`);
    const [shapeName, beginName, endName, stepName] = (slice.input ?? []).map(clean);
    const shape = byName.get(shapeName!);
    const begin = weight(beginName!).values[0];
    const end = weight(endName!).values[0];
    const step = weight(stepName!).values[0];
    if (
      shape?.op !== 'Shape' ||
      clean(shape.input![0]!) !== resized ||
      begin !== 1 ||
      end !== 3 ||
      step !== 1
    )
      throw new Error(`resize size ${sizeName}: not the H, W of its input`);
    return [factor.values[0]!, factor.values[1]!];
  };

  for (const node of order) {
    const inputs = (node.input ?? []).map(clean);
    switch (node.op) {
      case 'Const':
      case 'Shape':
      case 'StridedSlice':
        break; // read where used
      case 'Placeholder': {
        if (inputName) throw new Error('graph: more than one input');
        inputName = node.name;
        break;
      }
      case 'Cast': {
        if (inputs[0] !== inputName) throw new Error(`${node.name}: only the input's cast is supported`);
        const floatInput = fresh('input_float');
        nodes.push({ op: 'Cast', inputs, outputs: [floatInput], name: node.name, attrs: { to: ONNX_FLOAT } });
        nodes.push({
          op: 'Transpose',
          inputs: [floatInput],
          outputs: [node.name],
          name: `${node.name}/nchw`,
          attrs: { perm: [0, 3, 1, 2] },
        });
        activations.add(node.name);
        break;
      }
      case 'Sub':
      case 'Mul':
      case 'AddV2':
      case 'Add': {
        if (node.op === 'Mul' && byName.get(inputs[0]!)?.op === 'StridedSlice') break; // a resize size
        const [a, b] = inputs as [string, string];
        const op = node.op === 'Sub' ? 'Sub' : node.op === 'Mul' ? 'Mul' : 'Add';
        const operand = (name: string) => (activations.has(name) ? name : elementwiseConstant(name));
        if (!activations.has(a) && !activations.has(b)) throw new Error(`${node.name}: constant arithmetic`);
        nodes.push({ op, inputs: [operand(a), operand(b)], outputs: [node.name], name: node.name });
        activations.add(node.name);
        break;
      }
      case '_FusedConv2D':
      case 'Conv2D':
        emitConv(node, false);
        break;
      case 'FusedDepthwiseConv2dNative':
      case 'DepthwiseConv2dNative':
        emitConv(node, true);
        break;
      case 'ResizeBilinear':
      case 'ResizeNearestNeighbor': {
        const [x, size] = inputs as [string, string];
        const attr = node.attr ?? {};
        if (attr.align_corners?.b) throw new Error(`${node.name}: align_corners not supported`);
        const halfPixel = Boolean(attr.half_pixel_centers?.b);
        const [sy, sx] = resizeScale(size, x);
        const scales = addFloat(`${node.name}/scales`, [4], Float32Array.of(1, 1, sy, sx));
        const bilinear = node.op === 'ResizeBilinear';
        nodes.push({
          op: 'Resize',
          inputs: [x, '', scales],
          outputs: [node.name],
          name: node.name,
          attrs: bilinear
            ? { mode: 'linear', coordinate_transformation_mode: halfPixel ? 'half_pixel' : 'asymmetric' }
            : {
                mode: 'nearest',
                coordinate_transformation_mode: halfPixel ? 'tf_half_pixel_for_nn' : 'asymmetric',
                nearest_mode: 'floor',
              },
        });
        activations.add(node.name);
        break;
      }
      default:
        throw new Error(`graph: operation ${node.op} (${node.name}) not supported`);
    }
  }

  const outputs = heads.map((head) => {
    const out = `${head}`;
    const nchw = `${head}__nchw`;
    // The head was emitted under its own name; rename it to its NCHW name and transpose back to NHWC.
    for (const node of nodes) {
      node.outputs = node.outputs.map((o) => (o === head ? nchw : o));
      node.inputs = node.inputs.map((i) => (i === head ? nchw : i));
    }
    nodes.push({
      op: 'Transpose',
      inputs: [nchw],
      outputs: [out],
      name: `${head}/nhwc`,
      attrs: { perm: [0, 2, 3, 1] },
    });
    return { name: out, dims: [1, 'rows', 'cols', `channels_${heads.indexOf(head)}`] };
  });
  if (!inputName) throw new Error('graph: no input');
  const final = options.ranges ? quantizeGraph(nodes, initializers, options.ranges) : { nodes, initializers };
  if (options.probe) {
    // Every activation a convolution reads, as an extra output (calibration).
    const probed = new Set<string>();
    for (const name of quantizedActivations(final.nodes)) probed.add(name);
    for (const name of probed) outputs.push({ name, dims: ['n', 'c', 'h', 'w'] });
  }
  return writeModel({
    nodes: final.nodes,
    initializers: final.initializers,
    input: { name: inputName, type: ONNX_INT32, dims: [1, 'height', 'width', 3] },
    outputs,
  });
}

/** The activations read in int8: every convolution's input, both sides of a sum, an upsampling's input. */
function quantizedActivations(nodes: OnnxNode[]): string[] {
  const produced = new Set(nodes.flatMap((n) => n.outputs));
  const names = new Set<string>();
  for (const node of nodes) {
    if (node.op === 'Conv' || node.op === 'Resize') names.add(node.inputs[0]!);
    if (node.op === 'Add') for (const i of node.inputs) if (produced.has(i)) names.add(i);
  }
  return [...names];
}

const ONNX_UINT8 = 2;
const ONNX_INT8 = 3;

/**
 * The graph in ONNX's QDQ form for int8 execution: every activation a convolution reads gets a QuantizeLinear →
 * DequantizeLinear pair (uint8, asymmetric, from its calibrated range), each kernel is stored as int8 per output
 * channel (symmetric) with a DequantizeLinear, each bias as int32 at the input scale × the channel's scale. ONNX
 * Runtime fuses DQ → Conv → Q into QLinearConv (u8s8, VNNI where the processor has it).
 */
function quantizeGraph(
  nodes: OnnxNode[],
  initializers: OnnxInitializer[],
  ranges: Record<string, [number, number]>,
): { nodes: OnnxNode[]; initializers: OnnxInitializer[] } {
  const inits = new Map(initializers.map((i) => [i.name, i]));
  const extra: OnnxInitializer[] = [];
  const floatsOf = (init: OnnxInitializer) =>
    new Float32Array(init.raw.buffer.slice(init.raw.byteOffset, init.raw.byteOffset + init.raw.byteLength));
  const scalar = (name: string, type: number, raw: Uint8Array) => {
    extra.push({ name, dims: [], type, raw });
    return name;
  };
  // Each quantized activation's scale and dequantized name; its Q → DQ pair goes right after its producer.
  const activationParams = new Map<string, { scale: number; dq: string }>();
  const producedAt = new Map<string, number>();
  nodes.forEach((node, i) => node.outputs.forEach((o) => producedAt.set(o, i)));
  const after = new Map<number, OnnxNode[]>();
  for (const name of quantizedActivations(nodes)) {
    const range = ranges[name];
    if (!range) throw new Error(`quantize: no calibrated range for ${name}`);
    const lo = Math.min(0, range[0]);
    const hi = Math.max(0, range[1]);
    const scale = Math.max(hi - lo, 1e-6) / 255;
    const zero = Math.min(255, Math.max(0, Math.round(-lo / scale)));
    const s = scalar(`${name}__scale`, ONNX_FLOAT, floatBytes(Float32Array.of(scale)));
    const z = scalar(`${name}__zero`, ONNX_UINT8, Uint8Array.of(zero));
    const q = `${name}__q`;
    const dq = `${name}__dq`;
    const at = producedAt.get(name) ?? -1;
    after.set(at, [
      ...(after.get(at) ?? []),
      { op: 'QuantizeLinear', inputs: [name, s, z], outputs: [q], name: q },
      { op: 'DequantizeLinear', inputs: [q, s, z], outputs: [dq], name: dq },
    ]);
    activationParams.set(name, { scale, dq });
  }
  // Each convolution's int8 kernel and int32 bias, dequantized right before it.
  const preludes = new Map<OnnxNode, OnnxNode[]>();
  for (const node of nodes) {
    if (node.op !== 'Conv') continue;
    const [x, w, b] = node.inputs as [string, string, string | undefined];
    const { scale: xScale, dq } = activationParams.get(x)!;
    const kernel = inits.get(w)!;
    const values = floatsOf(kernel);
    const channels = kernel.dims[0]!;
    const per = values.length / channels;
    const q = new Int8Array(values.length);
    const scales = new Float32Array(channels);
    for (let c = 0; c < channels; c++) {
      let max = 0;
      for (let i = 0; i < per; i++) max = Math.max(max, Math.abs(values[c * per + i]!));
      scales[c] = max > 0 ? max / 127 : 1;
      for (let i = 0; i < per; i++) q[c * per + i] = Math.round(values[c * per + i]! / scales[c]!);
    }
    const wq = `${w}__int8`;
    extra.push({ name: wq, dims: kernel.dims, type: ONNX_INT8, raw: new Uint8Array(q.buffer) });
    extra.push({ name: `${w}__scales`, dims: [channels], type: ONNX_FLOAT, raw: floatBytes(scales) });
    extra.push({ name: `${w}__zeros`, dims: [channels], type: ONNX_INT8, raw: new Uint8Array(channels) });
    const wdq = `${w}__dq`;
    const inputs = [dq, wdq];
    const prelude: OnnxNode[] = [
      {
        op: 'DequantizeLinear',
        inputs: [wq, `${w}__scales`, `${w}__zeros`],
        outputs: [wdq],
        name: wdq,
        attrs: { axis: 0 },
      },
    ];
    if (b) {
      const bias = floatsOf(inits.get(b)!);
      const bq = new Int32Array(channels);
      const bScales = new Float32Array(channels);
      for (let c = 0; c < channels; c++) {
        bScales[c] = xScale * scales[c]!;
        bq[c] = Math.round(bias[c]! / bScales[c]!);
      }
      const name = `${b}__${node.name}__int32`;
      extra.push({ name, dims: [channels], type: ONNX_INT32, raw: new Uint8Array(bq.buffer) });
      extra.push({ name: `${name}__scales`, dims: [channels], type: ONNX_FLOAT, raw: floatBytes(bScales) });
      extra.push({
        name: `${name}__zeros`,
        dims: [channels],
        type: ONNX_INT32,
        raw: new Uint8Array(new Int32Array(channels).buffer),
      });
      prelude.push({
        op: 'DequantizeLinear',
        inputs: [name, `${name}__scales`, `${name}__zeros`],
        outputs: [`${name}__dq`],
        name: `${name}__dq`,
        attrs: { axis: 0 },
      });
      inputs.push(`${name}__dq`);
    }
    preludes.set(node, prelude);
    node.inputs = inputs;
  }
  // Every other reader of a quantized activation reads its dequantized copy too (Add, Resize: fused as well).
  for (const node of nodes) {
    if (node.op === 'Conv') continue; // rewired above
    node.inputs = node.inputs.map((i) => activationParams.get(i)?.dq ?? i);
  }
  const out: OnnxNode[] = [...(after.get(-1) ?? [])];
  nodes.forEach((node, i) => {
    out.push(...(preludes.get(node) ?? []), node, ...(after.get(i) ?? []));
  });
  const used = new Set(out.flatMap((n) => n.inputs));
  return {
    nodes: out,
    initializers: [...initializers.filter((i) => used.has(i.name)), ...extra.filter((i) => used.has(i.name))],
  };
}
