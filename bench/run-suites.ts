import type { BenchRow } from './bench-row';

export type SuiteRows = BenchRow & { suite: string };

/**
 * Runs bench suites one after the other in this process, each in the environment the command started with: a suite
 * changes process.env for what it starts (the site's build takes VITE_* from it, and Vite's build sets NODE_ENV to
 * production for the rest of the process), and the next suite's children inherit process.env. After a build,
 * `npm run bench`'s stack suite started a visualizer processor that read NODE_ENV=production and refused the local
 * stack's ALLOWED_ORIGINS=*, so that suite failed in every run that built the site before it.
 * A suite that throws is reported and the others still run; `failed` says whether any did.
 */
export async function runSuites(
  suites: { name: string; run: () => Promise<BenchRow[]> }[],
  report: { started(name: string): void; failed(name: string, error: unknown): void },
): Promise<{ rows: SuiteRows[]; failed: boolean }> {
  const startingEnvironment = { ...process.env };
  const rows: SuiteRows[] = [];
  let failed = false;
  for (const { name, run } of suites) {
    report.started(name);
    try {
      for (const row of await run()) rows.push({ ...row, suite: name });
    } catch (error) {
      report.failed(name, error);
      failed = true;
    } finally {
      for (const key of Object.keys(process.env)) if (!(key in startingEnvironment)) delete process.env[key];
      Object.assign(process.env, startingEnvironment);
    }
  }
  return { rows, failed };
}

/**
 * The suite files `npm run bench -- <words>` asks for: every file with no words, else those whose name contains a
 * word. A word that names no suite, or an option (`--runs=1`: the suites take their knobs from the environment), is
 * refused with the list of suites: it used to run nothing and print an empty table with exit code 0.
 */
export function suitesAsked(files: readonly string[], words: readonly string[]): { files: string[] } | { problem: string } {
  const suites = files.map((file) => file.replace('.bench.ts', ''));
  const listed = `Suites: ${suites.join(', ')}.`;
  for (const word of words) {
    if (word.startsWith('-')) return { problem: `Unknown option "${word}": npm run bench takes suite names (its settings come from the environment). ${listed}` };
    if (!files.some((file) => file.includes(word))) return { problem: `No suite's name contains "${word}". ${listed}` };
  }
  return { files: files.filter((file) => words.length === 0 || words.some((word) => file.includes(word))) };
}

