import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Runs a command's script as npm would, with `args`; its exit code and output. */
function command(script: string, args: string[]) {
  return run(process.execPath, ['--import', import.meta.resolve('tsx'), path.join(ROOT, script), ...args], { timeout: 50_000 }).then(
    () => ({ code: 0, stdout: '', stderr: '' }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

/**
 * The commands that rewrite committed files (the site's images and their manifest, the visualizer's sample sheets)
 * ignored a misspelt option and rewrote them: `--previw /tmp/x` instead of previews, `--ot /tmp/x` instead of
 * another folder. They refuse it before writing anything.
 */
describe('commands that rewrite committed files', () => {
  // Each case also names a safe folder, so a run that ignored the mistake writes there, never over the repository:
  // a scratch folder of this run's own ({scratch}), so runs side by side never write into each other's.
  let scratch = '';
  beforeAll(async () => {
    scratch = await mkdtemp(path.join(os.tmpdir(), 'regenerating-commands-'));
  });
  afterAll(async () => {
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  it.each([
    ['images:generate', 'scripts/generate-site-images.ts', '--preview {scratch}/previews --onyl hero-room', /^Unknown option "--onyl"\. Nothing was written\.\nUsage: npm run images:generate /],
    ['images:generate', 'scripts/generate-site-images.ts', '--preview {scratch}/previews hero-room', /^Unexpected argument "hero-room"\. Nothing was written\.\nUsage: npm run images:generate /],
    ['visualizer:samples', 'visualizer-processor/cli/before-after-samples.ts', '--out {scratch}/sheets --ot {scratch}/x', /^Unknown option "--ot"\. Nothing was written\.\nUsage: npm run visualizer:samples /],
  ])('%s (%s) refuses "%s" with one line and its usage, exit 1', async (_name, script, args, message) => {
    const outcome = await command(script, args.replaceAll('{scratch}', scratch).split(' '));
    expect(outcome.code).toBe(1);
    expect(outcome.stdout).toBe('');
    expect(outcome.stderr).toMatch(message);
  }, 60_000);
});
