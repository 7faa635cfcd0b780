import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { optionProblem } from './command-options.ts';

const run = promisify(execFile);
const VISITOR_COMMAND = path.join(path.dirname(fileURLToPath(import.meta.url)), 'visitor.ts');

const VISITOR = { values: ['--taps', '--cache'], switches: ['--per-photo'] };

describe('optionProblem', () => {
  it('takes names, switches and options with their values', () => {
    expect(optionProblem(['engine', '--per-photo', '--cache', '/tmp/cache', '--taps', '2'], VISITOR)).toBeNull();
    expect(optionProblem([], VISITOR)).toBeNull();
  });

  it('names a misspelt option, and one written with "=" for the space it takes', () => {
    expect(optionProblem(['--per-photos'], VISITOR)).toBe('Unknown option "--per-photos".');
    expect(optionProblem(['--cache=/tmp/cache'], VISITOR)).toBe('Unknown option "--cache=/tmp/cache".');
  });

  it('names an option given no value (last, or followed by another option)', () => {
    expect(optionProblem(['--cache'], VISITOR)).toBe('--cache needs a value.');
    expect(optionProblem(['--cache', '--per-photo'], VISITOR)).toBe('--cache needs a value.');
  });
});

describe('npm run eval:visitor', () => {
  it('refuses a misspelt option at once, before scoring any photo', async () => {
    const outcome = await run(process.execPath, ['--import', import.meta.resolve('tsx'), VISITOR_COMMAND, '--per-photos']).then(
      () => ({ code: 0, stdout: '', stderr: '' }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(outcome.code).toBe(1);
    expect(outcome.stdout).toBe('');
    expect(outcome.stderr).toMatch(/^Unknown option "--per-photos"\.\nUsage: npm run eval:visitor -- /);
  }, 60_000);
});
