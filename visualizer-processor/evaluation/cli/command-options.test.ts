import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { optionProblem } from './command-options.ts';

const run = promisify(execFile);
const VISITOR_COMMAND = path.join(path.dirname(fileURLToPath(import.meta.url)), 'visitor.ts');
const UPLOAD_SIZE_COMMAND = path.join(path.dirname(fileURLToPath(import.meta.url)), 'upload-size.ts');

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

describe('options written with "=" (eval:upload-size)', () => {
  const UPLOAD_SIZE = { values: ['--cache'], switches: ['--noise'], joined: ['--sides', '--only'] };

  it('takes them with their value, beside the others', () => {
    expect(optionProblem(['--sides=2048,1600', '--noise', '--cache', '/tmp/cache', '--only=a,b'], UPLOAD_SIZE)).toBeNull();
  });

  it('names one given no value, or its value after a space, and a misspelt one', () => {
    expect(optionProblem(['--sides'], UPLOAD_SIZE)).toBe('--sides needs a value after "=" (--sides=...).');
    expect(optionProblem(['--sides=', '2048'], UPLOAD_SIZE)).toBe('--sides needs a value after "=" (--sides=...).');
    expect(optionProblem(['--side=2048'], UPLOAD_SIZE)).toBe('Unknown option "--side=2048".');
  });
});

describe('npm run eval:upload-size', () => {
  it('refuses a misspelt option at once, before opening the browser or scoring any photo', async () => {
    const outcome = await run(process.execPath, ['--import', import.meta.resolve('tsx'), UPLOAD_SIZE_COMMAND, '--noize']).then(
      () => ({ code: 0, stdout: '', stderr: '' }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(outcome.code).toBe(1);
    expect(outcome.stdout).toBe('');
    expect(outcome.stderr).toMatch(/^Unknown option "--noize"\.\nUsage: npm run eval:upload-size -- /);
  }, 60_000);
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
