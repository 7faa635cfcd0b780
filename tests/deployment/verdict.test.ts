import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../local-stack/paths';
import { notCheckedVerdict, verdictOf } from '../../scripts/check-deployment/verdict';

/**
 * How a run of check:deployment ends (check-deployment.test.ts holds every run's last line and exit code to its
 * lines). Whatever reads it, a CI step's exit code, a cron's `$? -ne 1` (as for grep), a person's eye on the last
 * line, only a pass may look like one.
 */
describe("check:deployment's verdict", () => {
  it('is a pass, exit 0, only when every line is ok', () => {
    expect(verdictOf(58, [], [])).toEqual({ line: 'PASS: the deployment passed all 58 checks.', code: 0 });
  });

  it('says in a pass what it is a pass of: the addresses and the build the run asked (session 28)', () => {
    expect(verdictOf(58, [], [], 'the site https://floors.example, the project https://abc.supabase.co').line).toBe(
      'PASS: the deployment passed all 58 checks: the site https://floors.example, the project https://abc.supabase.co.',
    );
  });

  it('fails with exit 1, naming the lines that failed and those that could not run', () => {
    expect(verdictOf(58, ['bucket floor-visualizer', 'webhook /healthz'], [])).toEqual({
      line: 'FAIL: 2 of 58 checks failed (bucket floor-visualizer; webhook /healthz).',
      code: 1,
    });
    expect(verdictOf(58, ['webhook /healthz'], ['throttle tells two clients apart']).line).toBe(
      'FAIL: 1 of 58 checks failed (webhook /healthz), and 1 could not run from here (throttle tells two clients apart).',
    );
  });

  it('says NOT CHECKED first and exits 1, as a failure does, when a line could not run: a caller testing $? -ne 1 took exit 3 for a pass', () => {
    const verdict = verdictOf(58, [], ['throttle tells two clients apart']);

    expect(verdict).toEqual({
      line: 'NOT CHECKED: 1 of 58 checks could not run from here (throttle tells two clients apart), so the deployment is not known to work; none of the others failed.',
      code: 1,
    });
    // A reader or a script looking for the word finds it only in a pass.
    expect(verdict.line).not.toMatch(/pass/i);
    expect(notCheckedVerdict('stopped by SIGTERM after 12 checks').line).not.toMatch(/pass/i);
  });

  it("is NOT CHECKED, exit 1 (not a usage error's 2), when the check cannot start: a CI job whose secret is missing", async () => {
    const result = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'scripts/check-deployment/main.ts', 'https://www.floors.example'],
      {
        cwd: PROJECT_ROOT,
        env: { PATH: process.env.PATH ?? '' },
      },
    ).then(
      (done) => ({ code: 0, stdout: done.stdout, stderr: done.stderr }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );

    expect(result.stderr).toContain('check:deployment: SUPABASE_URL or VITE_SUPABASE_URL is not set');
    expect([result.code, result.stdout.trim().split('\n').at(-1)]).toEqual([
      1,
      'NOT CHECKED: the check did not start (SUPABASE_URL or VITE_SUPABASE_URL is not set), so the deployment is not known to work.',
    ]);
  }, 60_000);
});
