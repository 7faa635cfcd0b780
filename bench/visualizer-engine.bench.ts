/**
 * Bench rows for the visualizer's default engine: processing time and peak memory for 1, 4 and 12 MP room
 * photos, median of 5. Each run is its own child process, so maxRSS is that run's peak and nothing is
 * shared between runs. A run is what the processor does with a photo: decode (EXIF rotation, scaled to the
 * 2560 px working size), render the floor, encode the JPEG.
 * Alone: npx tsx bench/visualizer-engine.bench.ts
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

import type { BenchRow } from './bench-row';

const RUNS = 5;
const SIZES = [
  { label: '1 MP', width: 1280, height: 800 },
  { label: '4 MP', width: 2560, height: 1600 },
  { label: '12 MP', width: 4000, height: 3000 },
];
const thisFile = fileURLToPath(import.meta.url);

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

async function runOnce(photoPath: string): Promise<{ ms: number; peakRssMb: number }> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', thisFile, '--child', photoPath], {
    maxBuffer: 1024 * 1024,
  });
  return JSON.parse(stdout.trim().split('\n').pop()!) as { ms: number; peakRssMb: number };
}

/** One processing run, in the child process. */
async function childRun(photoPath: string): Promise<void> {
  const { decodePhoto, MAX_WORKING_SIDE } = await import('../visualizer-processor/src/decode-photo.ts');
  const { createOfflineFloorEngine } = await import('../visualizer-processor/engine/offline-floor-engine.ts');
  const { DEFAULT_WOOD_STYLE } = await import('../contracts/wood-styles.ts');
  const engine = createOfflineFloorEngine();
  const bytes = await readFile(photoPath);
  const started = performance.now();
  const photo = await decodePhoto(bytes, { maxSide: MAX_WORKING_SIDE });
  await engine.visualize(photo, { styles: [DEFAULT_WOOD_STYLE] });
  const ms = performance.now() - started;
  console.log(JSON.stringify({ ms, peakRssMb: peakRssMb() }));
}

/**
 * This process's own peak resident memory. getrusage's maxRSS is not it on Linux: exec keeps the high-water
 * mark of the image that forked us, so a child of a large bench process (after Lighthouse, say) reported
 * the parent's size. /proc's VmHWM belongs to this process's own address space.
 */
function peakRssMb(): number {
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
    if (kb) return Number(kb) / 1024;
  } catch {
    // not Linux: fall back below
  }
  return process.resourceUsage().maxRSS / 1024;
}

export default async function visualizerEngineBench(): Promise<BenchRow[]> {
  const { writeRoomPhoto } = await import('../visualizer-processor/fixtures/make-fixtures.ts');
  const { FIXTURE_SCENES } = await import('../visualizer-processor/fixtures/synthetic-room.ts');
  const directory = await mkdtemp(path.join(tmpdir(), 'visualizer-bench-'));
  const rows: BenchRow[] = [];
  try {
    for (const size of SIZES) {
      const photoPath = path.join(directory, `room-${size.width}x${size.height}.jpg`);
      await writeRoomPhoto(FIXTURE_SCENES.carpet, size.width, size.height, photoPath);
      const runs: Array<{ ms: number; peakRssMb: number }> = [];
      for (let run = 0; run < RUNS; run++) runs.push(await runOnce(photoPath));
      const note = `synthetic ${size.width}×${size.height} JPEG room, worked on at most ${2560} px wide; decode + floor + planks + JPEG, one child process per run`;
      const times = runs.map((run) => run.ms);
      const memory = runs.map((run) => run.peakRssMb);
      rows.push(
        { metric: `visualizer engine time, ${size.label}`, median: Math.round(percentile(times, 0.5)), p95: Math.round(percentile(times, 0.95)), unit: 'ms', runs: RUNS, note },
        { metric: `visualizer engine peak RSS, ${size.label}`, median: Math.round(percentile(memory, 0.5)), p95: Math.round(percentile(memory, 0.95)), unit: 'MB', runs: RUNS, note },
      );
    }
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
  return rows;
}

if (process.argv[1] && path.resolve(process.argv[1]) === thisFile) {
  const childIndex = process.argv.indexOf('--child');
  if (childIndex >= 0) {
    await childRun(process.argv[childIndex + 1]!);
  } else {
    for (const row of await visualizerEngineBench()) console.log(JSON.stringify(row));
  }
}
