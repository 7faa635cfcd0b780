/**
 * Bench rows for finding the floor (issues 8 and 23). Quality: mean floor IoU, the share of photos under 0.5,
 * the IoU after 1, 2 and 3 simulated taps, mean precision (share of the wood that lands on floor), mean wood
 * outside the floor (false floor as a share of the photo) and the photos where that is over 3 %, on the
 * labelled real photos (when imported: `npm run eval:import`) and on the rendered rooms, for the engine (what
 * `npm run floor-mask` writes), the bare network (512 px stretch, argmax floor, nearest upscale) and the
 * baselines; then per photo the engine beside the bare network; then the visitor's view (issue 34: the page's first
 * render and two simulated taps, believable photos, the worst tap), on the whole real set and its held-back photos. Speed: floor finding for a 12 MP photo, median of 5,
 * a fresh process each: cold (the call loads the network), as the engine runs it (the network loads while
 * the photo decodes), again in the same process, with three taps, and at the photo's full size as
 * `npm run floor-mask` does it; peak RSS.
 * Alone: npx tsx bench/floor-segmentation.bench.ts
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { DecodedPhoto, FloorMask, FloorTap } from '../visualizer-processor/engine/floor-engine.ts';
import type { CaseScore, EvaluationCase } from '../visualizer-processor/evaluation/score-floor-masks.ts';
import type { VisitorJudgement, VisitorScore } from '../visualizer-processor/evaluation/visitor-view.ts';
import type { BenchRow } from './bench-row';
import { median, percentile } from './bench-row';

const RUNS = 5;
const thisFile = fileURLToPath(import.meta.url);

interface TimingRun {
  coldMs: number;
  firstMs: number;
  againMs: number;
  againCpuMs: number;
  tapsMs: number;
  fullSizeMs: number;
  peakRssMb: number;
}

function peakRssMb(): number {
  const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
  return kb ? Number(kb) / 1024 : process.resourceUsage().maxRSS / 1024;
}

async function time(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/**
 * One timing run, in a child process of its own. `cold`: the floor finder called with nothing loaded, so the
 * call pays for loading the network. Otherwise as the processor and `npm run floor-mask` run it: the engine is
 * created (which starts loading the network), the photo decoded, then the floor found, again, with taps, and
 * at full size.
 */
async function childRun(photoPath: string, cold: boolean): Promise<void> {
  const { decodePhoto, MAX_WORKING_SIDE } = await import('../visualizer-processor/src/decode-photo.ts');
  const bytes = await readFile(photoPath);
  if (cold) {
    const { findFloorWithSegmenter } = await import('../visualizer-processor/engine/segmentation/find-floor-with-segmenter.ts');
    const photo = await decodePhoto(bytes, { maxSide: MAX_WORKING_SIDE });
    console.log(JSON.stringify({ coldMs: await time(() => findFloorWithSegmenter(photo)) }));
    return;
  }
  const { createOfflineFloorEngine } = await import('../visualizer-processor/engine/offline-floor-engine.ts');
  const engine = createOfflineFloorEngine();
  const photo = await decodePhoto(bytes, { maxSide: MAX_WORKING_SIDE });
  const firstMs = await time(() => engine.findFloor(photo));
  const cpuBefore = process.cpuUsage();
  const againMs = await time(() => engine.findFloor(photo));
  const cpu = process.cpuUsage(cpuBefore);
  const againCpuMs = (cpu.user + cpu.system) / 1000;
  const taps = [
    { x: 0.5, y: 0.9, floor: false },
    { x: 0.9, y: 0.85, floor: true },
    { x: 0.5, y: 0.3, floor: true },
  ];
  const tapsMs = await time(() => engine.findFloor(photo, { taps }));
  const fullSize = await decodePhoto(bytes);
  const fullSizeMs = await time(() => engine.findFloor(fullSize));
  console.log(JSON.stringify({ firstMs, againMs, againCpuMs, tapsMs, fullSizeMs, peakRssMb: peakRssMb() }));
}

async function timingRows(): Promise<BenchRow[]> {
  const { writeRoomPhoto } = await import('../visualizer-processor/fixtures/make-fixtures.ts');
  const { FIXTURE_SCENES } = await import('../visualizer-processor/fixtures/synthetic-room.ts');
  const directory = await mkdtemp(path.join(tmpdir(), 'floor-segmentation-bench-'));
  try {
    const photoPath = path.join(directory, 'room-4000x3000.jpg');
    await writeRoomPhoto(FIXTURE_SCENES.carpet, 4000, 3000, photoPath);
    const child = async (...flags: string[]) => {
      const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', thisFile, '--child', photoPath, ...flags], { maxBuffer: 1024 * 1024 });
      return JSON.parse(stdout.trim().split('\n').pop()!) as Partial<TimingRun>;
    };
    const runs: Partial<TimingRun>[] = [];
    for (let run = 0; run < RUNS; run++) runs.push({ ...(await child('--cold')), ...(await child()) });
    const { MAX_WORKING_SIDE } = await import('../visualizer-processor/src/decode-photo.ts');
    const note = `synthetic 4000×3000 JPEG room decoded to the ${MAX_WORKING_SIDE} px working size; a fresh child process per run`;
    const row = (metric: string, key: keyof TimingRun, unit: string, rowNote = note): BenchRow => {
      const values = runs.map((run) => run[key]!);
      return { metric, median: Math.round(median(values)), p95: Math.round(percentile(values, 95)), unit, runs: RUNS, note: rowNote };
    };
    return [
      row('find floor, 12 MP, cold (the call loads the network)', 'coldMs', 'ms'),
      row('find floor, 12 MP, first photo (network loaded while decoding)', 'firstMs', 'ms'),
      row('find floor, 12 MP, again in the same process', 'againMs', 'ms'),
      row('find floor, 12 MP, again: CPU time', 'againCpuMs', 'ms', 'CPU time of the call above, all threads: steadier than wall time on a busy machine'),
      row('find floor, 12 MP, with 3 taps', 'tapsMs', 'ms'),
      row('find floor, 12 MP at full size (npm run floor-mask)', 'fullSizeMs', 'ms', 'the same photo at 4000×3000, after the calls above'),
      row('find floor, peak RSS', 'peakRssMb', 'MB', 'the whole child process: the four calls and the 12 MP decode'),
    ];
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

async function qualityRows(): Promise<BenchRow[]> {
  const { loadRealSet } = await import('../visualizer-processor/evaluation/load-real-set.ts');
  const { loadRenderedSet } = await import('../visualizer-processor/evaluation/rendered/load-rendered-set.ts');
  const { scoreFloorMasks, OUTSIDE_LIMIT } = await import('../visualizer-processor/evaluation/score-floor-masks.ts');
  const { bareNetworkMask, bottomFortyPercent, regionGrowerMask } = await import('../visualizer-processor/evaluation/baseline-masks.ts');
  const { findFloorWithSegmenter, DEFAULT_TUNING } = await import('../visualizer-processor/engine/segmentation/find-floor-with-segmenter.ts');

  const real = await loadRealSet();
  const cases = [...real.cases, ...loadRenderedSet()];
  // The engine without its mirrored run.
  const oneRun = { ...DEFAULT_TUNING, mirrored: false, unanimous: false };
  interface Contender {
    name: string;
    predict: (photo: DecodedPhoto) => Promise<FloorMask>;
    correct?: (photo: DecodedPhoto, taps: FloorTap[]) => Promise<FloorMask>;
  }
  const contenders: Contender[] = [
    { name: 'engine', predict: (photo) => findFloorWithSegmenter(photo), correct: (photo, taps) => findFloorWithSegmenter(photo, { taps }) },
    // The bare network as issue 23 measured it: 512 px stretch, argmax floor, nearest upscale.
    { name: 'bare network', predict: bareNetworkMask },
    {
      name: 'engine, one run (no mirror)',
      predict: (photo) => findFloorWithSegmenter(photo, {}, oneRun),
      correct: (photo, taps) => findFloorWithSegmenter(photo, { taps }, oneRun),
    },
    { name: 'region grower (old engine)', predict: regionGrowerMask },
    { name: 'bottom 40 %', predict: bottomFortyPercent },
  ];

  const rows: BenchRow[] = [];
  if (real.cases.length === 0) {
    rows.push({
      metric: 'real photos: absent',
      median: Number.NaN,
      unit: '',
      runs: 0,
      note: `none of the ${real.missing.length} labelled photos is imported; run npm run eval:import -- <folder>`,
    });
  }
  const perPhoto = new Map<string, Map<string, CaseScore>>();
  for (const contender of contenders) {
    const result = await scoreFloorMasks(cases, {
      predict: contender.predict,
      correct: contender.correct,
      onCase: (score) =>
        console.log(
          `  ${contender.name}: ${score.set} ${score.id} IoU ${score.iou.toFixed(3)}${score.iouAfterTaps.map((v) => ` → ${v.toFixed(3)}`).join('')}, precision ${score.precision.toFixed(3)}, outside ${(100 * score.outside).toFixed(1)} %`,
        ),
    });
    perPhoto.set(contender.name, new Map(result.cases.map((score) => [score.id, score])));
    for (const summary of result.summaries) {
      const base = { unit: 'IoU', runs: summary.photos };
      const where = `${summary.set} photos, ${contender.name}`;
      rows.push(
        { ...base, metric: `${where}: mean floor IoU`, median: summary.meanIoU },
        { ...base, metric: `${where}: share under 0.5`, median: summary.fractionUnderHalf, note: `${result.cases.filter((c) => c.set === summary.set && c.iou < 0.5).map((c) => c.id).join(', ')}` },
        { ...base, unit: 'precision', metric: `${where}: mean precision (share of the wood on floor)`, median: summary.meanPrecision },
        { ...base, unit: '%', metric: `${where}: mean wood outside the floor (share of the photo)`, median: 100 * summary.meanOutside },
        {
          ...base,
          unit: 'photos',
          metric: `${where}: photos with wood outside the floor over 3 %`,
          median: summary.overOutsideLimit.length,
          note: summary.overOutsideLimit.join(', '),
        },
      );
      summary.meanIoUAfterTaps.forEach((iou, k) => rows.push({ ...base, metric: `${where}: mean IoU after ${k + 1} tap${k ? 's' : ''}`, median: iou }));
    }
  }
  // Per photo, the engine beside the bare network: IoU, precision, wood outside the floor.
  const engine = perPhoto.get('engine')!;
  const bare = perPhoto.get('bare network')!;
  for (const [id, score] of engine) {
    const network = bare.get(id)!;
    const figures = (s: CaseScore) => `IoU ${s.iou.toFixed(3)}, precision ${s.precision.toFixed(3)}, outside ${(100 * s.outside).toFixed(1)} %`;
    rows.push({
      metric: `${score.set} ${id}: engine IoU (bare network in the note)`,
      median: score.iou,
      unit: 'IoU',
      runs: 1,
      note: `engine ${figures(score)}; bare network ${figures(network)}${score.outside > OUTSIDE_LIMIT ? '; OVER 3 % OUTSIDE' : ''}`,
    });
  }
  rows.push(...(await visitorRows(real.cases)));
  // Three decimals matter here; the table prints one, so the figure goes in the note too.
  return rows.map((row) => (['IoU', 'precision'].includes(row.unit) ? { ...row, note: [row.median.toFixed(3), row.note].filter(Boolean).join('; ') } : row));
}

/**
 * The visitor's view (issue 34): the page's first render and the simulated visitor's two taps, through
 * src/floor-as-shown.ts (one network pass a photo), beside the bare network; mean IoU, mean precision and
 * believable photos, and the worst IoU a tap lost, on the whole real set and on its held-back photos.
 */
export async function visitorRows(cases: EvaluationCase[]): Promise<BenchRow[]> {
  const { floorAsShown } = await import('../visualizer-processor/src/floor-as-shown.ts');
  const { segmentForFloor, floorsFromSegmentation } = await import('../visualizer-processor/engine/segmentation/find-floor-with-segmenter.ts');
  const { bareNetworkMask } = await import('../visualizer-processor/evaluation/baseline-masks.ts');
  const { judgeMask, simulateVisitor, summariseVisitor } = await import('../visualizer-processor/evaluation/visitor-view.ts');
  const scores: { heldBack: boolean; bare: VisitorJudgement; visitor: VisitorScore }[] = [];
  for (const item of cases) {
    const pass = await segmentForFloor(item.photo);
    const visitor = await simulateVisitor(item, async (photo, request) => {
      const shown = (await floorAsShown((p, options) => floorsFromSegmentation(p, pass, options), photo, request))!;
      return { mask: shown.floor, rugs: shown.rugs };
    });
    scores.push({ heldBack: Boolean(item.heldBack), bare: judgeMask(await bareNetworkMask(item.photo), item.truth), visitor });
  }
  const rows: BenchRow[] = [];
  for (const [group, within] of [
    ['real photos', () => true],
    ['held-back real photos', (s: { heldBack: boolean }) => s.heldBack],
  ] as const) {
    const inGroup = scores.filter(within);
    if (!inGroup.length) continue;
    const summary = summariseVisitor(inGroup.map((s) => s.visitor));
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    const base = { runs: inGroup.length };
    const steps: [string, number, number, number][] = [
      ['bare network', mean(inGroup.map((s) => s.bare.iou)), mean(inGroup.map((s) => s.bare.precision)), inGroup.filter((s) => s.bare.believable).length],
      ...summary.meanIoU.map((iou, k): [string, number, number, number] => [k === 0 ? 'first render' : `after ${k} tap${k > 1 ? 's' : ''}`, iou, summary.meanPrecision[k]!, summary.believable[k]!]),
    ];
    for (const [step, iou, precision, believable] of steps) {
      rows.push(
        { ...base, metric: `visitor's view, ${group}, ${step}: mean IoU`, median: iou, unit: 'IoU' },
        { ...base, metric: `visitor's view, ${group}, ${step}: mean precision`, median: precision, unit: 'precision' },
        { ...base, metric: `visitor's view, ${group}, ${step}: believable photos`, median: believable, unit: 'photos', note: 'largest missed piece <= 2 %, largest painted piece <= 1 % of the photo' },
      );
    }
    const worst = summary.worstTapDrop;
    rows.push({
      ...base,
      metric: `visitor's view, ${group}: worst IoU lost by one tap`,
      median: worst ? worst.drop : 0,
      unit: 'IoU',
      note: `${worst ? `${worst.id}, tap ${worst.tap}; ` : ''}taps losing more than 0.01: ${summary.tapsThatHurt.map((t) => `${t.id} tap ${t.tap}`).join(', ') || 'none'}`,
    });
  }
  return rows;
}

export default async function floorSegmentationBench(): Promise<BenchRow[]> {
  return [...(await qualityRows()), ...(await timingRows())];
}

if (process.argv[1] && path.resolve(process.argv[1]) === thisFile) {
  const childIndex = process.argv.indexOf('--child');
  if (childIndex >= 0) {
    await childRun(process.argv[childIndex + 1]!, process.argv.includes('--cold'));
  } else {
    for (const row of await floorSegmentationBench()) console.log(JSON.stringify(row));
  }
}
