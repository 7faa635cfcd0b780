import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { loadOnnxModel } from './onnx-runtime.mjs';
import { MODEL_FILE, SEGMENTER_SIZE } from './scene-segmenter.ts';
import { loadTfliteModel } from './tflite-runtime.mjs';
import { addTable, classesFromScores, convertTfliteToOnnx, readTfliteGraph, requantiseTable, zeroPointFreeWeights } from './tflite-to-onnx.mjs';

const FIXTURE_IMAGES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures', 'images');

/** The network's input for a fixture photo: stretched to 512×512, as the engine's whole-photo run is. */
async function networkInput(file: string): Promise<Uint8Array> {
  const pixels = await sharp(path.join(FIXTURE_IMAGES, file)).rotate().removeAlpha().resize(SEGMENTER_SIZE, SEGMENTER_SIZE, { fit: 'fill' }).raw().toBuffer();
  return new Uint8Array(pixels);
}

/**
 * The nodes (operator, inputs, attributes' bytes) and initializers (type, dims, bytes) of an ONNX model's graph: just
 * enough protobuf reading to check what the converter wrote.
 */
function onnxGraphParts(model: Uint8Array) {
  type Field = { field: number; value: number; start: number; end: number };
  const fields = (start: number, end: number): Field[] => {
    const out: Field[] = [];
    let at = start;
    const varint = () => {
      let value = 0;
      for (let shift = 1; ; shift *= 128) {
        const byte = model[at++]!;
        value += (byte & 0x7f) * shift;
        if (byte < 0x80) return value;
      }
    };
    while (at < end) {
      const key = varint();
      const wireType = key & 7;
      if (wireType === 0) out.push({ field: key >>> 3, value: varint(), start: 0, end: 0 });
      else if (wireType === 2) {
        const length = varint();
        out.push({ field: key >>> 3, value: length, start: at, end: at + length });
        at += length;
      } else if (wireType === 5) at += 4;
      else throw new Error(`wire type ${wireType}`);
    }
    return out;
  };
  const text = (part: Field) => new TextDecoder().decode(model.subarray(part.start, part.end));
  const graph = fields(0, model.length).find((part) => part.field === 7)!;
  const parts = fields(graph.start, graph.end);
  return {
    nodes: parts
      .filter((part) => part.field === 1)
      .map((part) => {
        const node = fields(part.start, part.end);
        return {
          operator: node.filter((f) => f.field === 4 || f.field === 7).map(text).join(':'),
          inputs: node.filter((f) => f.field === 1).map(text),
          attributes: node.filter((f) => f.field === 5).map((f) => model.subarray(f.start, f.end).join(',')).join(' '),
        };
      }),
    initializers: parts
      .filter((part) => part.field === 5)
      .map((part) => {
        const tensor = fields(part.start, part.end);
        const raw = tensor.find((f) => f.field === 9)!;
        return { dataType: tensor.find((f) => f.field === 2)!.value, dims: tensor.filter((f) => f.field === 1).map((f) => f.value), raw: model.subarray(raw.start, raw.end) };
      }),
  };
}

describe('the floor network converted for ONNX Runtime', () => {
  it('gives the TensorFlow Lite interpreter’s classes, every pixel, on the fixture rooms and their mirror images', async () => {
    const modelBytes = await readFile(MODEL_FILE);
    const converted = await loadOnnxModel(convertTfliteToOnnx(modelBytes));
    const interpreter = await loadTfliteModel(modelBytes);
    try {
      for (const file of ['room-carpet.jpg', 'room-tile.png', 'room-gps.jpg', 'room-concrete-exif6.jpg']) {
        const input = await networkInput(file);
        const mirrored = new Uint8Array(input.length);
        for (let y = 0; y < SEGMENTER_SIZE; y++) {
          for (let x = 0; x < SEGMENTER_SIZE; x++) mirrored.set(input.subarray((y * SEGMENTER_SIZE + x) * 3, (y * SEGMENTER_SIZE + x) * 3 + 3), (y * SEGMENTER_SIZE + SEGMENTER_SIZE - 1 - x) * 3);
        }
        for (const rgb of [input, mirrored]) {
          interpreter.inputs[0]!.data().set(rgb);
          interpreter.run();
          const expected = Uint8Array.from(interpreter.outputs[0]!.data());
          const classes = await converted.classify(rgb);
          expect(classes.length).toBe(expected.length);
          // Compared as one count, not element by element: a failure says how many pixels differ.
          let differing = 0;
          for (let i = 0; i < expected.length; i++) if (classes[i] !== expected[i]) differing++;
          expect({ file, differing }).toEqual({ file, differing: 0 });
          expect(new Set(expected).size).toBeGreaterThan(1);
        }
      }
    } finally {
      interpreter.dispose();
      await converted.dispose();
    }
  }, 60_000);

  it('has no repeated node and no repeated small constant, which ONNX Runtime would remove in a second round of optimisers', async () => {
    const graph = onnxGraphParts(convertTfliteToOnnx(await readFile(MODEL_FILE)).onnx);
    expect(graph.nodes.length).toBeGreaterThan(250);
    // A node is its operator, inputs and attributes (its name, field 3, is its index); a small constant is its type and bytes.
    const repeated = (keys: string[]) => keys.filter((key, index) => keys.indexOf(key) !== index);
    expect(repeated(graph.nodes.map((node) => node.operator + ' ' + node.inputs.join() + ' ' + node.attributes))).toEqual([]);
    expect(repeated(graph.initializers.filter((tensor) => tensor.raw.length <= 8).map((tensor) => `${tensor.dataType}:${tensor.dims.join()}:${tensor.raw.join()}`))).toEqual([]);
  });

  it('refuses bytes that are not a TensorFlow Lite file, saying so', () => {
    expect(() => convertTfliteToOnnx(new TextEncoder().encode('not a model at all, just text'))).toThrow(/not a TensorFlow Lite file/);
  });

  it('reads the model’s own operators, tensors and quantisation from the flatbuffer', async () => {
    const graph = readTfliteGraph(await readFile(MODEL_FILE));
    expect(graph.operators).toHaveLength(100);
    expect(graph.tensors).toHaveLength(243);
    const input = graph.tensors[graph.inputs[0]!]!;
    expect({ name: input.name, shape: input.shape, zeroPoint: input.zeroPoint }).toEqual({ name: 'PreprocessedImageTensor', shape: [1, 512, 512, 3], zeroPoint: [128] });
    expect(input.scale[0]).toBeCloseTo(1 / 127.5, 6);
  });
});

describe('XNNPACK’s rounding, which the interpreter has and ONNX Runtime’s own operators do not', () => {
  /** A tensor's quantisation in the installed model. */
  async function quantisationOf(tensor: number) {
    const graph = readTfliteGraph(await readFile(MODEL_FILE));
    const { scale, zeroPoint } = graph.tensors[tensor]!;
    return { scale: scale[0]!, zeroPoint: zeroPoint[0]! };
  }

  it('adds with rounding half up', () => {
    const one = { scale: 1, zeroPoint: 0 };
    const table = addTable(one, one, { scale: 2, zeroPoint: 0 });
    // (1 + 0) / 2 = 0.5 and (2 + 1) / 2 = 1.5: ONNX Runtime's QLinearAdd gives 0 and 2 (half to even).
    expect([table[1 * 256 + 0], table[2 * 256 + 1]]).toEqual([1, 2]);
  });

  it('adds with XNNPACK’s 20-bit multipliers, not the exact sum: the pair of the evaluation photos where they differ', async () => {
    // The network's ADD into tensor 134 (of tensors 133 and 127): 20 and 153 sum to 102.49998 exactly, which rounds
    // to 102; the interpreter gives 103, and so must the table.
    const table = addTable(await quantisationOf(133), await quantisationOf(127), await quantisationOf(134));
    expect(table[20 * 256 + 153]).toBe(103);
  });

  it('requantises with XNNPACK’s 8-bit multiplier, not the exact ratio', async () => {
    // The network's QUANTIZE from tensor 198 to 199: 33 is 8.4896 exactly (8), the interpreter gives 9.
    const table = requantiseTable(await quantisationOf(198), await quantisationOf(199));
    expect(table[33]).toBe(9);
  });
});

describe('convolution weights of zero point 0 (zeroPointFreeWeights), which ONNX Runtime multiplies 4-10x faster', () => {
  /** Σ (x - xZero)·(w - zeroPoint) for each output channel and kernel position's input pixel, over the channels. */
  function sums(x: number[], xZero: number, data: Uint8Array, zeroPoint: number, outChannels: number, inChannels: number, taps: number): number[] {
    const out: number[] = [];
    for (let o = 0; o < outChannels; o++) {
      let sum = 0;
      for (let t = 0; t < taps; t++) for (let c = 0; c < inChannels; c++) sum += (x[t * inChannels + c]! - xZero) * (data[(o * taps + t) * inChannels + c]! - zeroPoint);
      out.push(sum);
    }
    return out;
  }

  it('gives the same sums with int8 weights, the part beyond int8 weighing appended copies of its channels', () => {
    const [outChannels, inChannels, kH, kW] = [5, 12, 1, 2];
    const taps = kH * kW;
    // Weights at both ends of uint8 with zero points far from 128, so w - z leaves int8 above (255 - 60 = 195) and
    // below (0 - 200 = -200), in channels 1, 6 and 11 (three windows, the last ending at the last channel).
    for (const zeroPoint of [60, 200, 128]) {
      const data = new Uint8Array(outChannels * taps * inChannels).map((_, k) => (k * 37) % 97 + 80);
      for (const c of [1, 6, 11]) data[(2 * taps + 1) * inChannels + c] = zeroPoint < 128 ? 255 : 0;
      const { weights, wide, copies } = zeroPointFreeWeights(data, zeroPoint, outChannels, inChannels, kH, kW);
      expect(wide % 4).toBe(0);
      expect(wide).toBe(inChannels + 4 * copies.length);
      if (zeroPoint === 128) expect(copies).toEqual([]);
      else expect(copies).toEqual([1, 6, 8]);
      const signed = Int8Array.from(weights, (b) => (b << 24) >> 24);
      // ONNX's [O, wide, kH, kW] back to [O, kH, kW, wide], and the input with its copied channels appended.
      const reordered = new Uint8Array(outChannels * taps * wide);
      for (let o = 0; o < outChannels; o++) for (let c = 0; c < wide; c++) for (let t = 0; t < taps; t++) reordered[(o * taps + t) * wide + c] = signed[(o * wide + c) * taps + t]! + 128;
      for (const xZero of [0, 130]) {
        const x = Array.from({ length: taps * inChannels }, (_, k) => (k * 53) % 256);
        const widened = Array.from({ length: taps }, (_, t) => {
          const pixel = x.slice(t * inChannels, (t + 1) * inChannels);
          return [...pixel, ...copies.flatMap((first) => pixel.slice(first, first + 4))];
        }).flat();
        expect(sums(widened, xZero, reordered, 128, outChannels, wide, taps)).toEqual(sums(x, xZero, data, zeroPoint, outChannels, inChannels, taps));
      }
    }
  });
});

describe('the last resize and the choice of class (classesFromScores)', () => {
  /** The same two steps done plainly: every class at every pixel. */
  function plainly(scores: Uint8Array, tail: { height: number; width: number; classes: number; factor: number }): Uint8Array {
    const { height, width, classes, factor } = tail;
    const out = new Uint8Array(height * factor * width * factor);
    for (let y = 0; y < height * factor; y++) {
      for (let x = 0; x < width * factor; x++) {
        const i = Math.floor(y / factor);
        const j = Math.floor(x / factor);
        const [i1, j1] = [Math.min(i + 1, height - 1), Math.min(j + 1, width - 1)];
        const [fy, fx] = [(y % factor) / factor, (x % factor) / factor];
        let best = -1;
        for (let c = 0; c < classes; c++) {
          const at = (row: number, column: number) => scores[(row * width + column) * classes + c]!;
          const value = (1 - fy) * ((1 - fx) * at(i, j) + fx * at(i, j1)) + fy * ((1 - fx) * at(i1, j) + fx * at(i1, j1));
          const score = Math.floor(value + 0.5);
          if (score > best) {
            best = score;
            out[y * width * factor + x] = c;
          }
        }
      }
    }
    return out;
  }

  it('gives what resizing every class and taking the first highest gives, on scores with many near ties', () => {
    const tail = { height: 12, width: 10, classes: 7, factor: 4 };
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    // Values in a narrow band, so several classes compete in most cells.
    const scores = Uint8Array.from({ length: tail.height * tail.width * tail.classes }, () => 100 + Math.floor(random() * 6));
    expect(Array.from(classesFromScores(scores, tail))).toEqual(Array.from(plainly(scores, tail)));
    // And regions where one class leads by a little or a lot, or draws level at a corner: the cells decided from
    // their corners alone, and the ones next to them that are not.
    const regions = Uint8Array.from({ length: tail.height * tail.width * tail.classes }, (_, k) => {
      const pixel = Math.floor(k / tail.classes);
      const leader = Math.floor((pixel % tail.width) / 4) % tail.classes;
      const lead = [0, 1, 3, 40][Math.floor(pixel / tail.width) % 4]!;
      return 100 + Math.floor(random() * 3) + (k % tail.classes === leader ? lead : 0);
    });
    expect(Array.from(classesFromScores(regions, tail))).toEqual(Array.from(plainly(regions, tail)));
  });

  it('rounds each class’s score to a whole score before comparing, so the first of two equal ones wins', () => {
    // Two score pixels side by side, two classes, factor 4: class 0 is 10 at both, class 1 is 10 then 11. A quarter
    // of the way across, class 1 is 10.25: ahead of class 0 unrounded, level with it (10) rounded, so class 0 wins;
    // half way it is 10.5, rounded up to 11: class 1.
    const tail = { height: 1, width: 2, classes: 2, factor: 4 };
    const classes = classesFromScores(Uint8Array.from([10, 10, 10, 11]), tail);
    const row = [0, 0, 1, 1, 1, 1, 1, 1];
    expect(Array.from(classes)).toEqual([...row, ...row, ...row, ...row]);
  });
});
