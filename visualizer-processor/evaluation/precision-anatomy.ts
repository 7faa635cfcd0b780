import { distanceTo } from './edge-bands.ts';
import { assertSameSize, isFloor, type FloorMask } from './floor-mask.ts';

/**
 * Where a render's precision goes (issue 34, session 34): every painted pixel that is not floor, by where it lies,
 * as a share of the painted pixels, so a photo's parts add up to 1 - precision and their mean over photos splits
 * the mean precision lost. The mean precision is pulled by every painted pixel, weighted by how little the photo
 * paints, not only by the largest piece (`error-anatomy.ts` splits the IoU, where large floors weigh more); a step
 * is aimed at the kind that costs most. The kinds are the label's (its rugs, its holes) and the geometry to the
 * true floor: what the thing is (a keyboard, a chair base, a bookcase's foot) is only seen on the overlays.
 */
export const PRECISION_KINDS = [
  'on a rug kept',
  "a thing's rim (within 0.5 % of the diagonal of the floor)",
  'inside a thing standing or lying on the floor',
  "the floor's edge line (floor below within 0.5 %)",
  "a band above the floor's edge (floor below within 0.5-2 %: wall foot, skirting, a face's foot)",
  'high above the floor (floor below farther than 2 %: faces, far wall)',
  'no floor below (beside or below the floor: a desk top, a corner)',
] as const;

export interface PrecisionAnatomy {
  /** Per kind, the share of the painted pixels it holds. */
  byKind: number[];
  /** Per kind, the part the bare network painted too. */
  byKindNetworkToo: number[];
  /** 1 - precision. */
  total: number;
}

/**
 * `things`: non-zero where the label has a hole (something stands or lies on the floor); `rugs`: non-zero on a
 * labelled rug (with rugs kept, not floor); both optional. A pixel on a rug is a rug's, in a hole a thing's (its rim
 * when true floor is within 0.5 % of the diagonal); anywhere else it is sorted by the true floor straight below it.
 */
export function precisionAnatomy(
  predicted: FloorMask,
  truth: FloorMask,
  bare: FloorMask,
  things?: Uint8Array,
  rugs?: Uint8Array,
): PrecisionAnatomy {
  assertSameSize(predicted, truth, 'precisionAnatomy');
  const { width, height } = truth;
  const size = width * height;
  const diagonal = Math.hypot(width, height);
  const floor = new Uint8Array(size);
  let painted = 0;
  for (let i = 0; i < size; i++) {
    floor[i] = isFloor(truth, i) ? 1 : 0;
    if (isFloor(predicted, i)) painted++;
  }
  const toFloor = distanceTo(floor, width, height);
  const byKind = new Array<number>(PRECISION_KINDS.length).fill(0);
  const byKindNetworkToo = new Array<number>(PRECISION_KINDS.length).fill(0);
  for (let x = 0; x < width; x++) {
    // Rows up from the bottom, so the nearest true floor straight below is known on the way.
    let floorRow = Infinity;
    for (let y = height - 1; y >= 0; y--) {
      const i = y * width + x;
      if (floor[i]) {
        floorRow = y;
        continue;
      }
      if (!isFloor(predicted, i)) continue;
      const below = floorRow - y;
      let kind: number;
      if (rugs?.[i]) kind = 0;
      else if (things?.[i]) kind = toFloor[i]! <= 0.005 * diagonal ? 1 : 2;
      else if (below <= 0.005 * diagonal) kind = 3;
      else if (below <= 0.02 * diagonal) kind = 4;
      else if (below < Infinity) kind = 5;
      else kind = 6;
      byKind[kind]!++;
      if (isFloor(bare, i)) byKindNetworkToo[kind]!++;
    }
  }
  const of = (n: number) => (painted ? n / painted : 0);
  return {
    byKind: byKind.map(of),
    byKindNetworkToo: byKindNetworkToo.map(of),
    total: of(byKind.reduce((a, b) => a + b, 0)),
  };
}

/** The mean over photos (each photo counts once, as in the mean precision). */
export function meanPrecisionAnatomy(all: readonly PrecisionAnatomy[]): PrecisionAnatomy {
  const n = all.length || 1;
  const mean = (pick: (a: PrecisionAnatomy) => number[]) =>
    PRECISION_KINDS.map((_, k) => all.reduce((sum, a) => sum + pick(a)[k]!, 0) / n);
  return {
    byKind: mean((a) => a.byKind),
    byKindNetworkToo: mean((a) => a.byKindNetworkToo),
    total: all.reduce((sum, a) => sum + a.total, 0) / n,
  };
}

/** One line per kind in points of precision (100 × share), the network's part in brackets. */
export function describePrecisionAnatomy(title: string, anatomy: PrecisionAnatomy): string {
  const points = (share: number) => (100 * share).toFixed(2);
  return [
    `${title}: points of precision lost ${points(anatomy.total)}, by kind (of which the network too):`,
    ...PRECISION_KINDS.map(
      (kind, k) => `    ${kind} ${points(anatomy.byKind[k]!)} (${points(anatomy.byKindNetworkToo[k]!)})`,
    ),
  ].join('\n');
}
