// @ts-check
/**
 * Converts the floor network's TensorFlow Lite file (model/README.md) into an ONNX model, in memory, so ONNX
 * Runtime's native CPU build can run it (decision 029). The usual converter (tf2onnx) is Python, which the
 * project does not install; this network is small and uses nine operators, all in TensorFlow Lite's old uint8
 * scheme (one scale and zero point per tensor), so this file reads the few flatbuffer tables it needs and writes
 * the ONNX protobuf by hand. Anything outside what this network uses throws: another file needs its own look first.
 *
 * **The converted network gives the interpreter's classes bit for bit**, not nearly: the WebAssembly interpreter
 * runs this file's operators on XNNPACK, and where ONNX Runtime's own quantised operator rounds differently, the
 * operator is written another way that rounds as XNNPACK does. That matters: one value in two thousand rounded
 * the other way at the first residual ADD (ties: XNNPACK rounds half up, ONNX Runtime half to even) changed 1.7 %
 * of a photo's classes by the end (decision 029 has the figures). So:
 * - CONV_2D, DEPTHWISE_CONV_2D: QLinearConv (both requantise in float32 and round half to even: the same bytes);
 *   CONV_2D's weights with zero point 0, which ONNX Runtime multiplies several times faster (zeroPointFreeWeights);
 * - ADD: a table of the 65,536 possible (a, b) pairs, worked out here with XNNPACK's fixed-point arithmetic and
 *   looked up (GatherElements);
 * - QUANTIZE: a table of 256, XNNPACK's formula (a multiplier of 8 fractional bits);
 * - AVERAGE_POOL_2D, RESIZE_BILINEAR: in float on the raw integers (exact: the weights are multiples of 1/64),
 *   nudged by less than half the smallest step so that rounding half to even rounds halves up;
 * - CONCATENATION, SPLIT: plain copies (the network never requantises in them);
 * - the last RESIZE_BILINEAR and ARG_MAX: `classesFromScores` below, in JavaScript, which skips the classes that
 *   cannot win a cell (the float resize of 32 classes to 512×512 was a third of a run).
 *
 * Layout: TensorFlow Lite is channels-last (NHWC), ONNX channels-first (NCHW). The graph takes the same NHWC uint8
 * input and transposes it once; weights are transposed here; ONNX Runtime moves its quantised convolutions back
 * to channels-last internally where its kernels want it.
 *
 * Plain JavaScript: the network's worker threads load `classesFromScores` from it (decision 018); the main thread
 * converts, once, and hands both threads the bytes.
 */

// ---------------------------------------------------------------------------------------------------------------
// Reading the TensorFlow Lite flatbuffer (schema.fbs of TensorFlow Lite; only the fields used below).

/** TensorFlow Lite's tensor types used by this network. */
const TFLITE_INT32 = 2;
const TFLITE_UINT8 = 3;

/** Builtin operator codes (schema.fbs BuiltinOperator). */
const OP = {
  ADD: 0,
  AVERAGE_POOL_2D: 1,
  CONCATENATION: 2,
  CONV_2D: 3,
  DEPTHWISE_CONV_2D: 4,
  RESIZE_BILINEAR: 23,
  SPLIT: 49,
  ARG_MAX: 56,
  QUANTIZE: 114,
};

/**
 * @typedef {{ shape: number[], type: number, data: Uint8Array | null, name: string, scale: number[], zeroPoint: number[] }} TfliteTensorInfo
 * @typedef {{ code: number, inputs: number[], outputs: number[], option(field: number, kind: 'int8' | 'uint8' | 'int32'): number | undefined }} TfliteOperator
 * @typedef {{ tensors: TfliteTensorInfo[], operators: TfliteOperator[], inputs: number[], outputs: number[] }} TfliteGraph
 */

/**
 * Reads the first subgraph of a .tflite file.
 * @param {Uint8Array} bytes
 * @returns {TfliteGraph}
 */
export function readTfliteGraph(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u32 = (/** @type {number} */ at) => view.getUint32(at, true);
  const i32 = (/** @type {number} */ at) => view.getInt32(at, true);
  /** A table at `at`: field(i) is the absolute offset of field i, or 0 when absent. */
  const table = (/** @type {number} */ at) => {
    const vtable = at - i32(at);
    const vtableBytes = view.getUint16(vtable, true);
    return (/** @type {number} */ field) => {
      if (4 + 2 * field >= vtableBytes) return 0;
      const offset = view.getUint16(vtable + 4 + 2 * field, true);
      return offset ? at + offset : 0;
    };
  };
  const follow = (/** @type {number} */ at) => at + u32(at);
  /** Offsets of a vector's elements of `width` bytes (4 for tables, which are then followed). */
  const elements = (/** @type {number} */ at, width = 4) => {
    if (!at) return [];
    const start = follow(at);
    return Array.from({ length: u32(start) }, (_, k) => start + 4 + width * k);
  };
  const int32s = (/** @type {number} */ at) => elements(at).map(i32);
  const floats = (/** @type {number} */ at) => elements(at).map((e) => view.getFloat32(e, true));
  const int64s = (/** @type {number} */ at) => elements(at, 8).map((e) => Number(view.getBigInt64(e, true)));
  const string = (/** @type {number} */ at) => {
    if (!at) return '';
    const start = follow(at);
    return new TextDecoder().decode(bytes.subarray(start + 4, start + 4 + u32(start)));
  };

  if (bytes.length < 8 || new TextDecoder().decode(bytes.subarray(4, 8)) !== 'TFL3') {
    throw new Error('not a TensorFlow Lite file (no TFL3 identifier)');
  }
  const model = table(follow(0));
  // OperatorCode: deprecated_builtin_code (0, int8), builtin_code (3, int32); the larger is the real one.
  const codes = elements(model(1)).map((at) => {
    const code = table(follow(at));
    return Math.max(code(0) ? view.getInt8(code(0)) : 0, code(3) ? i32(code(3)) : 0);
  });
  // Buffer: data (0, [ubyte]).
  const buffers = elements(model(4)).map((at) => {
    const buffer = table(follow(at));
    if (!buffer(0)) return null;
    const start = follow(buffer(0));
    return bytes.subarray(start + 4, start + 4 + u32(start));
  });
  const subgraphs = elements(model(2));
  if (subgraphs.length !== 1) throw new Error(`expected one subgraph, found ${subgraphs.length}`);
  const graph = table(follow(subgraphs[0]));
  // Tensor: shape (0), type (1), buffer (2), name (3), quantization (4: scale 2, zero_point 3).
  const tensors = elements(graph(0)).map((at) => {
    const tensor = table(follow(at));
    const quantization = tensor(4) ? table(follow(tensor(4))) : null;
    const data = tensor(2) ? buffers[u32(tensor(2))] : null;
    return {
      shape: int32s(tensor(0)),
      type: tensor(1) ? view.getInt8(tensor(1)) : 0,
      data: data && data.length ? data : null,
      name: string(tensor(3)),
      scale: quantization ? floats(quantization(2)) : [],
      zeroPoint: quantization ? int64s(quantization(3)) : [],
    };
  });
  // Operator: opcode_index (0), inputs (1), outputs (2), builtin_options (4).
  const operators = elements(graph(3)).map((at) => {
    const operator = table(follow(at));
    const options = operator(4) ? table(follow(operator(4))) : null;
    return {
      code: codes[operator(0) ? u32(operator(0)) : 0],
      inputs: int32s(operator(1)),
      outputs: int32s(operator(2)),
      option(/** @type {number} */ field, /** @type {'int8' | 'uint8' | 'int32'} */ kind) {
        const at = options?.(field);
        if (!at) return undefined;
        return kind === 'int8' ? view.getInt8(at) : kind === 'uint8' ? view.getUint8(at) : i32(at);
      },
    };
  });
  return { tensors, operators, inputs: int32s(graph(1)), outputs: int32s(graph(2)) };
}

// ---------------------------------------------------------------------------------------------------------------
// Writing the ONNX protobuf (onnx.proto3; only the fields used below).

/** Protobuf wire types. */
const VARINT = 0;
const FIXED32 = 5;
const LENGTH_DELIMITED = 2;

/** Bytes a varint of `value` (a non-negative integer below 2^53) takes. @param {number} value */
function varintLength(value) {
  let length = 1;
  for (let rest = value; rest >= 0x80; rest = Math.floor(rest / 0x80)) length++;
  return length;
}

/** Field kinds of a ProtoMessage (not wire types: a nested message is written from its own fields). */
const KIND_VARINT = 0;
const KIND_FLOAT = 1;
const KIND_BYTES = 2;
const KIND_ASCII = 3;
const KIND_MESSAGE = 4;

/**
 * A protobuf message, kept as its fields and written out once: each message knows its size as its fields are
 * added, so `finish` allocates the model's bytes once and writes every field, nested messages and weights
 * included, straight into them. (Writing each nested message into its own bytes and copying those into its parent
 * copied the 2.7 MB of weights three times and made ~20,000 small arrays: ~25 ms of the conversion, which the
 * network waits for before it can start.) A message is added to its parent once complete.
 */
class ProtoMessage {
  constructor() {
    /** @type {number[]} */
    this.keys = [];
    /** @type {number[]} */
    this.kinds = [];
    /** @type {Array<number | bigint | string | Uint8Array | ProtoMessage>} */
    this.values = [];
    /** Bytes the fields so far take. */
    this.size = 0;
  }

  /**
   * @param {number} field @param {number} wireType @param {number} kind
   * @param {number | bigint | string | Uint8Array | ProtoMessage} value @param {number} valueSize
   */
  add(field, wireType, kind, value, valueSize) {
    const key = (field << 3) | wireType;
    this.keys.push(key);
    this.kinds.push(kind);
    this.values.push(value);
    this.size += varintLength(key) + valueSize;
  }

  /** @param {number} field @param {number} value a non-negative integer, or a negative int64 (ten bytes) */
  int(field, value) {
    if (value < 0) this.add(field, VARINT, KIND_VARINT, BigInt.asUintN(64, BigInt(value)), 10);
    else this.add(field, VARINT, KIND_VARINT, value, varintLength(value));
  }

  /** @param {number} field @param {number} value */
  float(field, value) {
    this.add(field, FIXED32, KIND_FLOAT, value, 4);
  }

  /** @param {number} field @param {Uint8Array} bytes written as they are when the message is finished */
  bytes(field, bytes) {
    this.add(field, LENGTH_DELIMITED, KIND_BYTES, bytes, varintLength(bytes.length) + bytes.length);
  }

  /** @param {number} field @param {string} text */
  string(field, text) {
    // The graph's names are ASCII: their characters are their bytes.
    if (/^[\x00-\x7f]*$/.test(text)) this.add(field, LENGTH_DELIMITED, KIND_ASCII, text, varintLength(text.length) + text.length);
    else this.bytes(field, new TextEncoder().encode(text));
  }

  /** @param {number} field @param {ProtoMessage} message complete: its size is taken now */
  message(field, message) {
    this.add(field, LENGTH_DELIMITED, KIND_MESSAGE, message, varintLength(message.size) + message.size);
  }

  /** The message's bytes. */
  finish() {
    const out = new Uint8Array(this.size);
    const end = this.writeInto(out, 0);
    if (end !== out.length) throw new Error(`the ONNX writer wrote ${end} bytes of ${out.length}`);
    return out;
  }

  /** Writes the fields at `at`; returns where they end. @param {Uint8Array} out @param {number} at */
  writeInto(out, at) {
    const { keys, kinds, values } = this;
    for (let k = 0; k < keys.length; k++) {
      at = writeVarint(out, at, keys[k]);
      const value = values[k];
      switch (kinds[k]) {
        case KIND_VARINT:
          at = writeVarint(out, at, /** @type {number | bigint} */ (value));
          break;
        case KIND_FLOAT:
          new DataView(out.buffer, out.byteOffset + at, 4).setFloat32(0, /** @type {number} */ (value), true);
          at += 4;
          break;
        case KIND_BYTES: {
          const bytes = /** @type {Uint8Array} */ (value);
          at = writeVarint(out, at, bytes.length);
          out.set(bytes, at);
          at += bytes.length;
          break;
        }
        case KIND_ASCII: {
          const text = /** @type {string} */ (value);
          at = writeVarint(out, at, text.length);
          for (let i = 0; i < text.length; i++) out[at++] = text.charCodeAt(i);
          break;
        }
        case KIND_MESSAGE: {
          const message = /** @type {ProtoMessage} */ (value);
          at = writeVarint(out, at, message.size);
          at = message.writeInto(out, at);
          break;
        }
      }
    }
    return at;
  }
}

/**
 * Writes a varint at `at`; returns where it ends.
 * @param {Uint8Array} out @param {number} at @param {number | bigint} value a non-negative number, or a bigint of 64 bits
 */
function writeVarint(out, at, value) {
  if (typeof value === 'bigint') {
    let rest = value;
    while (rest >= 0x80n) {
      out[at++] = Number(rest & 0x7fn) | 0x80;
      rest >>= 7n;
    }
    out[at++] = Number(rest);
    return at;
  }
  let rest = value;
  while (rest >= 0x80) {
    out[at++] = (rest % 0x80) | 0x80;
    rest = Math.floor(rest / 0x80);
  }
  out[at++] = rest;
  return at;
}

/** ONNX TensorProto.DataType values. */
const ONNX_FLOAT = 1;
const ONNX_UINT8 = 2;
const ONNX_INT8 = 3;
const ONNX_INT32 = 6;
const ONNX_INT64 = 7;

/**
 * @typedef {{ name: string, dataType: number, dims: number[], raw: Uint8Array }} OnnxInitializer
 * @typedef {{ name: string, ints?: number[], int?: number, float?: number, string?: string }} OnnxAttribute
 * @typedef {{ opType: string, domain?: string, inputs: string[], outputs: string[], attributes?: OnnxAttribute[] }} OnnxNode
 */

/** @param {OnnxInitializer} tensor */
function tensorProto(tensor) {
  const proto = new ProtoMessage();
  for (const dim of tensor.dims) proto.int(1, dim);
  proto.int(2, tensor.dataType);
  proto.string(8, tensor.name);
  proto.bytes(9, tensor.raw);
  return proto;
}

/** @param {OnnxAttribute} attribute */
function attributeProto(attribute) {
  const proto = new ProtoMessage();
  proto.string(1, attribute.name);
  // AttributeProto.type: FLOAT 1, INT 2, STRING 3, INTS 7.
  if (attribute.ints) {
    for (const value of attribute.ints) proto.int(8, value);
    proto.int(20, 7);
  } else if (attribute.int !== undefined) {
    proto.int(3, attribute.int);
    proto.int(20, 2);
  } else if (attribute.float !== undefined) {
    proto.float(2, attribute.float);
    proto.int(20, 1);
  } else if (attribute.string !== undefined) {
    proto.string(4, attribute.string);
    proto.int(20, 3);
  }
  return proto;
}

/** @param {OnnxNode} node @param {number} index */
function nodeProto(node, index) {
  const proto = new ProtoMessage();
  for (const input of node.inputs) proto.string(1, input);
  for (const output of node.outputs) proto.string(2, output);
  proto.string(3, `${node.opType}_${index}`);
  proto.string(4, node.opType);
  for (const attribute of node.attributes ?? []) proto.message(5, attributeProto(attribute));
  if (node.domain) proto.string(7, node.domain);
  return proto;
}

/** ValueInfoProto of a tensor with a fixed shape. @param {string} name @param {number} elementType @param {number[]} dims */
function valueInfoProto(name, elementType, dims) {
  const shape = new ProtoMessage();
  for (const size of dims) {
    const dimension = new ProtoMessage();
    dimension.int(1, size);
    shape.message(1, dimension);
  }
  const tensorType = new ProtoMessage();
  tensorType.int(1, elementType);
  tensorType.message(2, shape);
  const type = new ProtoMessage();
  type.message(1, tensorType);
  const proto = new ProtoMessage();
  proto.string(1, name);
  proto.message(2, type);
  return proto;
}

// ---------------------------------------------------------------------------------------------------------------
// The conversion.

/** From channels-last to channels-first, and back. */
const NHWC_TO_NCHW = [0, 3, 1, 2];
const NCHW_TO_NHWC = [0, 2, 3, 1];

/**
 * A convolution's uint8 weights as int8 (shifted by 128: see the caller) in ONNX's order [O, I/group, kH, kW],
 * from TensorFlow Lite's conv [O, kH, kW, I] or depthwise [1, kH, kW, C]. Its own function: V8 optimises a small
 * loop, not one inside the long switch below.
 * @param {Uint8Array} data @param {number} outChannels @param {number} perGroupIn @param {number} kH @param {number} kW
 * @param {boolean} depthwise
 */
function convolutionWeights(data, outChannels, perGroupIn, kH, kW, depthwise) {
  const out = new Uint8Array(data.length);
  let to = 0;
  for (let o = 0; o < outChannels; o++) {
    for (let c = 0; c < perGroupIn; c++) {
      for (let ky = 0; ky < kH; ky++) {
        for (let kx = 0; kx < kW; kx++) {
          out[to++] = data[depthwise ? (ky * kW + kx) * outChannels + o : ((o * kH + ky) * kW + kx) * perGroupIn + c] ^ 0x80;
        }
      }
    }
  }
  return out;
}

/**
 * Convolutions given weights of zero point 0 read a multiple of this many input channels: measured on a 1×1
 * convolution at 256×256 (ONNX Runtime 1.30's AMX kernels on this processor), 32 -> 96 channels took ~5 ms over 32,
 * 36 or 40 input channels and 17-21 ms over 33 or 34.
 */
const CHANNEL_ALIGNMENT = 4;

/**
 * A (not depthwise) convolution's weights, over a multiple of CHANNEL_ALIGNMENT channels, as signed integers of zero
 * point 0, for the same sums. ONNX Runtime's integer convolution is ~4x slower when the weights' zero point is not 0
 * (it then sums every pixel's activations again for the correction): a 1×1 convolution at 256×256 took 24 of the
 * network's ~90 ms. Each weight w becomes w - z, which is mostly within int8; where it is not (this network has w - z
 * from -165 to 190), it is split into its int8 part and the rest, the rest weighing a second copy of its input
 * channel: the graph appends to the convolution's input a few of its own channels again (`copies`: windows of
 * CHANNEL_ALIGNMENT channels, so that the channel count stays a multiple of it; 1-3 channels need it per
 * convolution here), and Σ (x - zx)·(w - z) over the input is unchanged, integer for integer.
 * Returns the weights in ONNX's order [O, I + copied, kH, kW] (copied channels last, in `copies`' order) and the
 * first channel of each window.
 * @param {Uint8Array} data TensorFlow Lite's [O, kH, kW, I] @param {number} zeroPoint @param {number} outChannels
 * @param {number} inChannels @param {number} kH @param {number} kW
 */
export function zeroPointFreeWeights(data, zeroPoint, outChannels, inChannels, kH, kW) {
  const taps = kH * kW;
  // Input channels some weight of which is outside int8 (TensorFlow Lite's order: the channel is innermost).
  const needsCopy = new Uint8Array(inChannels);
  for (let k = 0; k < data.length; k++) {
    const value = data[k] - zeroPoint;
    if (value > 127 || value < -128) needsCopy[k % inChannels] = 1;
  }
  /** @type {number[]} */
  const copies = [];
  /** Each input channel's place among the appended copies, or -1. */
  const copyAt = new Int32Array(inChannels).fill(-1);
  for (let c = 0; c < inChannels; c++) {
    if (!needsCopy[c] || copyAt[c] >= 0) continue;
    const first = Math.max(0, Math.min(c, inChannels - CHANNEL_ALIGNMENT));
    for (let k = 0; k < CHANNEL_ALIGNMENT; k++) if (copyAt[first + k] < 0) copyAt[first + k] = inChannels + copies.length * CHANNEL_ALIGNMENT + k;
    copies.push(first);
  }
  const wide = inChannels + copies.length * CHANNEL_ALIGNMENT;
  const out = new Uint8Array(outChannels * wide * taps);
  for (let o = 0; o < outChannels; o++) {
    for (let t = 0; t < taps; t++) {
      for (let c = 0; c < inChannels; c++) {
        const value = data[(o * taps + t) * inChannels + c] - zeroPoint;
        const inRange = value > 127 ? 127 : value < -128 ? -128 : value;
        out[(o * wide + c) * taps + t] = inRange & 0xff;
        if (inRange !== value) out[(o * wide + copyAt[c]) * taps + t] = (value - inRange) & 0xff;
      }
    }
  }
  return { weights: out, wide, copies };
}

/** The unbiased exponent of a float32 (its bits 23-30 less 127). @param {number} value */
function float32Exponent(value) {
  const view = new DataView(new ArrayBuffer(4));
  view.setFloat32(0, value);
  return ((view.getUint32(0) >>> 23) & 0xff) - 127;
}

/** Rounds half to even, as C's lrintf does by default. @param {number} value */
function roundHalfToEven(value) {
  const floor = Math.floor(value);
  const fraction = value - floor;
  if (fraction !== 0.5) return Math.round(value);
  return floor % 2 === 0 ? floor : floor + 1;
}

/**
 * XNNPACK's uint8 ADD for every pair of inputs, its fixed-point arithmetic step by step: each input's scale over the
 * output's (float32) becomes an integer multiplier with 20 significant bits, the products and a bias are summed in
 * integers and shifted right, which rounds half up. Rounding the exact sum instead differs on one pair in about
 * 20,000 of the evaluation photos' (a value within 2e-6 of a half); 20 bits matched every pair seen (1.6 million
 * elements over 11 operators and 6 runs), 14-18 and 21-23 bits did not.
 * @param {{ scale: number, zeroPoint: number }} a @param {{ scale: number, zeroPoint: number }} b
 * @param {{ scale: number, zeroPoint: number }} sum
 */
export function addTable(a, b, sum) {
  const ratioA = Math.fround(Math.fround(a.scale) / Math.fround(sum.scale));
  const ratioB = Math.fround(Math.fround(b.scale) / Math.fround(sum.scale));
  const shift = 20 - float32Exponent(Math.max(ratioA, ratioB));
  // A power of two times a float32 is exact, so this is the float32 product C rounds.
  const multiplierA = roundHalfToEven(2 ** shift * ratioA);
  const multiplierB = roundHalfToEven(2 ** shift * ratioB);
  const bias = 2 ** (shift - 1) - multiplierA * a.zeroPoint - multiplierB * b.zeroPoint;
  const step = 2 ** shift;
  const table = new Uint8Array(256 * 256);
  for (let x = 0; x < 256; x++) {
    const partA = bias + x * multiplierA;
    for (let y = 0; y < 256; y++) {
      table[x * 256 + y] = Math.min(255, Math.max(0, Math.floor((partA + y * multiplierB) / step) + sum.zeroPoint));
    }
  }
  return table;
}

/**
 * XNNPACK's uint8 requantisation (its QUANTIZE from uint8 to uint8) for every input: a multiplier with 8 fractional
 * bits, rounded half up. Rounding the exact ratio instead differs on 1-16 of the 256 values of each of this
 * network's four QUANTIZE operators.
 * @param {{ scale: number, zeroPoint: number }} from @param {{ scale: number, zeroPoint: number }} to
 */
export function requantiseTable(from, to) {
  const table = new Uint8Array(256);
  const multiplier = Math.round((256 * from.scale) / to.scale);
  for (let x = 0; x < 256; x++) {
    table[x] = Math.min(255, Math.max(0, ((x - from.zeroPoint) * multiplier + to.zeroPoint * 256 + 128) >> 8));
  }
  return table;
}

/**
 * The network's last two operators, RESIZE_BILINEAR by a whole factor (TensorFlow Lite's legacy corners: source
 * pixel = output pixel / factor, the last row and column repeated) and ARG_MAX over the classes, on its uint8 scores
 * (channels-last). Each score is XNNPACK's: the exact bilinear value rounded half up; the class is the first of the
 * highest. Between four neighbouring score pixels every class's value lies between its lowest and highest corner,
 * so a class whose highest corner is below another's lowest never wins there: most cells have one candidate, and
 * most of those are known from each corner's first and second score alone (worked out once per score pixel, not
 * once per cell and class). On this network's scores ~9 ms a run, against ~20 ms comparing every class of every
 * cell's corners and ~48 ms for ONNX Runtime's float resize and ArgMax.
 * @param {Uint8Array} scores [height, width, classes]
 * @param {{ height: number, width: number, classes: number, factor: number }} shape
 * @returns {Uint8Array} one class per output pixel, (height·factor) × (width·factor)
 */
export function classesFromScores(scores, { height, width, classes, factor }) {
  const outWidth = width * factor;
  const out = new Uint8Array(height * factor * outWidth);
  const steps = factor * factor;
  const half = steps / 2;
  const candidates = new Int32Array(classes);
  const highest = new Int32Array(classes);
  const bestScore = new Int32Array(steps);
  const bestClass = new Uint8Array(steps);
  // Per score pixel, its first highest class and the highest score of the others: a cell whose four corners have the
  // same first class, scoring more at each than any other class scores at any, is that class throughout.
  const pixels = height * width;
  const topClass = new Uint8Array(pixels);
  const topScore = new Int32Array(pixels);
  const runnerUp = new Int32Array(pixels);
  for (let p = 0, at = 0; p < pixels; p++, at += classes) {
    let first = -1;
    let second = -1;
    let firstClass = 0;
    for (let c = 0; c < classes; c++) {
      const value = scores[at + c];
      if (value > first) {
        second = first;
        first = value;
        firstClass = c;
      } else if (value > second) {
        second = value;
      }
    }
    topClass[p] = firstClass;
    topScore[p] = first;
    runnerUp[p] = second;
  }
  for (let i = 0; i < height; i++) {
    const below = Math.min(i + 1, height - 1);
    for (let j = 0; j < width; j++) {
      const right = Math.min(j + 1, width - 1);
      const q00 = i * width + j;
      const q01 = i * width + right;
      const q10 = below * width + j;
      const q11 = below * width + right;
      const p00 = q00 * classes;
      const p01 = q01 * classes;
      const p10 = q10 * classes;
      const p11 = q11 * classes;
      const top = i * factor * outWidth + j * factor;
      const only = topClass[q00];
      if (
        topClass[q01] === only &&
        topClass[q10] === only &&
        topClass[q11] === only &&
        Math.min(Math.min(topScore[q00], topScore[q01]), Math.min(topScore[q10], topScore[q11])) >
          Math.max(Math.max(runnerUp[q00], runnerUp[q01]), Math.max(runnerUp[q10], runnerUp[q11]))
      ) {
        for (let dy = 0; dy < factor; dy++) {
          const row = top + dy * outWidth;
          for (let dx = 0; dx < factor; dx++) out[row + dx] = only;
        }
        continue;
      }
      let floorOfBest = -1;
      for (let c = 0; c < classes; c++) {
        const a = scores[p00 + c];
        const b = scores[p01 + c];
        const d = scores[p10 + c];
        const e = scores[p11 + c];
        const lowest = Math.min(Math.min(a, b), Math.min(d, e));
        highest[c] = Math.max(Math.max(a, b), Math.max(d, e));
        if (lowest > floorOfBest) floorOfBest = lowest;
      }
      let count = 0;
      for (let c = 0; c < classes; c++) {
        if (highest[c] >= floorOfBest) candidates[count++] = c;
      }
      if (count === 1) {
        for (let dy = 0; dy < factor; dy++) {
          const row = top + dy * outWidth;
          for (let dx = 0; dx < factor; dx++) out[row + dx] = candidates[0];
        }
        continue;
      }
      // Class by class (in order, so that the first of equal scores stays), every output pixel of the cell.
      bestScore.fill(-1);
      for (let k = 0; k < count; k++) {
        const c = candidates[k];
        const a = scores[p00 + c];
        const b = scores[p01 + c];
        const d = scores[p10 + c];
        const e = scores[p11 + c];
        for (let dy = 0, at = 0; dy < factor; dy++) {
          for (let dx = 0; dx < factor; dx++, at++) {
            const upper = (factor - dx) * a + dx * b;
            const lower = (factor - dx) * d + dx * e;
            // The score times factor², rounded half up to a whole score (non-negative: | 0 is the floor).
            const score = (((factor - dy) * upper + dy * lower + half) / steps) | 0;
            if (score > bestScore[at]) {
              bestScore[at] = score;
              bestClass[at] = c;
            }
          }
        }
      }
      for (let dy = 0, at = 0; dy < factor; dy++) {
        const row = top + dy * outWidth;
        for (let dx = 0; dx < factor; dx++, at++) out[row + dx] = bestClass[at];
      }
    }
  }
  return out;
}

/**
 * @typedef {{ height: number, width: number, classes: number, factor: number }} ClassesTail
 * @typedef {{ onnx: Uint8Array, inputName: string, inputShape: number[], scoresName: string, tail: ClassesTail }} ConvertedNetwork
 */

/**
 * Converts a uint8 TensorFlow Lite segmentation network (this project's floor model) to an ONNX model's bytes. The
 * ONNX model's input is the TensorFlow Lite input (uint8 NHWC, same name); its output is the scores before the last
 * resize, channels-last, for `classesFromScores` with `tail`.
 * @param {Uint8Array} tfliteBytes
 * @returns {ConvertedNetwork}
 */
export function convertTfliteToOnnx(tfliteBytes) {
  const graph = readTfliteGraph(tfliteBytes);
  const { tensors } = graph;
  /** @type {OnnxInitializer[]} */
  const initializers = [];
  /** @type {OnnxNode[]} */
  const nodes = [];
  /** ONNX names of the NCHW activations, by TensorFlow Lite tensor index. */
  const names = new Map();
  const constants = new Map();

  const tensorName = (/** @type {number} */ index) => `t${index}`;
  /** A scalar initializer, shared between nodes that need the same value. */
  const scalar = (/** @type {'float' | 'uint8' | 'int8' | 'int32'} */ kind, /** @type {number} */ value) => {
    const key = `${kind}:${value}`;
    let name = constants.get(key);
    if (!name) {
      name = `c${constants.size}`;
      constants.set(key, name);
      const raw =
        kind === 'float' ? new Uint8Array(Float32Array.of(value).buffer) : kind === 'int32' ? new Uint8Array(Int32Array.of(value).buffer) : Uint8Array.of(value & 0xff);
      const dataType = { float: ONNX_FLOAT, uint8: ONNX_UINT8, int8: ONNX_INT8, int32: ONNX_INT32 }[kind];
      initializers.push({ name, dataType, dims: [], raw });
    }
    return name;
  };
  /**
   * Adds a node, or, when the graph already has the same operator on the same inputs, uses that node's outputs for
   * this one's. ONNX Runtime removes such repeats itself (its common subexpression elimination, after sharing equal
   * small constants), but a graph it changes goes through all its level-1 optimisers a second time: ~7 ms of the ~48
   * ms of CPU a session takes to create, which each network thread pays before its first run.
   */
  const aliases = new Map();
  const nodesByKey = new Map();
  const addNode = (/** @type {OnnxNode} */ node) => {
    const inputs = node.inputs.map((input) => aliases.get(input) ?? input);
    const key = JSON.stringify([node.opType, node.domain ?? '', inputs, node.attributes ?? []]);
    const same = nodesByKey.get(key);
    if (same) {
      node.outputs.forEach((output, k) => aliases.set(output, same.outputs[k]));
      return;
    }
    const added = { ...node, inputs };
    nodes.push(added);
    nodesByKey.set(key, added);
  };
  /** A uint8 tensor's one scale and zero point. */
  const quantisationOf = (/** @type {number} */ index) => {
    const tensor = tensors[index];
    if (tensor.type !== TFLITE_UINT8 || tensor.scale.length !== 1 || tensor.zeroPoint.length !== 1) {
      throw new Error(`tensor ${index} (${tensor.name}) is not uint8 with one scale and zero point`);
    }
    return { scale: tensor.scale[0], zeroPoint: tensor.zeroPoint[0] };
  };
  /** The same, as the names of two initializers. */
  const quantisation = (/** @type {number} */ index) => {
    const { scale, zeroPoint } = quantisationOf(index);
    return [scalar('float', scale), scalar('uint8', zeroPoint)];
  };
  const sameQuantisation = (/** @type {number[]} */ indices) => {
    const [first, ...rest] = indices.map(quantisationOf);
    return rest.every((q) => q.scale === first.scale && q.zeroPoint === first.zeroPoint);
  };
  const activation = (/** @type {number} */ index) => {
    const name = names.get(index);
    if (!name) throw new Error(`tensor ${index} (${tensors[index].name}) is used before it is computed`);
    return name;
  };
  const produce = (/** @type {number} */ index) => {
    const name = tensorName(index);
    names.set(index, name);
    return name;
  };
  const constantInt32s = (/** @type {number} */ index) => {
    const tensor = tensors[index];
    if (tensor.type !== TFLITE_INT32 || !tensor.data) throw new Error(`tensor ${index} is not a constant int32 tensor`);
    const data = tensor.data;
    return Array.from({ length: data.length / 4 }, (_, k) => new DataView(data.buffer, data.byteOffset).getInt32(4 * k, true));
  };
  /** A 1-D int64 initializer, shared between nodes that need the same values (as `scalar`, for the same reason as `addNode`). */
  const int64Initializer = (/** @type {string} */ name, /** @type {number[]} */ values) => {
    const key = `int64:${values.join()}`;
    const shared = constants.get(key);
    if (shared) return shared;
    constants.set(key, name);
    initializers.push({ name, dataType: ONNX_INT64, dims: [values.length], raw: new Uint8Array(BigInt64Array.from(values.map(BigInt)).buffer) });
    return name;
  };
  /** Channels-last axis to channels-first. */
  const nchwAxis = (/** @type {number} */ axis, /** @type {number} */ rank) => {
    if (rank !== 4) throw new Error(`only 4-D tensors are converted, got rank ${rank}`);
    return NHWC_TO_NCHW.indexOf(axis < 0 ? axis + rank : axis);
  };
  /**
   * A fused activation the output's range does not already apply. With uint8 outputs whose zero point is 0,
   * RELU is the clamp at 0 every quantised kernel does when it saturates, so nothing is added.
   */
  const checkFusedActivation = (/** @type {number | undefined} */ fused, /** @type {number} */ output) => {
    const kind = fused ?? 0;
    if (kind === 0) return;
    if (kind === 1 && tensors[output].zeroPoint[0] === 0) return;
    throw new Error(`fused activation ${kind} on tensor ${output} is not implied by its quantisation`);
  };
  /** SAME or VALID padding for one spatial axis, as ONNX's begin and end pads (TensorFlow's SAME: the odd one at the end). */
  const pads = (/** @type {number} */ padding, /** @type {number} */ inSize, /** @type {number} */ kernel, /** @type {number} */ stride, /** @type {number} */ dilation) => {
    if (padding === 1) return [0, 0];
    const effective = (kernel - 1) * dilation + 1;
    const outSize = Math.ceil(inSize / stride);
    const total = Math.max(0, (outSize - 1) * stride + effective - inSize);
    return [Math.floor(total / 2), total - Math.floor(total / 2)];
  };
  /**
   * uint8 → float (the raw integers) → `operator` → + nudge → uint8 rounded half to even: an average or an
   * interpolation of integers whose weights are multiples of 1/steps is exact in float, and a nudge of a quarter
   * step turns rounding half to even into rounding half up, as XNNPACK rounds, without moving anything else.
   */
  const onRawIntegers = (/** @type {number} */ x, /** @type {number} */ y, /** @type {number} */ steps, /** @type {(input: string, output: string) => OnnxNode} */ operator) => {
    const name = tensorName(y);
    addNode({ opType: 'Cast', inputs: [activation(x)], outputs: [`${name}_raw`], attributes: [{ name: 'to', int: ONNX_FLOAT }] });
    addNode(operator(`${name}_raw`, `${name}_exact`));
    addNode({ opType: 'Add', inputs: [`${name}_exact`, scalar('float', 1 / (4 * steps))], outputs: [`${name}_nudged`] });
    addNode({ opType: 'QuantizeLinear', inputs: [`${name}_nudged`, scalar('float', 1), scalar('uint8', 0)], outputs: [produce(y)] });
  };
  /** Looks each element of `x` up in `table` (uint8, indexed by the value, or by 256·a + b for two inputs). */
  const lookUp = (/** @type {number[]} */ xs, /** @type {number} */ y, /** @type {Uint8Array} */ table) => {
    const name = tensorName(y);
    initializers.push({ name: `${name}_table`, dataType: ONNX_UINT8, dims: [table.length], raw: table });
    const wide = xs.map((x, k) => {
      addNode({ opType: 'Cast', inputs: [activation(x)], outputs: [`${name}_index${k}`], attributes: [{ name: 'to', int: ONNX_INT32 }] });
      return `${name}_index${k}`;
    });
    let index = wide[0];
    if (wide.length === 2) {
      addNode({ opType: 'Mul', inputs: [wide[0], scalar('int32', 256)], outputs: [`${name}_high`] });
      addNode({ opType: 'Add', inputs: [`${name}_high`, wide[1]], outputs: [`${name}_index`] });
      index = `${name}_index`;
    }
    // GatherElements on the flattened index: ONNX Runtime's Gather copies each element on its own (7x slower here).
    const shape = tensors[y].shape;
    const flat = int64Initializer(`${name}_flat`, [-1]);
    const nchw = int64Initializer(`${name}_shape`, [shape[0], shape[3], shape[1], shape[2]]);
    addNode({ opType: 'Reshape', inputs: [index, flat], outputs: [`${name}_flatindex`] });
    addNode({ opType: 'GatherElements', inputs: [`${name}_table`, `${name}_flatindex`], outputs: [`${name}_flatout`], attributes: [{ name: 'axis', int: 0 }] });
    addNode({ opType: 'Reshape', inputs: [`${name}_flatout`, nchw], outputs: [produce(y)] });
  };
  /** A legacy RESIZE_BILINEAR's whole factor (it throws for others: their weights are not exact in float). */
  const resizeFactor = (/** @type {TfliteOperator} */ op) => {
    const [x, size] = op.inputs;
    // ResizeBilinearOptions: align_corners 2, half_pixel_centers 3.
    if (op.option(2, 'uint8') || op.option(3, 'uint8')) throw new Error('a RESIZE_BILINEAR with aligned corners or half-pixel centres');
    const [height, width] = constantInt32s(size);
    const [, inHeight, inWidth] = tensors[x].shape;
    const factor = height / inHeight;
    if (!Number.isInteger(factor) || width / inWidth !== factor) throw new Error('a RESIZE_BILINEAR by other than one whole factor');
    if (!sameQuantisation([x, op.outputs[0]])) throw new Error('a RESIZE_BILINEAR that requantises');
    return { height, width, factor };
  };

  const [inputIndex] = graph.inputs;
  const [outputIndex] = graph.outputs;
  if (graph.inputs.length !== 1 || graph.outputs.length !== 1) throw new Error('expected one input and one output');
  const input = tensors[inputIndex];
  quantisationOf(inputIndex);
  const inputName = input.name || 'input';
  addNode({ opType: 'Transpose', inputs: [inputName], outputs: [produce(inputIndex)], attributes: [{ name: 'perm', ints: NHWC_TO_NCHW }] });

  // The last two operators are left to classesFromScores.
  const [resize, argMax] = graph.operators.slice(-2);
  if (
    resize?.code !== OP.RESIZE_BILINEAR ||
    argMax?.code !== OP.ARG_MAX ||
    argMax.inputs[0] !== resize.outputs[0] ||
    argMax.outputs[0] !== outputIndex ||
    constantInt32s(argMax.inputs[1])[0] !== 3
  ) {
    throw new Error('the network does not end in a RESIZE_BILINEAR and an ARG_MAX over its classes');
  }
  const scoresIndex = resize.inputs[0];
  const [, scoresHeight, scoresWidth, classes] = tensors[scoresIndex].shape;
  const tail = { height: scoresHeight, width: scoresWidth, classes, factor: resizeFactor(resize).factor };

  for (const op of graph.operators.slice(0, -2)) {
    switch (op.code) {
      case OP.CONV_2D:
      case OP.DEPTHWISE_CONV_2D: {
        const depthwise = op.code === OP.DEPTHWISE_CONV_2D;
        const [x, w, bias] = op.inputs;
        const [y] = op.outputs;
        const weights = tensors[w];
        const biasTensor = tensors[bias];
        if (!weights.data || !biasTensor?.data || biasTensor.type !== TFLITE_INT32) throw new Error('a convolution without constant weights and int32 bias');
        // Conv2DOptions: padding 0, stride_w 1, stride_h 2, fused_activation 3, dilation_w 4, dilation_h 5.
        // DepthwiseConv2DOptions: padding 0, stride_w 1, stride_h 2, depth_multiplier 3, fused 4, dilation 5, 6.
        const field = (/** @type {number} */ conv, /** @type {number} */ dw) => (depthwise ? dw : conv);
        const padding = op.option(0, 'int8') ?? 0;
        const strideW = op.option(1, 'int32') ?? 1;
        const strideH = op.option(2, 'int32') ?? 1;
        const dilationW = op.option(field(4, 5), 'int32') ?? 1;
        const dilationH = op.option(field(5, 6), 'int32') ?? 1;
        checkFusedActivation(op.option(field(3, 4), 'int8'), y);
        const [o, kH, kW, i] = weights.shape;
        const inChannels = tensors[x].shape[3];
        const outChannels = depthwise ? i : o;
        const perGroupIn = depthwise ? 1 : i;
        if (depthwise && outChannels !== inChannels) throw new Error('a depthwise convolution with a channel multiplier');
        const weightName = `w${w}`;
        const weightQuantisation = quantisationOf(w);
        let convolutionInput = activation(x);
        let weightZeroPoint;
        if (!depthwise && inChannels % CHANNEL_ALIGNMENT === 0) {
          const { weights: raw, wide, copies } = zeroPointFreeWeights(weights.data, weightQuantisation.zeroPoint, outChannels, inChannels, kH, kW);
          initializers.push({ name: weightName, dataType: ONNX_INT8, dims: [outChannels, wide, kH, kW], raw });
          weightZeroPoint = 0;
          if (copies.length > 0) {
            const wideName = `${tensorName(y)}_wide`;
            const windows = copies.map((first, k) => {
              const window = `${wideName}_copy${k}`;
              addNode({
                opType: 'Slice',
                inputs: [convolutionInput, int64Initializer(`${window}_from`, [first]), int64Initializer(`${window}_to`, [first + CHANNEL_ALIGNMENT]), int64Initializer(`${window}_axis`, [1])],
                outputs: [window],
              });
              return window;
            });
            addNode({ opType: 'Concat', inputs: [convolutionInput, ...windows], outputs: [wideName], attributes: [{ name: 'axis', int: 1 }] });
            convolutionInput = wideName;
          }
        } else {
          // ONNX Runtime's integer kernels multiply uint8 activations by int8 weights (VNNI and AMX take u8 × s8). The
          // weights shifted by 128, with their zero point shifted alike, are the same numbers: w - z = (w - 128) - (z - 128).
          initializers.push({
            name: weightName,
            dataType: ONNX_INT8,
            dims: [outChannels, perGroupIn, kH, kW],
            raw: convolutionWeights(weights.data, outChannels, perGroupIn, kH, kW, depthwise),
          });
          weightZeroPoint = weightQuantisation.zeroPoint - 128;
        }
        const biasName = `b${bias}`;
        initializers.push({ name: biasName, dataType: ONNX_INT32, dims: [outChannels], raw: biasTensor.data.slice() });
        const [inH, inW] = [tensors[x].shape[1], tensors[x].shape[2]];
        const [top, bottom] = pads(padding, inH, kH, strideH, dilationH);
        const [left, right] = pads(padding, inW, kW, strideW, dilationW);
        addNode({
          opType: 'QLinearConv',
          inputs: [
            convolutionInput,
            ...quantisation(x),
            weightName,
            scalar('float', weightQuantisation.scale),
            scalar('int8', weightZeroPoint),
            ...quantisation(y),
            biasName,
          ],
          outputs: [produce(y)],
          attributes: [
            { name: 'kernel_shape', ints: [kH, kW] },
            { name: 'strides', ints: [strideH, strideW] },
            { name: 'dilations', ints: [dilationH, dilationW] },
            { name: 'pads', ints: [top, left, bottom, right] },
            { name: 'group', int: depthwise ? outChannels : 1 },
          ],
        });
        break;
      }
      case OP.ADD: {
        const [a, b] = op.inputs;
        const [y] = op.outputs;
        checkFusedActivation(op.option(0, 'int8'), y);
        if (tensors[a].shape.join() !== tensors[b].shape.join()) throw new Error('an ADD that broadcasts');
        lookUp([a, b], y, addTable(quantisationOf(a), quantisationOf(b), quantisationOf(y)));
        break;
      }
      case OP.AVERAGE_POOL_2D: {
        const [x] = op.inputs;
        const [y] = op.outputs;
        // Pool2DOptions: padding 0, stride_w 1, stride_h 2, filter_width 3, filter_height 4, fused 5.
        const padding = op.option(0, 'int8') ?? 0;
        const strideW = op.option(1, 'int32') ?? 1;
        const strideH = op.option(2, 'int32') ?? 1;
        const filterW = op.option(3, 'int32') ?? 1;
        const filterH = op.option(4, 'int32') ?? 1;
        checkFusedActivation(op.option(5, 'int8'), y);
        const [inH, inW] = [tensors[x].shape[1], tensors[x].shape[2]];
        if ([...pads(padding, inH, filterH, strideH, 1), ...pads(padding, inW, filterW, strideW, 1)].some(Boolean)) {
          throw new Error('a padded AVERAGE_POOL_2D (TensorFlow Lite leaves the padding out of the count)');
        }
        if (!sameQuantisation([x, y])) throw new Error('an AVERAGE_POOL_2D that requantises');
        onRawIntegers(x, y, filterH * filterW, (from, to) => ({
          opType: 'AveragePool',
          inputs: [from],
          outputs: [to],
          attributes: [
            { name: 'kernel_shape', ints: [filterH, filterW] },
            { name: 'strides', ints: [strideH, strideW] },
          ],
        }));
        break;
      }
      case OP.CONCATENATION: {
        const [y] = op.outputs;
        // ConcatenationOptions: axis 0, fused 1.
        const axis = op.option(0, 'int32') ?? 0;
        checkFusedActivation(op.option(1, 'int8'), y);
        if (!sameQuantisation([...op.inputs, y])) throw new Error('a CONCATENATION that requantises');
        addNode({ opType: 'Concat', inputs: op.inputs.map(activation), outputs: [produce(y)], attributes: [{ name: 'axis', int: nchwAxis(axis, tensors[y].shape.length) }] });
        break;
      }
      case OP.QUANTIZE: {
        const [x] = op.inputs;
        const [y] = op.outputs;
        lookUp([x], y, requantiseTable(quantisationOf(x), quantisationOf(y)));
        break;
      }
      case OP.RESIZE_BILINEAR: {
        const [x] = op.inputs;
        const [y] = op.outputs;
        const { height, width, factor } = resizeFactor(op);
        const sizes = int64Initializer(`${tensorName(y)}_sizes`, [1, tensors[x].shape[3], height, width]);
        onRawIntegers(x, y, factor * factor, (from, to) => ({
          opType: 'Resize',
          inputs: [from, '', '', sizes],
          outputs: [to],
          attributes: [
            { name: 'mode', string: 'linear' },
            { name: 'coordinate_transformation_mode', string: 'asymmetric' },
          ],
        }));
        break;
      }
      case OP.SPLIT: {
        const [axisTensor, x] = op.inputs;
        const [axis] = constantInt32s(axisTensor);
        const rank = tensors[x].shape.length;
        const parts = op.outputs.map((y) => tensors[y].shape[axis < 0 ? axis + rank : axis]);
        if (!sameQuantisation([x, ...op.outputs])) throw new Error('a SPLIT that requantises');
        addNode({
          opType: 'Split',
          inputs: [activation(x), int64Initializer(`${tensorName(op.outputs[0])}_parts`, parts)],
          outputs: op.outputs.map(produce),
          attributes: [{ name: 'axis', int: nchwAxis(axis, rank) }],
        });
        break;
      }
      default:
        throw new Error(`TensorFlow Lite operator ${op.code} is not converted`);
    }
  }
  const scoresName = 'scores';
  addNode({ opType: 'Transpose', inputs: [activation(scoresIndex)], outputs: [scoresName], attributes: [{ name: 'perm', ints: NCHW_TO_NHWC }] });

  const graphProto = new ProtoMessage();
  nodes.forEach((node, index) => graphProto.message(1, nodeProto(node, index)));
  graphProto.string(2, 'floor-segmenter');
  for (const initializer of initializers) graphProto.message(5, tensorProto(initializer));
  graphProto.message(11, valueInfoProto(inputName, ONNX_UINT8, input.shape));
  graphProto.message(12, valueInfoProto(scoresName, ONNX_UINT8, tensors[scoresIndex].shape));

  const modelProto = new ProtoMessage();
  modelProto.int(1, 8); // ir_version 8 (ONNX 1.10+)
  modelProto.string(2, 'floor-model tflite-to-onnx');
  modelProto.message(7, graphProto);
  const opset = new ProtoMessage();
  opset.int(2, 13); // the default domain's opset 13: every operator above as ONNX defines it there
  modelProto.message(8, opset);
  return { onnx: modelProto.finish(), inputName, inputShape: input.shape, scoresName, tail };
}
