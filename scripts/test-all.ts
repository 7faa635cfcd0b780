/**
 * `npm test`: every layer CI runs, in turn: the type check, Vitest (unit + component, processor,
 * integration against a real stack) and Playwright (end to end in Chromium). Ends with one plain line,
 * `N passed, N failed, N skipped`, summed from the runners' own JSON reports.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

type Tally = { passed: number; failed: number; skipped: number };

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

function vitestTally(file: string): Tally | undefined {
  const report = readJson<{ numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number }>(file);
  return report && { passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numPendingTests + report.numTodoTests };
}

function playwrightTally(file: string): Tally | undefined {
  const report = readJson<{ stats: { expected: number; unexpected: number; flaky: number; skipped: number } }>(file);
  return report && { passed: report.stats.expected + report.stats.flaky, failed: report.stats.unexpected, skipped: report.stats.skipped };
}

const total: Tally = { passed: 0, failed: 0, skipped: 0 };
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
add('vitest', vitest, vitestTally(vitestReport));

const playwrightReport = path.join(reportDir, 'playwright.json');
const playwright = await run('Playwright: end to end in Chromium', process.execPath, ['--import', 'tsx', 'scripts/test-e2e.ts'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
});
add('playwright', playwright, playwrightTally(playwrightReport));

fs.rmSync(reportDir, { recursive: true, force: true });
console.log(`\n${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(total.failed > 0 ? 1 : 0);
