/**
 * npm run eval:steps -- [variant ...] [--replace-rugs] [--rendered] [--per-photo]: the engine's steps measured
 * one by one on the labelled real photos, or the rendered rooms (decision 012). The network runs once per
 * photo; every variant (a change of the engine's tuning, engine-variants.ts) is made from that run, scored (with the
 * largest missed and painted pieces and "believable", visitor-view.ts) beside the bare network
 * and the engine as it is, and its gain and loss are listed per photo. Without names, every variant below.
 */
import { bareNetworkMask } from '../baseline-masks.ts';
import { judgeMask, type VisitorJudgement } from '../visitor-view.ts';
import { loadRealSet } from '../load-real-set.ts';
import { loadRenderedSet } from '../rendered/load-rendered-set.ts';
import { OUTSIDE_LIMIT } from '../score-floor-masks.ts';
import { ENGINE_VARIANTS as VARIANTS } from '../engine-variants.ts';
import { DEFAULT_TUNING, floorFromSegmentation, segmentForFloor } from '../../engine/segmentation/find-floor-with-segmenter.ts';

const args = process.argv.slice(2);
const names = args.filter((arg) => !arg.startsWith('--'));
const chosen = names.length ? names : Object.keys(VARIANTS);
const keepRugs = !args.includes('--replace-rugs');
const rugs = keepRugs ? 'keep-rugs' : 'replace-rugs';
// --rendered: the rendered rooms instead of the real photos.
const real = args.includes('--rendered') ? { cases: loadRenderedSet({ rugs }) } : await loadRealSet({ rugs });
const scores = new Map<string, Map<string, VisitorJudgement>>();
const record = (variant: string, id: string, agreement: VisitorJudgement) => {
  if (!scores.has(variant)) scores.set(variant, new Map());
  scores.get(variant)!.set(id, agreement);
};
for (const item of real.cases) {
  const pass = await segmentForFloor(item.photo, {
    ...DEFAULT_TUNING,
    objectZoom: chosen.some((name) => ({ ...DEFAULT_TUNING, ...VARIANTS[name] }).objectZoom),
  });
  record('bare network', item.id, judgeMask(await bareNetworkMask(item.photo), item.truth));
  for (const name of chosen) {
    const tuning = { ...DEFAULT_TUNING, ...VARIANTS[name]! };
    record(
      name,
      item.id,
      judgeMask(await floorFromSegmentation(item.photo, pass, { keepRugs }, tuning), item.truth),
    );
  }
  process.stderr.write('.');
}
process.stderr.write('\n');
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const reference = scores.get('engine') ?? scores.get(chosen[0]!)!;
const network = scores.get('bare network')!;
console.log(`${real.cases.length} photos, rugs ${keepRugs ? 'kept' : 'replaced'}`);
console.log(
  'variant | mean IoU | under 0.5 | mean precision | mean outside | over 3 % | believable | vs engine IoU +/- | vs network IoU +/- | vs network precision +/- | believable gained/lost vs engine',
);
for (const [name, byPhoto] of scores) {
  const values = [...byPhoto.values()];
  const versus = (other: Map<string, VisitorJudgement>, key: 'iou' | 'precision') => {
    let better = 0;
    let worse = 0;
    for (const [id, agreement] of byPhoto) {
      const delta = agreement[key] - other.get(id)![key];
      if (delta > 0.005) better++;
      if (delta < -0.005) worse++;
    }
    return `${better}/${worse}`;
  };
  const believability = (other: Map<string, VisitorJudgement>) => {
    const ids = [...byPhoto].filter(([id, v]) => v.believable !== other.get(id)!.believable);
    const gained = ids.filter(([, v]) => v.believable).map(([id]) => id);
    const lost = ids.filter(([, v]) => !v.believable).map(([id]) => id);
    return `${gained.length}/${lost.length}${ids.length ? ` (${[...gained.map((id) => `+${id}`), ...lost.map((id) => `-${id}`)].join(' ')})` : ''}`;
  };
  console.log(
    [
      name,
      mean(values.map((v) => v.iou)).toFixed(3),
      values.filter((v) => v.iou < 0.5).length,
      mean(values.map((v) => v.precision)).toFixed(3),
      `${(100 * mean(values.map((v) => v.outside))).toFixed(2)} %`,
      values.filter((v) => v.outside > OUTSIDE_LIMIT).length,
      values.filter((v) => v.believable).length,
      versus(reference, 'iou'),
      versus(network, 'iou'),
      versus(network, 'precision'),
      believability(reference),
    ].join(' | '),
  );
}
if (args.includes('--per-photo')) {
  console.log('\nper photo: IoU / precision / outside % / largest missed piece % / largest painted piece % (B: believable), each variant');
  for (const item of real.cases) {
    console.log(
      `${item.id}: ${[...scores]
        .map(([name, byPhoto]) => {
          const v = byPhoto.get(item.id)!;
          return `${name} ${v.iou.toFixed(3)}/${v.precision.toFixed(3)}/${(100 * v.outside).toFixed(1)}/${(100 * v.missed).toFixed(1)}/${(100 * v.painted).toFixed(1)}${v.believable ? ' B' : ''}`;
        })
        .join('; ')}`,
    );
  }
}
