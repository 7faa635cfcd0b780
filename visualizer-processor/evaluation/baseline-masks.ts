import { createFloorEngine } from '../engine/create-floor-engine.ts';
import { findFloorByRegionGrowing } from '../engine/procedural/find-floor.ts';
import { emptyMask } from './floor-mask.ts';
import type { FloorCorrectionFunction, FloorMaskFunction } from './score-floor-masks.ts';

/** The constant guess every engine must beat: the bottom 40 % of the frame is floor. */
export const bottomFortyPercent: FloorMaskFunction = async (photo) => {
  const mask = emptyMask(photo.width, photo.height);
  mask.mask.fill(255, Math.round(photo.height * 0.6) * photo.width);
  return mask;
};

/** The colour region grower that was the engine when issue 8 was filed. */
export const regionGrowerMask: FloorMaskFunction = (photo) => findFloorByRegionGrowing(photo);

/** The offline engine as `npm run floor-mask` runs it now, and its tap correction. */
export const offlineEngineMask: FloorMaskFunction = (photo) => createFloorEngine({ kind: 'offline' }).findFloor(photo);
export const offlineEngineCorrection: FloorCorrectionFunction = (photo, taps) =>
  createFloorEngine({ kind: 'offline' }).findFloor(photo, { taps });

export const BASELINES: Record<string, { predict: FloorMaskFunction; correct?: FloorCorrectionFunction }> = {
  'bottom-40': { predict: bottomFortyPercent },
  procedural: { predict: regionGrowerMask },
  offline: { predict: offlineEngineMask, correct: offlineEngineCorrection },
};
