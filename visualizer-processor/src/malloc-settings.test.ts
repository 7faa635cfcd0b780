import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { PROCESSOR_MALLOC_SETTINGS, processorMallocEnvironment } from './malloc-settings.ts';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Encodes a 2048×1536 picture as the render does (sharp, one thread, no cache) a dozen times and prints how many
 * pages the process faulted in meanwhile (Linux's minor faults: a page first touched).
 */
const ENCODES = `
import sharp from 'sharp';
import { readFileSync } from 'node:fs';
sharp.cache(false);
sharp.concurrency(1);
const faults = () => Number(readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ')[7]);
const raw = Buffer.alloc(2048 * 1536 * 3, 90);
const encode = () => sharp(raw, { raw: { width: 2048, height: 1536, channels: 3 } }).jpeg({ quality: 88 }).toBuffer();
await encode();
const before = faults();
for (let i = 0; i < 12; i++) await encode();
console.log(faults() - before);
`;

async function pagesFaulted(environment: Record<string, string>): Promise<number> {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !(name in PROCESSOR_MALLOC_SETTINGS)));
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', ENCODES], {
    cwd: ROOT,
    env: { ...clean, ...environment },
  });
  return Number(stdout.trim());
}

const glibc = process.platform === 'linux' && Boolean((process.report?.getReport() as { header?: { glibcVersionRuntime?: string } }).header?.glibcVersionRuntime);

describe('the processor\'s malloc settings (decision 051)', () => {
  it('are in the image\'s environment, each as the processor runs with it', () => {
    const dockerfile = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
    for (const [name, value] of Object.entries(PROCESSOR_MALLOC_SETTINGS)) expect(dockerfile).toContain(`${name}=${value}`);
  });

  it('keep a setting the environment already gives, and add the others', () => {
    const environment = processorMallocEnvironment({ MALLOC_ARENA_MAX: '4' });
    expect(environment).toEqual({ ...PROCESSOR_MALLOC_SETTINGS, MALLOC_ARENA_MAX: '4' });
  });

  it.runIf(glibc)('make repeated JPEG encodes reuse freed memory instead of faulting in new pages', async () => {
    const arenasOnly = await pagesFaulted({ MALLOC_ARENA_MAX: '2' });
    const withSettings = await pagesFaulted(PROCESSOR_MALLOC_SETTINGS);
    expect(withSettings).toBeLessThan(arenasOnly * 0.6);
  }, 60_000);
});
