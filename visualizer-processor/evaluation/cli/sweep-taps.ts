/**
 * npm run eval:sweep-taps -- [variant ...] [--only id,id] [--kind not-floor|floor] [--pieces N] [--points N] [--min-piece S]
 * [--seed N] [--held-back] [--max-side N] [--cache DIR] [--all-taps] [--overlays DIR]: the taps a real visitor might make (issue 34, deliver
 * 3; tap-sweep.ts). Per tuning photo, taps at seeded points of the first render's wrong pieces ("not floor" on painted
 * ones, "this is floor" on missed ones), each scored alone on the first render as the page makes it (src/floor-as-
 * shown.ts, with the first render's rug choice). Prints the taps that lower their photo by more than 0.01 or cost it its
 * believability, then a summary per kind (with the median share of the piece it lands on that a tap made right, and how
 * many taps made right under a quarter of it: a tap should take its whole piece; each tap's line gives its own). With
 * more than one variant (engine-variants.ts) every variant scores the same taps (placed on the first variant's first
 * render), and the taps whose change differs by more than 0.001 are listed side by side. `--held-back`: the held-back photos instead (never tuned on: run once per change kept, not to decide).
 * `--all-taps`: every tap's line, not only those past the bar. `--overlays DIR`: each tap past the bar drawn over the photo
 * (visitor-overlay.ts; `<id>-<variant>-<k>.png`, k the tap's place in the photo's sweep); keep DIR outside the repository. `--cache DIR`: the network's passes, as eval:visitor.
 */
import { loadRealSet } from '../load-real-set.ts';
import { ENGINE_VARIANTS } from '../engine-variants.ts';
import { floorAsShown } from '../../src/floor-as-shown.ts';
import { DEFAULT_TUNING, floorsFromSegmentation } from '../../engine/segmentation/find-floor-with-segmenter.ts';
import { cachedSegmentForFloor } from '../network-pass-cache.ts';
import { optionProblem } from './command-options.ts';
import {
  describeSweptTap,
  scoreSweptTap,
  summariseSweep,
  sweepTaps,
  SWEEP_DEFAULTS,
  type SweptTap,
} from '../tap-sweep.ts';
import { judgeMask, TAP_DROP_LIMIT } from '../visitor-view.ts';
import { visitorOverlay } from '../visitor-overlay.ts';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { errorRegions, type FloorTap } from '../tap-simulator.ts';
import type { RugChoice } from '../../../contracts/visualizer-webhook.ts';

const usage =
  'Usage: npm run eval:sweep-taps -- [variant ...] [--only id,id] [--kind not-floor|floor] [--pieces N] [--points N] [--min-piece S] [--seed N] [--held-back] [--max-side N] [--cache DIR] [--all-taps] [--overlays DIR]';
const valueOptions = [
  '--only',
  '--kind',
  '--pieces',
  '--points',
  '--min-piece',
  '--seed',
  '--max-side',
  '--cache',
  '--overlays',
];
const args = process.argv.slice(2);
const problem = optionProblem(args, { values: valueOptions, switches: ['--held-back', '--all-taps'] });
if (problem) {
  console.error(`${problem}\n${usage}`);
  process.exit(1);
}
const valueOf = (flag: string) => {
  const at = args.indexOf(flag);
  return at >= 0 ? args[at + 1] : undefined;
};
const flagValues = new Set(valueOptions.map(valueOf).filter(Boolean));
const names = args.filter((arg) => !arg.startsWith('--') && !flagValues.has(arg));
for (const name of names) {
  if (!ENGINE_VARIANTS[name]) {
    console.error(`Unknown variant "${name}"; one of:\n  ${Object.keys(ENGINE_VARIANTS).join('\n  ')}`);
    process.exit(1);
  }
}
const kind = valueOf('--kind');
if (kind && kind !== 'not-floor' && kind !== 'floor') {
  console.error(`--kind is not-floor or floor, not "${kind}".\n${usage}`);
  process.exit(1);
}
const number = (flag: string, fallback: number) => {
  const value = valueOf(flag);
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0) {
    console.error(`${flag} takes a number, not "${value}".\n${usage}`);
    process.exit(1);
  }
  return parsed;
};
const options = {
  pieces: number('--pieces', SWEEP_DEFAULTS.pieces),
  points: number('--points', SWEEP_DEFAULTS.points),
  minPiece: number('--min-piece', SWEEP_DEFAULTS.minPiece),
  seed: number('--seed', SWEEP_DEFAULTS.seed),
};
const chosen = names.length ? names : ['engine'];
const heldBack = args.includes('--held-back');
const only = valueOf('--only')?.split(',');
const cache = valueOf('--cache');
const overlays = valueOf('--overlays');
if (overlays) await mkdir(overlays, { recursive: true });
const maxSide = valueOf('--max-side') ? number('--max-side', 0) : undefined;

const real = await loadRealSet({ rugs: 'keep-rugs', maxSide });
if (real.missing.length)
  console.log(`real photos not imported (npm run eval:import -- <folder>): ${real.missing.length}`);
const cases = real.cases.filter((item) => Boolean(item.heldBack) === heldBack && (!only || only.includes(item.id)));

const swept = new Map<string, SweptTap[]>(chosen.map((name) => [name, []]));
for (const item of cases) {
  const pass = await cachedSegmentForFloor(cache, item.id, item.photo);
  let taps: FloorTap[] | undefined;
  // The wrong pieces of the render the taps are placed on (the first variant's): each tap's take is measured on its own.
  let pieceLabel: Int32Array | undefined;
  for (const name of chosen) {
    const tuning = { ...DEFAULT_TUNING, ...ENGINE_VARIANTS[name]! };
    const show = async (request: { taps?: readonly FloorTap[]; rugs?: RugChoice }) =>
      (await floorAsShown((p, o) => floorsFromSegmentation(p, pass, o, tuning), item.photo, request))!;
    const first = await show({});
    const judgedFirst = judgeMask(first.floor, item.truth);
    // Every variant taps where the first one's render is wrong, so the variants are judged on the same taps.
    taps ??= sweepTaps(first.floor, item.truth, item.id, options).filter(
      (tap) => !kind || tap.floor === (kind === 'floor'),
    );
    pieceLabel ??= errorRegions(first.floor, item.truth).label;
    for (const tap of taps) {
      const after = await show({ taps: [tap], rugs: first.rugs });
      const scored = scoreSweptTap(
        item.id,
        tap as SweptTap['tap'],
        first.floor,
        after.floor,
        item.truth,
        judgedFirst,
        pieceLabel,
      );
      swept.get(name)!.push(scored);
      if (overlays && (scored.change < -TAP_DROP_LIMIT || (scored.before.believable && !scored.after.believable))) {
        const file = path.join(overlays, `${item.id}-${name.replace(/[^a-z0-9]+/gi, '-')}-${taps.indexOf(tap)}.png`);
        const { width, height } = item.photo;
        await sharp(visitorOverlay(item, after.floor, first.floor, tap), { raw: { width, height, channels: 3 } })
          .png()
          .toFile(file);
      }
    }
    const mine = swept.get(name)!.filter((s) => s.id === item.id);
    // As it goes, so a long run on a busy machine says something before it ends.
    process.stderr.write(
      `${item.id} ${name}: ${mine.length} taps, worst ${Math.min(0, ...mine.map((s) => s.change)).toFixed(3)}, summed ${mine.reduce((sum, s) => sum + s.change, 0).toFixed(3)}\n`,
    );
  }
}

console.log(
  `${cases.length} ${heldBack ? 'held-back' : 'tuning'} photos${maxSide ? ` at most ${maxSide} px` : ''}; per photo the ${options.pieces} largest wrong pieces of each kind of at least ${100 * options.minPiece} % of the photo, ${options.points} seeded points each (seed ${options.seed}), each tap alone on the first render`,
);
for (const name of chosen) {
  const all = swept.get(name)!;
  console.log(`\n${name}`);
  if (args.includes('--all-taps')) for (const s of all) console.log(`  ${describeSweptTap(s)}`);
  for (const summary of summariseSweep(all)) {
    console.log(
      `${summary.kind}: ${summary.taps} taps on ${summary.photos} photos, mean change ${summary.meanChange >= 0 ? '+' : ''}${summary.meanChange.toFixed(4)}, gained ${summary.gained}, lowered by more than 0.01: ${summary.hurt.length}, believability lost: ${summary.believabilityLost.length}` +
        (Number.isNaN(summary.medianPieceTaken)
          ? ''
          : `; of the piece it lands on a tap made right a median ${(100 * summary.medianPieceTaken).toFixed(0)} %, under a quarter ${summary.underAQuarter} taps`),
    );
    for (const s of summary.hurt) console.log(`  ${describeSweptTap(s)}`);
    for (const s of summary.believabilityLost.filter((s) => !summary.hurt.includes(s)))
      console.log(`  ${describeSweptTap(s)}`);
  }
}

if (chosen.length > 1) {
  const [reference, ...others] = chosen;
  const base = swept.get(reference!)!;
  for (const name of others) {
    const theirs = swept.get(name)!;
    const differing = base
      .map((s, k) => [s, theirs[k]!] as const)
      .filter(([a, b]) => Math.abs(a.change - b.change) > 0.001);
    const summed = differing.reduce((sum, [a, b]) => sum + b.change - a.change, 0);
    console.log(
      `\n${name} against ${reference}: ${differing.length} taps differ by more than 0.001, summed ${summed >= 0 ? '+' : ''}${summed.toFixed(3)}`,
    );
    for (const [a, b] of differing.sort(([a1, b1], [a2, b2]) => b1.change - a1.change - (b2.change - a2.change))) {
      console.log(
        `  ${describeSweptTap(a)}\n    -> ${b.after.iou.toFixed(3)} (${b.change >= 0 ? '+' : '-'}${Math.abs(b.change).toFixed(3)})${b.before.believable && !b.after.believable ? ', believability lost' : ''}`,
      );
    }
  }
}
