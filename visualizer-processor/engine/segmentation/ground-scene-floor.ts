import { keepGroundedFloor } from './grounded-floor.ts';
import { SCENE_CLASS } from './scene-classes.ts';
import type { SegmentedPhoto } from './segment-photo.ts';

/**
 * What lies or stands on the floor: floor seen past one of them is grounded through it. A kept rug lies on
 * the floor; a chair, armchair, sofa or bed stands on it. Not tables, cabinets or shelves: a floor-coloured
 * top is what must not stay (issue 8, no islands on tables). Measured in decision 004.
 */
export const STANDS_ON_THE_FLOOR: readonly number[] = [SCENE_CLASS.rug, SCENE_CLASS.chair, SCENE_CLASS.armchair, SCENE_CLASS.sofa, SCENE_CLASS.bed];

/**
 * `floor` is 1 where the scene grid is floor; returns it with the pieces that are neither grounded on the
 * bottom of the frame (directly, or through something that stands on the floor) nor large taken out.
 */
export function groundSceneFloor(
  floor: Uint8Array,
  segmented: Pick<SegmentedPhoto, 'scene' | 'share'>,
  alsoThrough?: Uint8Array,
): Uint8Array {
  const standing = segmented.share(STANDS_ON_THE_FLOOR);
  const through = new Uint8Array(standing.length);
  // Where half the runs or more saw one of them, as the floor itself is read.
  for (let i = 0; i < standing.length; i++) through[i] = standing[i]! >= 0.5 || alsoThrough?.[i] ? 1 : 0;
  return keepGroundedFloor(floor, segmented.scene.width, segmented.scene.height, { through });
}
