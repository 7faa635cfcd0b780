/**
 * npm run eval:visitor -- [variant ...] [--taps N] [--replace-rugs] [--only id,id] [--max-side N] [--cache DIR] [--overlays DIR] [--per-photo] [--pieces] [--edge-bands]: the visitor's view
 * (issue 34) on the labelled real photos. Per photo, the page's first render (the photo's default rug choice),
 * then the simulated visitor's taps (the largest wrong region, at its point farthest from its edge; 2 by default),
 * each render made through src/floor-as-shown.ts as the page makes it; scored by IoU, precision, the largest
 * missed and painted pieces and "believable" (evaluation/visitor-view.ts), beside the bare network. The tuning
 * photos and the held-back ones (manifest `heldBack`, never tuned on) are reported apart, then together.
 * `--replace-rugs`: every render with rugs replaced, scored against the floor with rugs. Variants are changes of
 * the engine's tuning, made from the same network pass; without names, the engine as it is. `--max-side`: photos
 * and labels scaled down to that long side first, for quick experiments (full size, as the commands work, otherwise);
 * `--cache`: the network's passes kept in that folder between runs (network-pass-cache.ts). `--overlays DIR`: per
 * photo, the first render and each tap drawn over the photo (visitor-overlay.ts), to look at what a tap did; the
 * folder holds evaluation photos, so keep it outside the repository. `--pieces`: per photo, the first render's
 * largest missed and painted piece and what the network's runs said under it (piece-sources.ts): which step,
 * or the network itself, put it there. `--edge-bands`: per group, how far from the floor's true edge the first
 * render paints and misses (edge-bands.ts): a band past the edge on every photo, or whole things.
 */
import { bareNetworkMask } from '../baseline-masks.ts';
import { loadRealSet, readLabel } from '../load-real-set.ts';
import type { EvaluationCase } from '../score-floor-masks.ts';
import { judgeMask, simulateVisitor, summariseVisitor, type VisitorJudgement, type VisitorScore } from '../visitor-view.ts';
import { ENGINE_VARIANTS } from '../engine-variants.ts';
import { floorAsShown } from '../../src/floor-as-shown.ts';
import { DEFAULT_TUNING, floorsFromSegmentation } from '../../engine/segmentation/find-floor-with-segmenter.ts';
import { cachedMask, cachedSegmentForFloor } from '../network-pass-cache.ts';
import { writeVisitorOverlays } from '../visitor-overlay.ts';
import { describePieceSource, largestPieceSources } from '../piece-sources.ts';
import type { FloorMask } from '../floor-mask.ts';
import { optionProblem } from './command-options.ts';
import { EDGE_BANDS, edgeBands, type EdgeBands } from '../edge-bands.ts';
import { describeAnatomy, describePhotoAnatomy, errorAnatomy, meanAnatomy, type ErrorAnatomy } from '../error-anatomy.ts';
import { rasteriseLabel } from '../rasterise-label.ts';
import { describePrecisionAnatomy, meanPrecisionAnatomy, precisionAnatomy, PRECISION_KINDS, type PrecisionAnatomy } from '../precision-anatomy.ts';

const args = process.argv.slice(2);
const problem = optionProblem(args, {
  values: ['--taps', '--only', '--max-side', '--cache', '--overlays'],
  switches: ['--replace-rugs', '--per-photo', '--pieces', '--edge-bands', '--anatomy'],
});
if (problem) {
  console.error(
    `${problem}\nUsage: npm run eval:visitor -- [variant ...] [--taps N] [--replace-rugs] [--only id,id] [--max-side N] [--cache DIR] [--overlays DIR] [--per-photo] [--pieces] [--edge-bands] [--anatomy]`,
  );
  process.exit(1);
}
const valueOf = (flag: string) => {
  const at = args.indexOf(flag);
  return at >= 0 ? args[at + 1] : undefined;
};
const flagValues = new Set([valueOf('--taps'), valueOf('--only'), valueOf('--max-side'), valueOf('--cache'), valueOf('--overlays')].filter(Boolean));
const cache = valueOf('--cache');
const overlays = valueOf('--overlays');
const names = args.filter((arg) => !arg.startsWith('--') && !flagValues.has(arg));
for (const name of names) {
  if (!ENGINE_VARIANTS[name]) {
    console.error(`Unknown variant "${name}"; one of:\n  ${Object.keys(ENGINE_VARIANTS).join('\n  ')}`);
    process.exit(1);
  }
}
const chosen = names.length ? names : ['engine'];
const tapCount = Number(valueOf('--taps') ?? 2);
const replaceRugs = args.includes('--replace-rugs');
const only = valueOf('--only')?.split(',');

const maxSide = valueOf('--max-side') ? Number(valueOf('--max-side')) : undefined;
const real = await loadRealSet({ rugs: replaceRugs ? 'replace-rugs' : 'keep-rugs', maxSide });
if (real.missing.length) console.log(`real photos not imported (npm run eval:import -- <folder>): ${real.missing.length}`);
const cases = real.cases.filter((item) => !only || only.includes(item.id));

const bare = new Map<string, VisitorJudgement>();
const firstRenderPieces: string[] = [];
const scores = new Map<string, VisitorScore[]>(chosen.map((name) => [name, []]));
const firstRenderBands = new Map<string, Map<string, EdgeBands>>(chosen.map((name) => [name, new Map()]));
const anatomies = new Map<string, Map<string, ErrorAnatomy[]>>(chosen.map((name) => [name, new Map()]));
const precisionAnatomies = new Map<string, Map<string, PrecisionAnatomy>>(chosen.map((name) => [name, new Map()]));
for (const item of cases) {
  const pass = await cachedSegmentForFloor(cache, item.id, item.photo);
  const bareMask = await cachedMask(cache, `${item.id}-${item.photo.width}x${item.photo.height}-bare`, () => bareNetworkMask(item.photo));
  bare.set(item.id, judgeMask(bareMask, item.truth));
  for (const name of chosen) {
    const tuning = { ...DEFAULT_TUNING, ...ENGINE_VARIANTS[name]! };
    const shownMasks: FloorMask[] = [];
    const score = await simulateVisitor(
      item,
      async (photo, request) => {
        const shown = await floorAsShown((p, options) => floorsFromSegmentation(p, pass, options, tuning), photo, {
          ...request,
          ...(replaceRugs ? { rugs: 'replace' as const } : {}),
        });
        shownMasks.push(shown!.floor);
        return { mask: shown!.floor, rugs: shown!.rugs };
      },
      tapCount,
    );
    if (args.includes('--anatomy')) {
      const { things, rugs } = await thingsAndRugs(item.id, item.truth);
      anatomies.get(name)!.set(item.id, [shownMasks[0]!, shownMasks.at(-1)!].map((shown) => errorAnatomy(shown, item.truth, bareMask, things, rugs)));
      precisionAnatomies.get(name)!.set(item.id, precisionAnatomy(shownMasks[0]!, item.truth, bareMask, things, rugs));
    }
    if (args.includes('--edge-bands')) firstRenderBands.get(name)!.set(item.id, edgeBands(shownMasks[0]!, item.truth));
    if (overlays) await writeVisitorOverlays(overlays, `${item.id}-${name}`, item, shownMasks, score.taps);
    if (args.includes('--pieces')) {
      const sources = largestPieceSources(shownMasks[0]!, item.truth, pass);
      firstRenderPieces.push(
        `${item.id}${item.heldBack ? ' [held back]' : ''} ${name} (rugs ${score.rugs ?? '?'})${score.steps[0]!.believable ? ', believable' : ''}\n` +
          `  painted: ${describePieceSource(sources.painted)}\n  missed: ${describePieceSource(sources.missed)}`,
      );
    }
    scores.get(name)!.push(score);
    // As it goes, so a long run on a busy machine says something before it ends.
    process.stderr.write(`${item.id} ${name}: ${score.steps.map((step) => `${step.iou.toFixed(3)}/${step.precision.toFixed(3)}/${(100 * step.missed).toFixed(1)}/${(100 * step.painted).toFixed(1)}${step.believable ? ' B' : ''}`).join(' -> ')}\n`);
  }
}

const figures = (iou: number, precision: number, believable: number, photos: number) =>
  `${iou.toFixed(3)} | ${precision.toFixed(3)} | ${believable} of ${photos}`;
const groups: [string, (item: EvaluationCase | VisitorScore) => boolean][] = [
  ['tuning photos', (item) => !item.heldBack],
  ['held back (never tuned on)', (item) => Boolean(item.heldBack)],
  ['whole set', () => true],
];
console.log(`${cases.length} real photos${maxSide ? ` at most ${maxSide} px` : ''}; rugs ${replaceRugs ? 'replaced' : "as the page's first render chooses"}; ${tapCount} simulated taps`);
for (const [group, within] of groups) {
  const inGroup = cases.filter(within);
  if (!inGroup.length) continue;
  const bareScores = inGroup.map((item) => bare.get(item.id)!);
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  console.log(`\n${group}, ${inGroup.length} photos | mean IoU | mean precision | believable`);
  console.log(
    `bare network | ${figures(mean(bareScores.map((s) => s.iou)), mean(bareScores.map((s) => s.precision)), bareScores.filter((s) => s.believable).length, inGroup.length)}`,
  );
  for (const name of chosen) {
    const summary = summariseVisitor(scores.get(name)!.filter(within));
    summary.meanIoU.forEach((iou, k) => {
      const step = k === 0 ? 'first render' : `after ${k} tap${k > 1 ? 's' : ''}`;
      console.log(`${name}, ${step} | ${figures(iou, summary.meanPrecision[k]!, summary.believable[k]!, summary.photos)}`);
    });
    const worst = summary.worstTapDrop;
    console.log(
      `${name}: worst tap ${worst ? `${worst.drop > 0 ? '-' : '+'}${Math.abs(worst.drop).toFixed(3)} IoU (${worst.id}, tap ${worst.tap})` : 'none'}; taps lowering IoU by more than 0.01: ${summary.tapsThatHurt.length}${summary.tapsThatHurt.length ? ` (${summary.tapsThatHurt.map((t) => `${t.id} tap ${t.tap} -${t.drop.toFixed(3)}`).join(', ')})` : ''}`,
    );
  }
}

if (args.includes('--per-photo')) {
  const pieces = (j: VisitorJudgement) =>
    `${j.iou.toFixed(3)}/${j.precision.toFixed(3)} missed ${(100 * j.missed).toFixed(1)} % painted ${(100 * j.painted).toFixed(1)} %${j.believable ? ' B' : ''}`;
  console.log('\nper photo: IoU/precision, largest missed and painted piece (share of the photo), B = believable');
  for (const item of cases) {
    console.log(`${item.id}${item.heldBack ? ' [held back]' : ''}: bare network ${pieces(bare.get(item.id)!)}`);
    for (const name of chosen) {
      const score = scores.get(name)!.find((s) => s.id === item.id)!;
      const taps = score.taps.map((t) => `--tap ${t.x.toFixed(4)},${t.y.toFixed(4)},${t.floor ? 'floor' : 'not-floor'}`).join(' ');
      console.log(`  ${name} (rugs ${score.rugs ?? '?'}): ${score.steps.map(pieces).join(' -> ')}${taps ? `  [${taps}]` : ''}`);
    }
  }
}

if (firstRenderPieces.length) {
  console.log("\nthe first render's largest pieces, and what the network's runs said under them");
  for (const line of firstRenderPieces) console.log(line);
}

if (args.includes('--edge-bands')) {
  const bandNames = [...EDGE_BANDS.map((limit) => `<= ${100 * limit} %`), 'farther'];
  console.log(
    "\nthe first render's errors by distance from the other edge (share of the photo's diagonal), mean points of precision (painted) and of recall (missed); above: nearest straight below, within the first two bands",
  );
  for (const [group, within] of groups) {
    const inGroup = cases.filter(within);
    if (!inGroup.length) continue;
    for (const name of chosen) {
      const all = inGroup.map((item) => firstRenderBands.get(name)!.get(item.id)!);
      const points = (values: number[]) => ((100 * values.reduce((sum, value) => sum + value, 0)) / values.length).toFixed(2);
      const byBand = (kind: 'painted' | 'missed') => bandNames.map((band, k) => `${band} ${points(all.map((bands) => bands[kind][k]!))}`).join(', ');
      console.log(`${group}, ${name}: painted ${byBand('painted')}; above the floor ${points(all.map((bands) => bands.paintedAboveTheFloor))}`);
      console.log(`${group}, ${name}: missed ${byBand('missed')}; above the paint ${points(all.map((bands) => bands.missedAboveThePaint))}`);
    }
  }
}

if (args.includes('--anatomy')) {
  console.log("\nwhere the IoU goes: the first render's and the last render's wrong pixels (evaluation/error-anatomy.ts)");
  for (const [group, within] of groups) {
    const inGroup = cases.filter(within);
    if (!inGroup.length) continue;
    for (const name of chosen) {
      const all = inGroup.map((item) => anatomies.get(name)!.get(item.id)!);
      console.log(describeAnatomy(`${group}, ${name}, first render`, meanAnatomy(all.map((a) => a[0]!))));
      console.log(describeAnatomy(`${group}, ${name}, after ${tapCount} taps`, meanAnatomy(all.map((a) => a[1]!))));
      const precisions = inGroup.map((item) => precisionAnatomies.get(name)!.get(item.id)!);
      console.log(describePrecisionAnatomy(`${group}, ${name}, first render, where the precision goes (precision-anatomy.ts)`, meanPrecisionAnatomy(precisions)));
    }
  }
  if (args.includes('--per-photo')) {
    // The tuning photos only, so a held-back photo's losses never steer a change (decision 012).
    const tuning = cases.filter((item) => !item.heldBack);
    for (const name of chosen) {
      console.log(`\nper tuning photo, ${name}, after ${tapCount} taps, most lost first: points of IoU lost (network too)`);
      tuning
        .map((item) => ({ id: item.id, anatomy: anatomies.get(name)!.get(item.id)![1]! }))
        .sort((a, b) => b.anatomy.missed.total + b.anatomy.painted.total - (a.anatomy.missed.total + a.anatomy.painted.total))
        .forEach(({ id, anatomy }) => console.log(describePhotoAnatomy(id, anatomy, tuning.length)));
      // The first render's precision, in points of the tuning mean: which photos and kinds pull the mean down.
      console.log(`\nper tuning photo, ${name}, first render, most precision lost first: points of the mean precision by kind`);
      tuning
        .map((item) => ({ id: item.id, anatomy: precisionAnatomies.get(name)!.get(item.id)! }))
        .sort((a, b) => b.anatomy.total - a.anatomy.total)
        .filter(({ anatomy }) => anatomy.total > 0)
        .forEach(({ id, anatomy }) =>
          console.log(
            `${id}: ${((100 * anatomy.total) / tuning.length).toFixed(2)}; ${PRECISION_KINDS.map((kind, k) => [kind.split(' (')[0], (100 * anatomy.byKind[k]!) / tuning.length] as const)
              .filter(([, points]) => points >= 0.005)
              .map(([kind, points]) => `${kind} ${points.toFixed(2)}`)
              .join(', ')}`,
          ),
        );
    }
  }
}

/** Where the label says something stands on the floor (its holes) and where its rugs lie; none for a dataset's mask or a scaled photo. */
async function thingsAndRugs(id: string, truth: FloorMask): Promise<{ things?: Uint8Array; rugs?: Uint8Array }> {
  const label = await readLabel(id);
  if (label.width !== truth.width || label.height !== truth.height) return {};
  const withRugs = rasteriseLabel(label, 'replace-rugs').mask;
  const rugs = new Uint8Array(withRugs.length);
  for (let i = 0; i < rugs.length; i++) rugs[i] = withRugs[i]! >= 128 && truth.mask[i]! < 128 ? 255 : 0;
  if (!Array.isArray(label.floor)) return { rugs };
  const noHoles = rasteriseLabel({ ...label, floor: label.floor.map((region) => ({ ...region, holes: [] })) }, 'replace-rugs').mask;
  const things = new Uint8Array(withRugs.length);
  for (let i = 0; i < things.length; i++) things[i] = noHoles[i]! >= 128 && withRugs[i]! < 128 ? 255 : 0;
  return { things, rugs };
}
