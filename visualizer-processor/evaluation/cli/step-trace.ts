/**
 * npm run eval:step-trace -- [variant] [--only id,id] [--cache DIR] [--per-photo]: which step takes the floor the
 * network saw (evaluation/step-trace.ts), on the first render of the tuning photos (the held-back ones are never
 * looked into). Points of IoU as `eval:visitor --anatomy` counts them (100 × pixels / the photo's union, mean over
 * the photos): the missed floor the bare network painted, by the step that took it.
 */
import { bareNetworkMask } from '../baseline-masks.ts';
import { loadRealSet } from '../load-real-set.ts';
import { ENGINE_VARIANTS } from '../engine-variants.ts';
import { floorAsShown } from '../../src/floor-as-shown.ts';
import { DEFAULT_TUNING, floorsFromSegmentation } from '../../engine/segmentation/find-floor-with-segmenter.ts';
import { OBJECT_CLASSES } from '../../engine/segmentation/clear-around-objects.ts';
import { cachedMask, cachedSegmentForFloor } from '../network-pass-cache.ts';
import { CAUSES, floorTakenBy, stepTracer } from '../step-trace.ts';
import { optionProblem } from './command-options.ts';

const args = process.argv.slice(2);
const problem = optionProblem(args, { values: ['--only', '--cache'], switches: ['--per-photo'] });
if (problem) {
  console.error(`${problem}\nUsage: npm run eval:step-trace -- [variant] [--only id,id] [--cache DIR] [--per-photo]`);
  process.exit(1);
}
const valueOf = (flag: string) => {
  const at = args.indexOf(flag);
  return at >= 0 ? args[at + 1] : undefined;
};
const flagValues = new Set([valueOf('--only'), valueOf('--cache')].filter(Boolean));
const name = args.find((arg) => !arg.startsWith('--') && !flagValues.has(arg)) ?? 'engine';
if (!ENGINE_VARIANTS[name]) {
  console.error(`Unknown variant "${name}"; one of:\n  ${Object.keys(ENGINE_VARIANTS).join('\n  ')}`);
  process.exit(1);
}
const cache = valueOf('--cache');
const only = valueOf('--only')?.split(',');
const real = await loadRealSet({ rugs: 'keep-rugs' });
const cases = real.cases.filter((item) => !item.heldBack && (!only || only.includes(item.id)));

const sums = new Map<string, number>(CAUSES.map((cause) => [cause, 0]));
let networkToo = 0;
const perPhoto: string[] = [];
for (const item of cases) {
  const pass = await cachedSegmentForFloor(cache, item.id, item.photo);
  const bare = await cachedMask(cache, `${item.id}-${item.photo.width}x${item.photo.height}-bare`, () =>
    bareNetworkMask(item.photo),
  );
  const { trace, floors } = stepTracer();
  const tuning = { ...DEFAULT_TUNING, ...ENGINE_VARIANTS[name]!, trace };
  const shown = (await floorAsShown(
    (photo, options) => floorsFromSegmentation(photo, pass, options, tuning),
    item.photo,
  ))!;
  // The first render makes the kept floor, then (when a run saw a rug) the replaced one.
  const traced = shown.rugs === 'replace' && floors.length > 1 ? floors[1]! : floors[0]!;
  const taken = floorTakenBy(
    shown.floor,
    item.truth,
    bare,
    traced,
    pass.segmented.scene,
    { width: pass.guideWidth, height: pass.guideHeight },
    pass.segmented.share(OBJECT_CLASSES),
    pass.zoomedObjects,
  );
  const points = (pixels: number) => (100 * pixels) / taken.union;
  for (const [cause, pixels] of taken.byCause) sums.set(cause, sums.get(cause)! + points(pixels));
  networkToo += points(taken.networkToo);
  const top = [...taken.byCause]
    .filter(([, pixels]) => points(pixels) >= 0.05)
    .sort((a, b) => b[1] - a[1])
    .map(([cause, pixels]) => `${cause} ${points(pixels).toFixed(2)}`);
  perPhoto.push(`${item.id} (rugs ${shown.rugs}): ${top.join(', ') || 'none'}`);
  process.stderr.write(`${item.id}: ${top.slice(0, 3).join(', ')}\n`);
}

const mean = (total: number) => (total / cases.length).toFixed(2);
const networkRight = [...sums.values()].reduce((sum, value) => sum + value, 0);
console.log(
  `${cases.length} tuning photos, ${name}, first render: missed floor in points of IoU (100 x pixels / union, mean over photos)`,
);
console.log(
  `missed where the bare network painted floor: ${mean(networkRight)}; where it missed it too: ${mean(networkToo)}`,
);
console.log('taken by | points');
for (const [cause, total] of sums) console.log(`${cause} | ${mean(total)}`);
if (args.includes('--per-photo')) console.log(`\nper photo (causes of 0.05 points or more):\n${perPhoto.join('\n')}`);
