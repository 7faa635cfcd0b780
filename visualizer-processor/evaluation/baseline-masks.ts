import { createProceduralFloorEngine } from '../engine/procedural/procedural-floor-engine.ts';
import { emptyMask } from './floor-mask.ts';
import type { FloorMaskFunction } from './score-floor-masks.ts';

/** The constant guess every engine must beat: the bottom 40 % of the frame is floor. */
export const bottomFortyPercent: FloorMaskFunction = async (photo) => {
  const mask = emptyMask(photo.width, photo.height);
  const firstRow = Math.round(photo.height * 0.6);
  mask.data.fill(255, firstRow * photo.width);
  return mask;
};

/** Today's engine, exactly as `npm run floor-mask` runs it. */
export const proceduralEngineMask: FloorMaskFunction = async (photo) => {
  const result = await createProceduralFloorEngine().render(photo);
  return { width: result.width, height: result.height, data: new Uint8Array(result.mask) };
};

export const BASELINES: Record<string, FloorMaskFunction> = {
  'bottom-40': bottomFortyPercent,
  procedural: proceduralEngineMask,
};
