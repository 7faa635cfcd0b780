import sharp from 'sharp';
import { createFloorEngine } from '../engine/create-floor-engine.ts';
import { SCENE_CLASS } from '../engine/segmentation/scene-classes.ts';
import { SEGMENTER_SIZE, classifyPixels } from '../engine/segmentation/scene-segmenter.ts';
import { findFloorByRegionGrowing } from '../engine/procedural/find-floor.ts';
import { emptyMask, type FloorMask } from './floor-mask.ts';
import type { DecodedPhoto, FloorTap } from '../engine/floor-engine.ts';
import { floorAsShown } from '../src/floor-as-shown.ts';
import type { FloorCorrectionFunction, FloorMaskFunction } from './score-floor-masks.ts';

/** The constant guess every engine must beat: the bottom 40 % of the frame is floor. */
export const bottomFortyPercent: FloorMaskFunction = async (photo) => {
  const mask = emptyMask(photo.width, photo.height);
  mask.mask.fill(255, Math.round(photo.height * 0.6) * photo.width);
  return mask;
};

/**
 * The bare network, the figure the engine must beat (issue 23): the photo stretched to the network's 512×512
 * input, floor where the network's top class is floor, that grid stretched back to the photo by nearest cell.
 */
export const bareNetworkMask: FloorMaskFunction = async (photo) => {
  const side = SEGMENTER_SIZE;
  const input = await sharp(photo.pixels, { raw: { width: photo.width, height: photo.height, channels: 3 } })
    .resize(side, side, { fit: 'fill', kernel: 'cubic' })
    .raw()
    .toBuffer();
  const classes = await classifyPixels(input);
  const mask = emptyMask(photo.width, photo.height);
  for (let y = 0; y < photo.height; y++) {
    const row = Math.min(side - 1, Math.floor(((y + 0.5) * side) / photo.height)) * side;
    for (let x = 0; x < photo.width; x++) {
      const cell = row + Math.min(side - 1, Math.floor(((x + 0.5) * side) / photo.width));
      if (classes[cell] === SCENE_CLASS.floor) mask.mask[y * photo.width + x] = 255;
    }
  }
  return mask;
};

/** The colour region grower that was the engine when issue 8 was filed. */
export const regionGrowerMask: FloorMaskFunction = (photo) => findFloorByRegionGrowing(photo);

/**
 * The offline engine as `npm run floor-mask` runs it now: the page's first render (the photo's default rug
 * choice), and after taps the page's floor with them and the first render's rug choice (src/floor-as-shown.ts).
 */
export const offlineEngineMask: FloorMaskFunction = (photo) => offlineFloorAsShown(photo, []);
export const offlineEngineCorrection: FloorCorrectionFunction = (photo, taps) => offlineFloorAsShown(photo, taps);

async function offlineFloorAsShown(photo: DecodedPhoto, taps: FloorTap[]): Promise<FloorMask> {
  const engine = createFloorEngine({ kind: 'offline' });
  const shown = await floorAsShown((p, options) => engine.findFloor(p, options), photo, { taps });
  return shown!.floor;
}

export const BASELINES: Record<string, { predict: FloorMaskFunction; correct?: FloorCorrectionFunction }> = {
  'bottom-40': { predict: bottomFortyPercent },
  network: { predict: bareNetworkMask },
  procedural: { predict: regionGrowerMask },
  offline: { predict: offlineEngineMask, correct: offlineEngineCorrection },
};
