import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { MODEL_FILE } from './scene-segmenter.ts';
import { loadTfliteModel } from './tflite-runtime.mjs';

/** Pins what we rely on in the alpha package's internals (see tflite-runtime.mjs). */
describe('the TensorFlow Lite WebAssembly runtime', () => {
  it('loads the installed model and reads its tensors from the model itself', async () => {
    const model = await loadTfliteModel(await readFile(MODEL_FILE));
    try {
      expect(model.inputs.map(({ name, dataType, shape }) => ({ name, dataType, shape }))).toEqual([
        { name: 'PreprocessedImageTensor', dataType: 'uint8', shape: [1, 512, 512, 3] },
      ]);
      expect(model.outputs.map(({ name, dataType, shape }) => ({ name, dataType, shape }))).toEqual([
        { name: 'SemanticPredictions', dataType: 'int32', shape: [1, 512, 512] },
      ]);
    } finally {
      model.dispose();
    }
  });

  it('runs on what the input holds and writes class ids to the output', async () => {
    const model = await loadTfliteModel(await readFile(MODEL_FILE));
    try {
      const input = model.inputs[0]!.data();
      // Top half a pale sky-blue, bottom half dark brown: two different scenes, so two different answers.
      for (let i = 0; i < input.length / 3; i++) input.set(i < input.length / 6 ? [150, 190, 235] : [70, 45, 30], i * 3);
      model.run();
      const output = Array.from(model.outputs[0]!.data());
      expect(output.every((id) => Number.isInteger(id) && id >= 0 && id <= 31)).toBe(true);
      expect(new Set(output).size).toBeGreaterThan(1);
      const first = output.slice();
      model.run();
      expect(Array.from(model.outputs[0]!.data())).toEqual(first);
    } finally {
      model.dispose();
    }
  });

  it('refuses bytes that are not a TensorFlow Lite model, with a clear error', async () => {
    await expect(loadTfliteModel(Buffer.from('not a model at all, just text'))).rejects.toThrow(/TensorFlow Lite could not load the model/);
  });

  it('refuses to run a disposed model', async () => {
    const model = await loadTfliteModel(await readFile(MODEL_FILE));
    model.dispose();
    expect(() => model.run()).toThrow(/disposed/);
  });
});
