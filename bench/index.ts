/**
 * `npm run bench`: every benchmark module in bench/ (`*.bench.ts`, default export returning rows), one after
 * the other, then one table. Not part of `npm test`: timings are reported, never asserted.
 * `npm run bench -- stack` runs only the modules whose file name contains "stack". Each runs in the environment the
 * command started with (run-suites.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchRow } from './bench-row';
import { runSuites, suitesAsked } from './run-suites';

const here = path.dirname(fileURLToPath(import.meta.url));
const asked = suitesAsked(
  fs
    .readdirSync(here)
    .filter((file) => file.endsWith('.bench.ts'))
    .sort(),
  process.argv.slice(2),
);
if ('problem' in asked) {
  console.error(`${asked.problem}\nUsage: npm run bench [-- <words of suite names> ...]`);
  process.exit(1);
}
const modules = asked.files;

const { rows, failed } = await runSuites(
  modules.map((file) => ({
    name: file.replace('.bench.ts', ''),
    run: async () => ((await import(path.join(here, file))) as { default: () => Promise<BenchRow[]> }).default(),
  })),
  {
    started: (suite) => console.log(`running ${suite} ...`),
    failed: (suite, error) => console.error(`${suite} failed: ${error instanceof Error ? error.stack : String(error)}`),
  },
);
if (failed) process.exitCode = 1;

// Three significant digits below 10 (an IoU of 0.741 must not print as 0.7), one decimal above.
const format = (value: number | undefined, unit: string) =>
  value === undefined ? '' : `${Math.abs(value) < 10 ? Number(value.toPrecision(3)) : Number(value.toFixed(1))} ${unit}`;
console.log('\n| suite | metric | median | p95 | runs | note |\n|---|---|---|---|---|---|');
for (const row of rows) {
  console.log(`| ${row.suite} | ${row.metric} | ${format(row.median, row.unit)} | ${format(row.p95, row.unit)} | ${row.runs} | ${row.note ?? ''} |`);
}
