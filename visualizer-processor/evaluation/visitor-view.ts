import type { RugChoice } from '../../contracts/visualizer-webhook.ts';
import type { DecodedPhoto, FloorTap } from '../engine/floor-engine.ts';
import { floorAgreement, type FloorAgreement, type FloorMask } from './floor-mask.ts';
import type { EvaluationCase } from './score-floor-masks.ts';
import { errorRegions, nextTap } from './tap-simulator.ts';

/**
 * What makes a render fake (issue 34): a second floor beside the new one (a connected piece of real floor left
 * as it was) or a thing turned to wood (a connected piece of non-floor painted). A render is believable when
 * its largest missed piece is at most `missed` of the photo and its largest painted piece at most `painted`.
 */
export const BELIEVABLE_LIMITS = { missed: 0.02, painted: 0.01 } as const;

/** The largest connected (8-connected) pieces of each kind of error, as shares of the photo. */
export interface LargestPieces {
  /** Real floor left as it was. */
  missed: number;
  /** Not floor, painted with wood. */
  painted: number;
}

export function largestPieces(predicted: FloorMask, truth: FloorMask): LargestPieces {
  const { regions } = errorRegions(predicted, truth);
  let missed = 0;
  let painted = 0;
  for (const region of regions) {
    if (region.kind === 1) missed = Math.max(missed, region.pixels);
    else painted = Math.max(painted, region.pixels);
  }
  const size = truth.width * truth.height;
  return { missed: missed / size, painted: painted / size };
}

export function isBelievable(pieces: LargestPieces): boolean {
  return pieces.missed <= BELIEVABLE_LIMITS.missed && pieces.painted <= BELIEVABLE_LIMITS.painted;
}

/** Everything the visitor's view is judged by, for one mask. */
export interface VisitorJudgement extends FloorAgreement, LargestPieces {
  believable: boolean;
}

export function judgeMask(predicted: FloorMask, truth: FloorMask): VisitorJudgement {
  const pieces = largestPieces(predicted, truth);
  return { ...floorAgreement(predicted, truth), ...pieces, believable: isBelievable(pieces) };
}

/** The floor the page shows for a photo after some taps (src/floor-as-shown.ts, or a stand-in for it). */
export type ShowFloor = (photo: DecodedPhoto, request: { taps?: readonly FloorTap[]; rugs?: RugChoice }) => Promise<{ mask: FloorMask; rugs?: RugChoice }>;

export interface VisitorScore {
  id: string;
  set: EvaluationCase['set'];
  heldBack?: string;
  /** The rug choice the first render showed (kept by every later render, as the page keeps it). */
  rugs?: RugChoice;
  /** [0]: the first render; [k]: after k taps. */
  steps: VisitorJudgement[];
  taps: FloorTap[];
}

/**
 * The simulated visitor (issue 34): looks at the first render, then taps the largest wrong region at its point
 * farthest from the region's edge (tap-simulator.ts), saying what it should be, up to `taps` times; each render
 * after a tap is the page's floor with every tap so far and the rug choice the first render showed. A render
 * with nothing wrong gets no more taps and keeps its figures.
 */
export async function simulateVisitor(item: EvaluationCase, show: ShowFloor, taps = 2): Promise<VisitorScore> {
  const first = await show(item.photo, {});
  let mask = first.mask;
  const score: VisitorScore = {
    id: item.id,
    set: item.set,
    ...(item.heldBack ? { heldBack: item.heldBack } : {}),
    ...(first.rugs ? { rugs: first.rugs } : {}),
    steps: [judgeMask(mask, item.truth)],
    taps: [],
  };
  for (let k = 0; k < taps; k++) {
    const tap = nextTap(mask, item.truth);
    if (tap) {
      score.taps.push(tap);
      mask = (await show(item.photo, { taps: [...score.taps], rugs: first.rugs })).mask;
      score.steps.push(judgeMask(mask, item.truth));
    } else {
      score.steps.push(score.steps.at(-1)!);
    }
  }
  return score;
}

export interface VisitorSummary {
  photos: number;
  /** Per step (first render, after 1 tap, ...). */
  meanIoU: number[];
  meanPrecision: number[];
  believable: number[];
  /** The largest IoU lost by one tap, over every photo and tap, and where. */
  worstTapDrop: { drop: number; id: string; tap: number } | null;
  /** Taps that lowered a photo's IoU by more than `TAP_DROP_LIMIT`. */
  tapsThatHurt: { id: string; tap: number; drop: number }[];
}

/** The bar for a tap: none may lower a photo's IoU by more than this. */
export const TAP_DROP_LIMIT = 0.01;

export function summariseVisitor(scores: readonly VisitorScore[]): VisitorSummary {
  const steps = Math.max(0, ...scores.map((score) => score.steps.length));
  const mean = (values: number[]) => (values.length ? values.reduce((sum, value) => sum + value, 0) / values.length : Number.NaN);
  let worstTapDrop: VisitorSummary['worstTapDrop'] = null;
  const tapsThatHurt: VisitorSummary['tapsThatHurt'] = [];
  for (const score of scores) {
    for (let k = 1; k < score.steps.length; k++) {
      const drop = score.steps[k - 1]!.iou - score.steps[k]!.iou;
      if (!worstTapDrop || drop > worstTapDrop.drop) worstTapDrop = { drop, id: score.id, tap: k };
      if (drop > TAP_DROP_LIMIT) tapsThatHurt.push({ id: score.id, tap: k, drop });
    }
  }
  return {
    photos: scores.length,
    meanIoU: Array.from({ length: steps }, (_, k) => mean(scores.map((score) => score.steps[k]!.iou))),
    meanPrecision: Array.from({ length: steps }, (_, k) => mean(scores.map((score) => score.steps[k]!.precision))),
    believable: Array.from({ length: steps }, (_, k) => scores.filter((score) => score.steps[k]!.believable).length),
    worstTapDrop,
    tapsThatHurt,
  };
}
