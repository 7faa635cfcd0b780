/**
 * What `npm test` reads from the runners' JSON reports: how many tests passed, failed and were skipped, and which
 * failed and why. The failed ones are printed again just above the last line, since a CI log that keeps only its
 * tail would otherwise name none of them (stop 49: "1246 passed, 1 failed", and no test's name in the tail).
 */
import path from 'node:path';

export type Tally = { passed: number; failed: number; skipped: number };

/** A failed test: the runner, where it is and its name, and the first lines of why. */
export type Failure = { runner: 'vitest' | 'playwright'; name: string; why: string };

/** The first lines of a failure message, without colour codes: enough to say what failed where. */
function firstLines(message: string | undefined, count = 6): string {
  return (message ?? '')
    .replace(/\x1b\[[0-9;]*m/g, '')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, count)
    .join('\n');
}

/** The part of Vitest's JSON report read here. */
export interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: {
    name: string;
    status: string;
    message?: string;
    assertionResults: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
}

export function vitestTally(report: VitestReport): Tally {
  return { passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numPendingTests + report.numTodoTests };
}

export function vitestFailures(report: VitestReport, root = process.cwd()): Failure[] {
  return report.testResults.flatMap((file): Failure[] => {
    const where = path.relative(root, file.name);
    const failed = file.assertionResults.filter((test) => test.status === 'failed');
    // A file that failed with no failed test in it: its import or one of its hooks threw.
    if (failed.length === 0) return file.status === 'failed' ? [{ runner: 'vitest', name: where, why: firstLines(file.message) }] : [];
    return failed.map((test) => ({ runner: 'vitest', name: `${where} > ${test.fullName}`, why: firstLines(test.failureMessages?.join('\n')) }));
  });
}

/** The part of Playwright's JSON report read here: suites nest (file, describe blocks), specs hold the tests. */
interface PlaywrightSuite {
  title: string;
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: { title: string; file: string; line: number; tests: { status: string; results: { error?: { message?: string } }[] }[] }[];
}
export interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  suites?: PlaywrightSuite[];
}

export function playwrightTally(report: PlaywrightReport): Tally {
  return { passed: report.stats.expected + report.stats.flaky, failed: report.stats.unexpected, skipped: report.stats.skipped };
}

export function playwrightFailures(report: PlaywrightReport): Failure[] {
  const walk = (suite: PlaywrightSuite, titles: string[]): Failure[] => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests
        .filter((test) => test.status === 'unexpected')
        .map((test): Failure => ({
          runner: 'playwright',
          name: `${spec.file}:${spec.line} > ${[...titles, spec.title].join(' > ')}`,
          why: firstLines(test.results.at(-1)?.error?.message),
        })),
    ),
    ...(suite.suites ?? []).flatMap((child) => walk(child, [...titles, child.title])),
  ];
  // The top suites are the files: their titles are the file names the specs already carry.
  return (report.suites ?? []).flatMap((file) => walk(file, []));
}

/** The failed tests as `npm test` prints them above its last line; empty when none failed. */
export function failureSummary(failures: Failure[]): string {
  if (failures.length === 0) return '';
  const entries = failures.map((failure) => `${failure.runner}: ${failure.name}\n${failure.why.replace(/^/gm, '    ')}`);
  return `=== Failed (${failures.length})\n\n${entries.join('\n\n')}`;
}
