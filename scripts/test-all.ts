/**
 * `npm test`: every layer CI runs, in turn: the type check, Vitest (unit + component, processor,
 * integration against a real stack) and Playwright (end to end in Chromium). Ends with one plain line,
 * `N passed, N failed, N skipped`, summed from the runners' own JSON reports.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { failureSummary, playwrightFailures, playwrightTally, vitestFailures, vitestTally, type Failure, type PlaywrightReport, type Tally, type VitestReport } from './test-reports.ts';

const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flooring-site-test-reports-'));
const bin = (name: string) => path.join('node_modules', '.bin', name);

function run(title: string, command: string, args: string[], env: Record<string, string> = {}): Promise<number> {
  console.log(`\n=== ${title}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

const total: Tally = { passed: 0, failed: 0, skipped: 0 };
const failures: Failure[] = [];
/** A runner that exited non-zero with no failed test named: the run itself failed (a global setup, an unhandled error). */
const runFailure = (runner: Failure['runner'], exitCode: number, named: number): Failure[] =>
  exitCode !== 0 && named === 0 ? [{ runner, name: 'no test named: the run itself failed (see its output above)', why: `exit code ${exitCode}` }] : [];
const add = (runner: string, exitCode: number, tally: Tally | undefined) => {
  // A runner that died before reporting (a broken global setup, say) counts as one failure, never as none.
  const counted = tally ?? { passed: 0, failed: 1, skipped: 0 };
  if (exitCode !== 0 && counted.failed === 0) counted.failed = 1;
  console.log(`${runner}: ${counted.passed} passed, ${counted.failed} failed, ${counted.skipped} skipped`);
  total.passed += counted.passed;
  total.failed += counted.failed;
  total.skipped += counted.skipped;
};

const typecheck = await run('Type check', bin('tsc'), ['-b', '--noEmit']);
add('tsc', typecheck, { passed: typecheck === 0 ? 1 : 0, failed: typecheck === 0 ? 0 : 1, skipped: 0 });

const vitestReport = path.join(reportDir, 'vitest.json');
const vitest = await run('Vitest: unit + component, processor, integration, deployment', bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
const vitestResults = readJson<VitestReport>(vitestReport);
add('vitest', vitest, vitestResults && vitestTally(vitestResults));
const vitestFailed = vitestResults ? vitestFailures(vitestResults) : [];
failures.push(...vitestFailed, ...runFailure('vitest', vitest, vitestFailed.length));

const playwrightReport = path.join(reportDir, 'playwright.json');
const playwright = await run('Playwright: end to end in Chromium', process.execPath, ['--import', 'tsx', 'scripts/test-e2e.ts'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
});
const playwrightResults = readJson<PlaywrightReport>(playwrightReport);
add('playwright', playwright, playwrightResults && playwrightTally(playwrightResults));
const playwrightFailed = playwrightResults ? playwrightFailures(playwrightResults) : [];
failures.push(...playwrightFailed, ...runFailure('playwright', playwright, playwrightFailed.length));

fs.rmSync(reportDir, { recursive: true, force: true });
if (failures.length > 0) console.log(`\n${failureSummary(failures)}`);
console.log(`\n${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(total.failed > 0 ? 1 : 0);
