/**
 * Local stack benchmarks: start-up on a new data folder (initdb + every migration) and on an existing one,
 * and insert latency through the gateway as the browser's raw POST sends it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findFreePort } from '../local-stack/ports';
import { startStack, type Stack } from '../local-stack/stack';
import { setThrottleLimit } from '../tests/support/throwaway-stack';
import { median, percentile, type BenchRow } from './bench-row';

async function ports() {
  return {
    gateway: await findFreePort(),
    postgres: await findFreePort(),
    postgrest: await findFreePort(),
    postgrestAdmin: await findFreePort(),
    processor: await findFreePort(),
  };
}

async function timedStart(folder: string): Promise<{ ms: number; stack: Stack }> {
  const started = performance.now();
  const stack = await startStack({ ports: await ports(), dataDir: path.join(folder, 'postgres'), storageDir: path.join(folder, 'storage') });
  return { ms: performance.now() - started, stack };
}

function newFolder(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'flooring-site-bench-'));
  fs.chmodSync(folder, 0o755);
  return folder;
}

export default async function benchStack(): Promise<BenchRow[]> {
  const firstRuns: number[] = [];
  const laterRuns: number[] = [];
  const folders: string[] = [];
  for (let run = 0; run < 3; run++) {
    const folder = newFolder();
    folders.push(folder);
    const { ms, stack } = await timedStart(folder);
    firstRuns.push(ms);
    await stack.stop();
  }
  const reused = folders[0]!;
  for (let run = 0; run < 5; run++) {
    const { ms, stack } = await timedStart(reused);
    laterRuns.push(ms);
    await stack.stop();
  }

  const { stack } = await timedStart(reused);
  const latencies: number[] = [];
  try {
    await setThrottleLimit(stack.superuserUrl, 1_000_000);
    const headers = {
      apikey: stack.anonKey,
      Authorization: `Bearer ${stack.anonKey}`,
      'Content-Type': 'application/json',
      Prefer: 'return=representation',
    };
    for (let n = 0; n < 210; n++) {
      const id = crypto.randomUUID();
      const started = performance.now();
      const response = await fetch(`${stack.url}/rest/v1/contacts?select=id`, {
        method: 'POST',
        headers: { ...headers, 'x-submission-id': id },
        body: JSON.stringify({ id, name: 'Bench', email: `bench.${n}@example.com`, phone: '856-555-0100', message: 'Benchmark insert' }),
      });
      await response.arrayBuffer();
      if (response.status !== 201) throw new Error(`insert answered ${response.status}`);
      if (n >= 10) latencies.push(performance.now() - started); // the first ten warm the connection pools
    }
  } finally {
    await stack.stop();
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  }

  return [
    { metric: 'stack start-up, new data folder (initdb + migrations)', median: median(firstRuns), unit: 'ms', runs: firstRuns.length },
    { metric: 'stack start-up, existing data', median: median(laterRuns), unit: 'ms', runs: laterRuns.length },
    { metric: 'insert through the gateway (anon, POST contacts)', median: median(latencies), p95: percentile(latencies, 95), unit: 'ms', runs: latencies.length },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.table(await benchStack());
}
