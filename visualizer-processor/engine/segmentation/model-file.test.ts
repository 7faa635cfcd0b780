import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MODEL_FILE } from './scene-segmenter.ts';

describe('the vendored segmentation model', () => {
  it('is the exact file its README names, byte for byte', async () => {
    const bytes = await readFile(MODEL_FILE);
    expect(bytes.length).toBe(1_978_000);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe('da8b3822a22fde45ecaf0ff32022287eff58b500096971b04f3c1b292da66a3c');
  });

  it('travels with its licence and attribution', async () => {
    const folder = path.dirname(MODEL_FILE);
    expect(await readFile(path.join(folder, 'LICENCE.md'), 'utf8')).toContain('Apache License');
    const readme = await readFile(path.join(folder, 'README.md'), 'utf8');
    expect(readme).toContain('mlcommons/mobile_open');
    expect(readme).toContain('Weijun Wang and Andrew Howard');
    expect(readme).toContain(path.basename(MODEL_FILE));
  });
});
