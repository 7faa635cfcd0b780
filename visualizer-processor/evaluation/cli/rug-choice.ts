/**
 * npx tsx visualizer-processor/evaluation/cli/rug-choice.ts: per photo of the real and rendered sets, what "Replace carpet and rugs too" would
 * replace (its share of the photo, how much of its outline meets bare floor, how much of the floor's far edge is
 * bare floor), the IoU of each choice against
 * the label's floor with its rugs left out (a fitted carpet is floor in our labels, an area rug is not), and
 * the default the processor picks (src/default-rug-choice.ts). Decision 017 holds the figures.
 */
import { createOfflineFloorEngine } from '../../engine/offline-floor-engine.ts';
import { defaultRugChoice, describeRugCovering } from '../../src/default-rug-choice.ts';
import { loadRealSet } from '../load-real-set.ts';
import { loadRenderedSet } from '../rendered/load-rendered-set.ts';

function iou(mask: Buffer, truth: Buffer): number {
  let both = 0;
  let either = 0;
  for (let i = 0; i < truth.length; i++) {
    const a = mask[i]! >= 128;
    const b = truth[i]! >= 128;
    if (a && b) both++;
    if (a || b) either++;
  }
  return either ? both / either : 1;
}

const engine = createOfflineFloorEngine();
const real = await loadRealSet();
if (real.missing.length) console.log(`real photos not imported (npm run eval:import): ${real.missing.length}`);
let right = 0;
let counted = 0;
const sums = { keep: 0, replace: 0, chosen: 0, best: 0 };
for (const item of [...real.cases, ...loadRenderedSet()]) {
  const floor = await engine.findFloor(item.photo, { withRugsReplaced: true });
  const covering = describeRugCovering(floor);
  const choice = defaultRugChoice(covering);
  const keep = iou(floor.mask, item.truth.mask);
  const replace = iou(floor.rugsReplacedMask!, item.truth.mask);
  const chosen = choice === 'keep' ? keep : replace;
  sums.keep += keep;
  sums.replace += replace;
  sums.chosen += chosen;
  sums.best += Math.max(keep, replace);
  counted++;
  // A photo where the two choices score within 0.01 has no better default.
  const better = Math.abs(keep - replace) < 0.01 ? 'either' : keep > replace ? 'keep' : 'replace';
  if (better === 'either' || better === choice) right++;
  console.log(
    `${item.set.padEnd(10)} ${item.id.padEnd(42)} covering ${(covering.coveringShare * 100).toFixed(1).padStart(5)} %  on bare floor ${covering.bareFloorContact.toFixed(2)}  far edge bare ${covering.bareFarEdge.toFixed(2)}  IoU keep ${keep.toFixed(3)} replace ${replace.toFixed(3)}  better ${better.padEnd(7)} default ${choice}`,
  );
}
console.log(
  `\n${counted} photos: the default is the better choice (or a tie) on ${right}; mean IoU keep ${(sums.keep / counted).toFixed(3)}, replace ${(sums.replace / counted).toFixed(3)}, default ${(sums.chosen / counted).toFixed(3)}, best of the two ${(sums.best / counted).toFixed(3)}`,
);
