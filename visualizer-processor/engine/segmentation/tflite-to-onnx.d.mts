/** The types of tflite-to-onnx.mjs (plain JavaScript: see there why). */
export interface Quantisation {
  scale: number;
  zeroPoint: number;
}

/** The network's last resize and argmax, left to `classesFromScores`. */
export interface ClassesTail {
  height: number;
  width: number;
  classes: number;
  factor: number;
}

export interface ConvertedNetwork {
  /** The ONNX model's bytes. */
  onnx: Uint8Array;
  /** Its input: the TensorFlow Lite input's name and NHWC shape (uint8). */
  inputName: string;
  inputShape: number[];
  /** Its output: the scores before the last resize, uint8, channels-last. */
  scoresName: string;
  tail: ClassesTail;
}

/** Converts the floor network's .tflite bytes; throws for anything the converter does not know. */
export function convertTfliteToOnnx(tfliteBytes: Uint8Array): ConvertedNetwork;

/** XNNPACK's uint8 ADD of every (a, b): index 256·a + b. */
export function addTable(a: Quantisation, b: Quantisation, sum: Quantisation): Uint8Array;

/** XNNPACK's uint8-to-uint8 requantisation of every value. */
export function requantiseTable(from: Quantisation, to: Quantisation): Uint8Array;

/** The last RESIZE_BILINEAR (by `factor`) and ARG_MAX, on channels-last uint8 scores: one class per output pixel. */
export function classesFromScores(scores: Uint8Array, tail: ClassesTail): Uint8Array;

export interface TfliteTensorInfo {
  shape: number[];
  type: number;
  data: Uint8Array | null;
  name: string;
  scale: number[];
  zeroPoint: number[];
}

export interface TfliteOperator {
  code: number;
  inputs: number[];
  outputs: number[];
  option(field: number, kind: 'int8' | 'uint8' | 'int32'): number | undefined;
}

/** The first subgraph of a .tflite file: its tensors, operators, inputs and outputs (tensor indices). */
export function readTfliteGraph(bytes: Uint8Array): { tensors: TfliteTensorInfo[]; operators: TfliteOperator[]; inputs: number[]; outputs: number[] };

/**
 * A convolution's uint8 weights (TensorFlow Lite's [O, kH, kW, I], zero point `zeroPoint`) as int8 of zero point 0 in
 * ONNX's order [O, I + copied, kH, kW]: what does not fit in int8 weighs a copy of its input channel, appended from
 * the windows of 4 channels starting at `copies`.
 */
export function zeroPointFreeWeights(
  data: Uint8Array,
  zeroPoint: number,
  outChannels: number,
  inChannels: number,
  kH: number,
  kW: number,
): { weights: Uint8Array; wide: number; copies: number[] };
