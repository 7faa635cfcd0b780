import type { DecodedPhoto } from '../engine/floor-engine.ts';
import { floorAgreement, floorIoU, type FloorMask } from './floor-mask.ts';
import { nextTap, type FloorTap } from './tap-simulator.ts';
import { isBelievable, largestPieces } from './visitor-view.ts';

/**
 * A photo with its true floor: a real photo we labelled by hand (`real`), a real photo labelled by COCO-Stuff's
 * annotators (`coco-stuff`), or a room we rendered (`rendered`).
 */
export interface EvaluationCase {
  id: string;
  set: 'real' | 'coco-stuff' | 'rendered';
  photo: DecodedPhoto;
  truth: FloorMask;
  /** The held-back set a real photo belongs to (manifest `heldBack`): never tuned on. */
  heldBack?: string;
}

/** What an engine offers to the evaluation: a floor mask of the photo's upright size, 255 = floor. */
export type FloorMaskFunction = (photo: DecodedPhoto) => Promise<FloorMask>;

/** The engine's correction: the photo and every tap so far (x, y fractions of the upright size) in, a new mask out. */
export type FloorCorrectionFunction = (photo: DecodedPhoto, taps: FloorTap[]) => Promise<FloorMask>;

export interface CaseScore {
  id: string;
  set: EvaluationCase['set'];
  iou: number;
  /** Share of the predicted floor that is floor. */
  precision: number;
  /** False floor as a share of the photo: wood painted outside the floor. */
  outside: number;
  /** The largest connected piece of real floor left as it was, and of non-floor painted, as shares of the photo. */
  missed: number;
  painted: number;
  /** Both pieces within visitor-view.ts's limits: no second floor, nothing turned to wood. */
  believable: boolean;
  /** IoU after 1, 2, 3… simulated taps (empty without a correction function). */
  iouAfterTaps: number[];
  taps: FloorTap[];
}

export interface SetSummary {
  set: EvaluationCase['set'];
  photos: number;
  meanIoU: number;
  /** Share of photos whose IoU is below 0.5. */
  fractionUnderHalf: number;
  meanPrecision: number;
  meanOutside: number;
  /** Photos whose wood outside the floor is more than `OUTSIDE_LIMIT` of the photo. */
  overOutsideLimit: string[];
  /** Photos whose mask is believable (visitor-view.ts). */
  believable: number;
  meanIoUAfterTaps: number[];
}

export interface ScoreOptions {
  predict: FloorMaskFunction;
  correct?: FloorCorrectionFunction;
  /** Simulated taps per photo (default 3). */
  taps?: number;
  onCase?: (score: CaseScore) => void;
}

/** Wood outside the floor on more than this share of the photo is a photo a visitor would not believe (issue 23). */
export const OUTSIDE_LIMIT = 0.03;

/**
 * Scores a mask function on evaluation cases: per-photo floor IoU, precision and wood outside the floor (floor-mask.ts) and, when a correction function is given,
 * the IoU after each of up to `taps` simulated taps. Each tap lands at the deepest point of the largest
 * remaining error (see tap-simulator.ts) and says what that place should be; the correction function gets
 * all taps so far. A mask that is already perfect needs no tap and keeps its IoU.
 */
export async function scoreFloorMasks(
  cases: EvaluationCase[],
  options: ScoreOptions,
): Promise<{ cases: CaseScore[]; summaries: SetSummary[] }> {
  const tapCount = options.correct ? (options.taps ?? 3) : 0;
  const scores: CaseScore[] = [];
  for (const item of cases) {
    let mask = await options.predict(item.photo);
    const pieces = largestPieces(mask, item.truth);
    const score: CaseScore = {
      id: item.id,
      set: item.set,
      ...floorAgreement(mask, item.truth),
      ...pieces,
      believable: isBelievable(pieces),
      iouAfterTaps: [],
      taps: [],
    };
    for (let k = 0; k < tapCount; k++) {
      const tap = nextTap(mask, item.truth);
      if (tap) {
        score.taps.push(tap);
        mask = await options.correct!(item.photo, [...score.taps]);
      }
      score.iouAfterTaps.push(floorIoU(mask, item.truth));
    }
    scores.push(score);
    options.onCase?.(score);
  }
  return { cases: scores, summaries: summarise(scores, tapCount) };
}

export function summarise(scores: CaseScore[], tapCount: number): SetSummary[] {
  const sets = [...new Set(scores.map((score) => score.set))];
  return sets.map((set) => {
    const inSet = scores.filter((score) => score.set === set);
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    return {
      set,
      photos: inSet.length,
      meanIoU: mean(inSet.map((score) => score.iou)),
      fractionUnderHalf: inSet.filter((score) => score.iou < 0.5).length / inSet.length,
      meanPrecision: mean(inSet.map((score) => score.precision)),
      meanOutside: mean(inSet.map((score) => score.outside)),
      overOutsideLimit: inSet.filter((score) => score.outside > OUTSIDE_LIMIT).map((score) => score.id),
      believable: inSet.filter((score) => score.believable).length,
      meanIoUAfterTaps: Array.from({ length: tapCount }, (_, k) => mean(inSet.map((score) => score.iouAfterTaps[k]!))),
    };
  });
}
