import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { failureSummary, playwrightFailures, playwrightTally, vitestFailures, vitestTally, type PlaywrightReport, type VitestReport } from './test-reports.ts';

// Real reports from the real runners, on a throwaway folder of tests (one passes, one fails, one is skipped),
// so a change in either runner's report format shows here and not as a silent "0 failed" in CI.
const repository = process.cwd();
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'test-reports-'));
fs.symlinkSync(path.join(repository, 'node_modules'), path.join(scratch, 'node_modules'), 'dir');
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

function runReport<T>(command: string[], report: string, env: Record<string, string> = {}): T {
  const { status, stderr } = spawnSync(process.execPath, command, { cwd: scratch, env: { ...process.env, ...env }, encoding: 'utf8' });
  expect(status, stderr).toBe(1);
  return JSON.parse(fs.readFileSync(report, 'utf8')) as T;
}

describe("what npm test reads from the runners' reports", () => {
  it("names Vitest's failed test with the start of why, counts all three kinds, and names a file whose hook threw", () => {
    fs.mkdirSync(path.join(scratch, 'vitest'));
    fs.writeFileSync(path.join(scratch, 'vitest', 'sums.test.ts'), [
      "import { describe, expect, it } from 'vitest';",
      "describe('sums', () => {",
      "  it('adds', () => expect(1 + 1).toBe(2));",
      "  it('subtracts', () => expect(3 - 1).toBe(1));",
      "  it.skip('multiplies', () => {});",
      '});',
    ].join('\n'));
    fs.writeFileSync(path.join(scratch, 'vitest', 'setup.test.ts'), [
      "import { beforeAll, it } from 'vitest';",
      "beforeAll(() => { throw new Error('the stack did not start'); });",
      "it('never runs', () => {});",
    ].join('\n'));
    const report = path.join(scratch, 'vitest.json');
    const vitest = path.join(repository, 'node_modules', 'vitest', 'vitest.mjs');
    const results = runReport<VitestReport>([vitest, 'run', '--root', path.join(scratch, 'vitest'), '--reporter=json', `--outputFile.json=${report}`], report);

    // Vitest counts the test behind the throwing hook as skipped, and fails its file.
    expect(vitestTally(results)).toEqual({ passed: 1, failed: 1, skipped: 2 });
    const failures = vitestFailures(results, scratch);
    expect(failures.map((failure) => failure.name).sort()).toEqual(['vitest/setup.test.ts', 'vitest/sums.test.ts > sums subtracts']);
    expect(failures.find((failure) => failure.name.includes('subtracts'))!.why).toMatch(/expected 2 to be 1/);
    expect(failures.find((failure) => failure.name.includes('setup'))!.why).toMatch(/the stack did not start/);
    expect(failureSummary(failures)).toMatch(/^=== Failed \(2\)\n\nvitest: vitest\/s/);
  }, 60_000);

  it("names Playwright's failed test by file, line and describe blocks, with the start of why", () => {
    fs.mkdirSync(path.join(scratch, 'e2e'));
    // A test that asks for no page: Playwright runs it without a browser.
    fs.writeFileSync(path.join(scratch, 'e2e', 'sums.spec.ts'), [
      "import { expect, test } from '@playwright/test';",
      "test.describe('sums', () => {",
      "  test('adds', () => expect(1 + 1).toBe(2));",
      "  test('subtracts', () => expect(3 - 1).toBe(1));",
      "  test.skip('multiplies', () => {});",
      '});',
    ].join('\n'));
    fs.writeFileSync(path.join(scratch, 'playwright.config.ts'), "export default { testDir: 'e2e', reporter: 'json' };\n");
    const report = path.join(scratch, 'playwright.json');
    const cli = path.join(repository, 'node_modules', '@playwright', 'test', 'cli.js');
    const results = runReport<PlaywrightReport>([cli, 'test', '--config', 'playwright.config.ts'], report, { PLAYWRIGHT_JSON_OUTPUT_NAME: report });

    expect(playwrightTally(results)).toEqual({ passed: 1, failed: 1, skipped: 1 });
    const [failure, ...others] = playwrightFailures(results);
    expect(others).toEqual([]);
    expect(failure!.name).toBe('sums.spec.ts:4 > sums > subtracts');
    expect(failure!.why).toMatch(/toBe/);
    expect(failure!.why).toMatch(/Expected: 1/);
  }, 60_000);

  it('prints nothing when nothing failed', () => {
    expect(failureSummary([])).toBe('');
  });
});
