/**
 * Bench rows for the visualizer's offline engine (issue 8's budget: a 12 MP photo to the default style in at
 * most 1.5 s, to all five styles in at most 3 s, peak RSS at most 400 MB), medians of 5. Each run is its own
 * child process, so the first call's model load is in every run and nothing is shared between runs. A run is
 * what the processor does with an upload: decode the file's bytes (EXIF rotation, scaled to the processor's
 * working size, MAX_WORKING_SIDE), find the floor, render the styles, encode each as JPEG.
 *
 * The photo: the evaluation set's largest real photo (visualizer-processor/evaluation/photos, imported with
 * `npm run eval:import`), scaled up to 4000×3000 since the set holds no 12 MP original; without imported
 * photos, the synthetic fixture room rendered at that size. Each row's note says which.
 * Alone: npx tsx bench/visualizer-engine.bench.ts
 */
import { execFile } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import sharp from 'sharp';

import { PROCESSOR_MALLOC_SETTINGS } from '../visualizer-processor/src/malloc-settings.ts';
import { percentile, type BenchRow } from './bench-row';

const RUNS = 5;
const thisFile = fileURLToPath(import.meta.url);
const PHOTOS_DIR = path.join(path.dirname(thisFile), '..', 'visualizer-processor', 'evaluation', 'photos');

interface RunResult {
  ms: number;
  /** CPU time of the whole process (all threads) over the same span: less sensitive to a busy machine. */
  cpuMs: number;
  peakRssMb: number;
  phases: { decode: number; findFloor: number; render: number };
}

/**
 * The process runs with the processor's glibc malloc settings (malloc-settings.ts, decision 051): two arenas, since
 * glibc gives each of libuv's threads its own and sharp's JPEG work in them leaves freed memory behind that is never
 * returned (about 30 MB of RSS per 5 MP encode), and freed blocks reused rather than unmapped and faulted in again.
 * The bench measures with them, and once more with glibc's defaults so the difference stays visible.
 */
const MALLOC_SETTINGS: Record<string, string> = { ...PROCESSOR_MALLOC_SETTINGS };

async function runOnce(photoPath: string, styles: 'default' | 'all', env: Record<string, string> = MALLOC_SETTINGS): Promise<RunResult> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', thisFile, '--child', photoPath, styles], {
    maxBuffer: 1024 * 1024,
    env: { ...process.env, ...env },
  });
  return JSON.parse(stdout.trim().split('\n').pop()!) as RunResult;
}

/** One processing run, in the child process. */
async function childRun(photoPath: string, styles: 'default' | 'all'): Promise<void> {
  const { decodePhoto, MAX_WORKING_SIDE } = await import('../visualizer-processor/src/decode-photo.ts');
  const { createOfflineFloorEngine } = await import('../visualizer-processor/engine/offline-floor-engine.ts');
  const { DEFAULT_WOOD_STYLE, WOOD_STYLE_IDS } = await import('../contracts/wood-styles.ts');
  const { renderWoodStyles } = await import('../visualizer-processor/engine/rendering/render-wood-styles.ts');
  // sharp set up as the processor sets it (src/main.ts).
  sharp.cache(false);
  sharp.concurrency(1);
  const bytes = await readFile(photoPath);
  // From the engine's creation: what it starts then (loading the network, making the default style's boards)
  // is in the time, as it is for a processor started for the photo it was sent.
  const cpuStart = process.cpuUsage();
  const started = performance.now();
  const engine = createOfflineFloorEngine();
  const photo = await decodePhoto(bytes, { maxSide: MAX_WORKING_SIDE });
  const decoded = performance.now();
  // visualize() is exactly these two halves, timed apart here.
  const floor = await engine.findFloor(photo);
  const found = performance.now();
  await renderWoodStyles(photo, floor, styles === 'all' ? WOOD_STYLE_IDS : [DEFAULT_WOOD_STYLE], 1);
  const rendered = performance.now();
  const cpu = process.cpuUsage(cpuStart);
  const result: RunResult = {
    ms: rendered - started,
    cpuMs: (cpu.user + cpu.system) / 1000,
    peakRssMb: peakRssMb(),
    phases: { decode: decoded - started, findFloor: found - decoded, render: rendered - found },
  };
  console.log(JSON.stringify(result));
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

/** Writes the 12 MP test photo; says what it is. */
async function makeTestPhoto(directory: string): Promise<{ file: string; description: string }> {
  const file = path.join(directory, 'room-4000x3000.jpg');
  let best: { name: string; pixels: number; width: number; height: number } | null = null;
  try {
    for (const name of readdirSync(PHOTOS_DIR).filter((n) => /\.(jpe?g|png|webp)$/i.test(n))) {
      const { width = 0, height = 0 } = await sharp(path.join(PHOTOS_DIR, name)).metadata();
      if (!best || width * height > best.pixels) best = { name, pixels: width * height, width, height };
    }
  } catch {
    // no imported photos
  }
  if (best) {
    // A landscape 4:3 frame of 12 MP, the photo scaled up to cover it.
    await sharp(path.join(PHOTOS_DIR, best.name)).rotate().resize(4000, 3000, { fit: 'cover', kernel: 'lanczos3' }).jpeg({ quality: 90 }).toFile(file);
    return { file, description: `real photo ${best.name} (${best.width}×${best.height}) scaled up to a 4000×3000 JPEG` };
  }
  const { writeRoomPhoto } = await import('../visualizer-processor/fixtures/make-fixtures.ts');
  const { FIXTURE_SCENES } = await import('../visualizer-processor/fixtures/synthetic-room.ts');
  await writeRoomPhoto(FIXTURE_SCENES.carpet, 4000, 3000, file);
  return { file, description: 'synthetic fixture room rendered as a 4000×3000 JPEG (no real photos imported)' };
}

export default async function visualizerEngineBench(): Promise<BenchRow[]> {
  const directory = await mkdtemp(path.join(tmpdir(), 'visualizer-bench-'));
  const rows: BenchRow[] = [];
  try {
    const { file, description } = await makeTestPhoto(directory);
    for (const styles of ['default', 'all'] as const) {
      const runs: RunResult[] = [];
      for (let run = 0; run < RUNS; run++) runs.push(await runOnce(file, styles));
      const label = styles === 'default' ? 'default style' : 'all five styles';
      const median = (values: number[]) => Math.round(percentile(values, 50));
      const phases = `decode ${median(runs.map((r) => r.phases.decode))} ms, find floor ${median(runs.map((r) => r.phases.findFloor))} ms, render + encode ${median(runs.map((r) => r.phases.render))} ms`;
      const { MAX_WORKING_SIDE } = await import('../visualizer-processor/src/decode-photo.ts');
      const note = `${description}; from file bytes, worked on at ${MAX_WORKING_SIDE} px; one child process per run (model load included); medians: ${phases}`;
      const times = runs.map((run) => run.ms);
      const cpu = runs.map((run) => run.cpuMs);
      const memory = runs.map((run) => run.peakRssMb);
      rows.push(
        { metric: `visualizer engine time, 12 MP, ${label}`, median: median(times), p95: Math.round(percentile(times, 95)), unit: 'ms', runs: RUNS, note },
        {
          metric: `visualizer engine CPU time, 12 MP, ${label}`,
          median: median(cpu),
          p95: Math.round(percentile(cpu, 95)),
          unit: 'ms',
          runs: RUNS,
          note: 'the same runs: CPU time of all the process threads; on a busy machine, closer to what an idle one would take than the elapsed time',
        },
        { metric: `visualizer engine peak RSS, 12 MP, ${label}`, median: median(memory), p95: Math.round(percentile(memory, 95)), unit: 'MB', runs: RUNS, note: `${note}; the processor's malloc settings (MALLOC_ARENA_MAX=2 and the rest, decision 051)` },
      );
    }
    const defaultArenas: RunResult[] = [];
    for (let run = 0; run < RUNS; run++) defaultArenas.push(await runOnce(file, 'all', {}));
    const memory = defaultArenas.map((run) => run.peakRssMb);
    rows.push({
      metric: 'visualizer engine peak RSS, 12 MP, all five styles, glibc default arenas',
      median: Math.round(percentile(memory, 50)),
      p95: Math.round(percentile(memory, 95)),
      unit: 'MB',
      runs: RUNS,
      note: `${description}; as above with glibc's defaults (none of the malloc settings): freed JPEG buffers stay in per-thread arenas`,
    });
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
  return rows;
}

if (process.argv[1] && path.resolve(process.argv[1]) === thisFile) {
  const childIndex = process.argv.indexOf('--child');
  if (childIndex >= 0) {
    await childRun(process.argv[childIndex + 1]!, process.argv[childIndex + 2] === 'all' ? 'all' : 'default');
  } else {
    for (const row of await visualizerEngineBench()) console.log(JSON.stringify(row));
  }
}
