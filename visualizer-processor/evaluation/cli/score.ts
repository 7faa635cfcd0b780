/**
 * npm run eval:score -- [bottom-40|network|procedural|offline] [--real|--rendered] [--replace-rugs]: scores a baseline on the
 * real set (photos present in evaluation/photos/) and the rendered set, one line per photo, then the means.
 * `offline` (the engine behind `npm run floor-mask`) also gets 3 simulated taps through its correction.
 */
import { BASELINES } from '../baseline-masks.ts';
import { loadRealSet } from '../load-real-set.ts';
import { loadRenderedSet } from '../rendered/load-rendered-set.ts';
import { scoreFloorMasks, type EvaluationCase } from '../score-floor-masks.ts';

const args = process.argv.slice(2);
const name = args.find((arg) => !arg.startsWith('--')) ?? 'procedural';
const baseline = BASELINES[name];
if (!baseline) {
  console.error(`Unknown baseline ${name}; one of: ${Object.keys(BASELINES).join(', ')}`);
  process.exit(1);
}
const rugs = args.includes('--replace-rugs') ? 'replace-rugs' : 'keep-rugs';
const cases: EvaluationCase[] = [];
if (!args.includes('--rendered')) {
  const real = await loadRealSet({ rugs });
  if (real.missing.length) console.log(`real photos not imported (npm run eval:import): ${real.missing.length}`);
  cases.push(...real.cases);
}
if (!args.includes('--real')) cases.push(...loadRenderedSet({ rugs }));
const result = await scoreFloorMasks(cases, {
  ...baseline,
  onCase: (score) =>
    console.log(
      `${score.set.padEnd(8)} ${score.id.padEnd(40)} IoU ${score.iou.toFixed(3)}  precision ${score.precision.toFixed(3)}  outside ${(score.outside * 100).toFixed(1).padStart(4)} %  missed ${(score.missed * 100).toFixed(1).padStart(4)} %  painted ${(score.painted * 100).toFixed(1).padStart(4)} %${score.believable ? '  believable' : ''}${score.iouAfterTaps.map((iou, k) => `  after ${k + 1} tap${k ? 's' : ''} ${iou.toFixed(3)}`).join('')}`,
    ),
});
console.log(`\n${name} (${rugs})`);
for (const summary of result.summaries) {
  console.log(
    `${summary.set}: ${summary.photos} photos, mean IoU ${summary.meanIoU.toFixed(3)}, under 0.5: ${(summary.fractionUnderHalf * 100).toFixed(0)} %, ` +
      `mean precision ${summary.meanPrecision.toFixed(3)}, mean wood outside the floor ${(summary.meanOutside * 100).toFixed(1)} %, ` +
      `over 3 %: ${summary.overOutsideLimit.length} (${summary.overOutsideLimit.join(', ')}), believable: ${summary.believable} of ${summary.photos}` +
      summary.meanIoUAfterTaps.map((iou, k) => `, after ${k + 1} tap${k ? 's' : ''} ${iou.toFixed(3)}`).join(''),
  );
}
