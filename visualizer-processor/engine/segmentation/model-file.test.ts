import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FLOOR_MODEL, floorModelProblem, sha256Of } from './floor-model.mjs';
import { MODEL_FILE } from './scene-segmenter.ts';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'floor-model-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the segmentation model the install step put in place', () => {
  it('is the pinned upstream file, byte for byte', async () => {
    const bytes = await readFile(MODEL_FILE);
    expect(bytes.length).toBe(FLOOR_MODEL.bytes);
    expect(sha256Of(bytes)).toBe('da8b3822a22fde45ecaf0ff32022287eff58b500096971b04f3c1b292da66a3c');
    expect(floorModelProblem()).toBeNull();
  });

  it('is pinned to one commit of its public repository, and its README gives the source, authors and licence', async () => {
    expect(FLOOR_MODEL.url).toBe(
      'https://raw.githubusercontent.com/mlcommons/mobile_open/86a873714efd6cb391c3a4751e3bb7b8f91b1449/vision/mosaic/models_and_checkpoints/R4/mobile_segmenter_r4_quant_argmax_uint8.tflite',
    );
    const readme = await readFile(path.join(path.dirname(MODEL_FILE), 'README.md'), 'utf8');
    for (const fact of ['mlcommons/mobile_open', '86a873714efd6cb391c3a4751e3bb7b8f91b1449', 'Weijun Wang and Andrew Howard', 'Apache License 2.0', FLOOR_MODEL.sha256, path.basename(MODEL_FILE)]) {
      expect(readme).toContain(fact);
    }
  });

  it('a missing file is one line naming the command that installs it', () => {
    const problem = floorModelProblem(path.join(scratch, 'absent.tflite'));
    expect(problem).toMatch(/^The floor model is not installed \(.*absent\.tflite\), so no floor can be found: run `npm run floor-model:install`/);
    expect(problem).toContain('FLOOR_MODEL_DIR=');
    expect(problem).not.toContain('\n');
  });

  it('a file that is not the pinned one is one line with both checksums', () => {
    const wrong = path.join(scratch, 'wrong.tflite');
    writeFileSync(wrong, 'not a model');
    const problem = floorModelProblem(wrong);
    expect(problem).toContain(`sha256 ${sha256Of(Buffer.from('not a model'))}, expected ${FLOOR_MODEL.sha256}`);
    expect(problem).toContain('npm run floor-model:install');
    expect(problem).not.toContain('\n');
  });
});
