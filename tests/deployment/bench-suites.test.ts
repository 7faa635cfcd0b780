import { afterEach, describe, expect, it } from 'vitest';
import { runSuites, suitesAsked } from '../../bench/run-suites';

/**
 * `npm run bench` runs its suites in one process. Vite's build sets NODE_ENV=production in process.env for good (the
 * bundle, first-tap, lighthouse and visualizer suites build the site), and the suites set VITE_* there for their
 * builds; a later suite's children inherit process.env (the stack suite's visualizer processor then refused to start).
 */
describe('the bench runner', () => {
  const before = process.env.NODE_ENV;
  afterEach(() => {
    if (before === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = before;
    delete process.env.VITE_BENCH_SUITES_TEST;
  });

  it('runs each suite in the environment the command started with, after one that failed too', async () => {
    const seen: (string | undefined)[][] = [];
    const look = () => seen.push([process.env.NODE_ENV, process.env.VITE_BENCH_SUITES_TEST]);
    const failures: string[] = [];
    const { rows, failed } = await runSuites(
      [
        {
          name: 'builds',
          run: async () => {
            Object.assign(process.env, { NODE_ENV: 'production', VITE_BENCH_SUITES_TEST: 'the first suite' });
            return [{ metric: 'a', median: 1, unit: 'ms', runs: 1 }];
          },
        },
        { name: 'looks', run: async () => (look(), []) },
        {
          name: 'throws',
          run: async () => {
            process.env.NODE_ENV = 'production';
            throw new Error('broken');
          },
        },
        { name: 'looks again', run: async () => (look(), []) },
      ],
      { started: () => {}, failed: (name) => failures.push(name) },
    );
    expect(seen).toEqual([
      [before, undefined],
      [before, undefined],
    ]);
    expect(rows).toEqual([{ metric: 'a', median: 1, unit: 'ms', runs: 1, suite: 'builds' }]);
    expect([failed, failures]).toEqual([true, ['throws']]);
  });
});

describe('the suites `npm run bench -- <words>` asks for', () => {
  const files = ['bundle.bench.ts', 'first-tap.bench.ts', 'stack.bench.ts', 'visualizer-engine.bench.ts'];

  it('are every suite with no words, else those whose names contain one', () => {
    expect(suitesAsked(files, [])).toEqual({ files });
    expect(suitesAsked(files, ['stack', 'engine'])).toEqual({ files: ['stack.bench.ts', 'visualizer-engine.bench.ts'] });
  });

  it('refuses a word that names no suite, and an option, naming the suites (they ran nothing, with exit code 0)', () => {
    expect(suitesAsked(files, ['stack', 'lighthuose'])).toEqual({
      problem: 'No suite\'s name contains "lighthuose". Suites: bundle, first-tap, stack, visualizer-engine.',
    });
    expect(suitesAsked(files, ['--runs=1'])).toEqual({
      problem: 'Unknown option "--runs=1": npm run bench takes suite names (its settings come from the environment). Suites: bundle, first-tap, stack, visualizer-engine.',
    });
  });
});

