import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { convertedNetwork, keptNetworkName } from './converted-network-cache.ts';
import { MODEL_FILE } from './scene-segmenter.ts';
import { convertTfliteToOnnx, type ConvertedNetwork } from './tflite-to-onnx.mjs';

const CONVERTER_SOURCE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'tflite-to-onnx.mjs');
const scratch = mkdtempSync(path.join(os.tmpdir(), 'converted-network-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A conversion that counts its calls. */
function countingConversion() {
  const conversion = (bytes: Uint8Array): ConvertedNetwork => {
    conversion.calls++;
    return convertTfliteToOnnx(bytes);
  };
  conversion.calls = 0;
  return conversion;
}

/** The one kept file in `directory`. */
function keptFile(directory: string): string {
  const files = readdirSync(directory);
  expect(files).toHaveLength(1);
  return path.join(directory, files[0]!);
}

describe('the converted network kept on disk (decision 030)', async () => {
  const model = new Uint8Array(await readFile(MODEL_FILE));
  const fresh = convertTfliteToOnnx(model);

  it('is converted and kept when absent, then read back, the same network, without converting', async () => {
    const directory = path.join(scratch, 'absent');
    const convert = countingConversion();
    const first = await convertedNetwork(model, { directory, convert });
    await first.keeping;
    expect(convert.calls).toBe(1);
    const second = await convertedNetwork(model, { directory, convert });
    expect(convert.calls).toBe(1);
    for (const { network } of [first, second]) {
      expect(Buffer.from(network.onnx).equals(Buffer.from(fresh.onnx))).toBe(true);
      expect({ ...network, onnx: null }).toEqual({ ...fresh, onnx: null });
    }
  });

  it('is converted again, and kept again, when the kept file is cut short or altered', async () => {
    const directory = path.join(scratch, 'damaged');
    await (await convertedNetwork(model, { directory })).keeping;
    const file = keptFile(directory);
    const whole = readFileSync(file);
    const altered = Buffer.from(whole);
    altered[altered.length - 1000]! ^= 1;
    for (const damaged of [whole.subarray(0, whole.length - 1), altered, Buffer.from('not a kept network'), Buffer.from('null\n'), Buffer.alloc(0)]) {
      writeFileSync(file, damaged);
      const convert = countingConversion();
      const again = await convertedNetwork(model, { directory, convert });
      await again.keeping;
      expect(convert.calls).toBe(1);
      expect(Buffer.from(again.network.onnx).equals(Buffer.from(fresh.onnx))).toBe(true);
      expect(readFileSync(file).equals(whole)).toBe(true);
    }
  });

  it('is named by the model and the converter, so another model or converter never reads it', () => {
    const converter = 'export function convertTfliteToOnnx() {}';
    const other = Uint8Array.from(model);
    other[100]! ^= 1;
    expect(keptNetworkName(other, converter)).not.toBe(keptNetworkName(model, converter));
    expect(keptNetworkName(model, converter + ' ')).not.toBe(keptNetworkName(model, converter));
    expect(keptNetworkName(model, converter)).toBe(keptNetworkName(Uint8Array.from(model), converter));
  });

  it('is converted, and nothing kept, when the converter source is not beside the code (a bundled build): the network still loads', async () => {
    const directory = path.join(scratch, 'bundled');
    const convert = countingConversion();
    const { network, keeping } = await convertedNetwork(model, { directory, convert, converterSource: path.join(scratch, 'tflite-to-onnx.mjs') });
    await keeping;
    expect(convert.calls).toBe(1);
    expect(Buffer.from(network.onnx).equals(Buffer.from(fresh.onnx))).toBe(true);
    expect(() => readdirSync(directory)).toThrow();
  });

  it('is converted every time where it cannot be kept (a folder that cannot be made)', async () => {
    const notAFolder = path.join(scratch, 'a-file');
    writeFileSync(notAFolder, 'in the way');
    const directory = path.join(notAFolder, 'converted');
    const convert = countingConversion();
    for (let time = 1; time <= 2; time++) {
      const { network, keeping } = await convertedNetwork(model, { directory, convert });
      await keeping;
      expect(convert.calls).toBe(time);
      expect(Buffer.from(network.onnx).equals(Buffer.from(fresh.onnx))).toBe(true);
    }
    expect(readFileSync(notAFolder, 'utf8')).toBe('in the way');
  });

  it('leaves no partial file behind where the whole one cannot be renamed into place (a folder in its way)', async () => {
    const directory = path.join(scratch, 'blocked');
    await (await convertedNetwork(model, { directory })).keeping;
    const name = path.basename(keptFile(directory));
    rmSync(path.join(directory, name));
    mkdirSync(path.join(directory, name, 'something'), { recursive: true });
    const convert = countingConversion();
    const { network, keeping } = await convertedNetwork(model, { directory, convert });
    await keeping;
    expect(convert.calls).toBe(1);
    expect(Buffer.from(network.onnx).equals(Buffer.from(fresh.onnx))).toBe(true);
    // The partial was written beside it, and the rename refused: it is removed, not left to pile up.
    expect(readdirSync(directory)).toEqual([name]);
  });

  it("removes the same model's files of earlier converters and abandoned partials once it keeps a new one", async () => {
    const directory = path.join(scratch, 'stale');
    mkdirSync(directory);
    const current = keptNetworkName(model, readFileSync(CONVERTER_SOURCE, 'utf8'));
    const modelPart = current.split('-')[0]!;
    const earlierConverter = `${modelPart}-0123456789abcdef.onnx-network`;
    const anotherModel = `fedcba9876543210-${current.split('-')[1]}`;
    const abandoned = `${current}.4242.abc.partial`;
    const inProgress = `${current}.4343.def.partial`;
    for (const name of [earlierConverter, anotherModel, abandoned, inProgress]) writeFileSync(path.join(directory, name), 'old');
    const twoMinutesAgo = new Date(Date.now() - 120_000);
    utimesSync(path.join(directory, abandoned), twoMinutesAgo, twoMinutesAgo);

    await (await convertedNetwork(model, { directory })).keeping;

    expect(readdirSync(directory).sort()).toEqual([anotherModel, current, inProgress].sort());
  });
});
