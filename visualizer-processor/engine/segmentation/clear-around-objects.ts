/**
 * Precision first (issue 23): where the floor meets something standing on it, the network's floor often runs
 * a little into the thing (a chair's legs, a cabinet's plinth, a stool's base are thin or shaded, and the
 * network's 512-cell grid is coarse). A chair painted over is what makes a render a fake; a strip of the old
 * floor left beside it is forgiven. So the floor gives way around every cell that any run saw as an object:
 * `side` cells left and right, `down` cells below (legs and bases reach down, under what the network saw) and
 * `up` cells above. Walls are not objects here: the floor meets them at the skirting, which is straight and
 * clean, and giving way there only loses floor.
 */
import { SCENE_CLASS } from './scene-classes.ts';

export interface ObjectMargin {
  side: number;
  down: number;
  up: number;
}

/** What stands on a floor, of the network's classes: furniture, people, plants and "other" (stools, machines, vases). */
export const OBJECT_CLASSES: readonly number[] = [
  SCENE_CLASS.other,
  SCENE_CLASS.bed,
  SCENE_CLASS.cabinet,
  SCENE_CLASS.person,
  SCENE_CLASS.door,
  SCENE_CLASS.table,
  SCENE_CLASS.plant,
  SCENE_CLASS.curtain,
  SCENE_CLASS.chair,
  SCENE_CLASS.car,
  SCENE_CLASS.sofa,
  SCENE_CLASS.shelf,
  SCENE_CLASS.mirror,
  SCENE_CLASS.armchair,
];

/**
 * `objectSeen` is, per scene cell, the share of runs that saw an object there (> 0: at least one). Returns
 * the cells to take out of the floor: every cell within the margin of one.
 */
export function cellsAroundObjects(
  objectSeen: Float32Array,
  width: number,
  height: number,
  margin: ObjectMargin,
): Uint8Array {
  const near = new Uint8Array(width * height);
  // Rows first: spread each object cell sideways.
  const wide = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    let last = -Infinity;
    const row = y * width;
    for (let x = 0; x < width; x++) {
      if (objectSeen[row + x]! > 0) last = x;
      if (x - last <= margin.side) wide[row + x] = 1;
    }
    last = Infinity;
    for (let x = width - 1; x >= 0; x--) {
      if (objectSeen[row + x]! > 0) last = x;
      if (last - x <= margin.side) wide[row + x] = 1;
    }
  }
  // Then columns: down from each widened cell, and up.
  for (let x = 0; x < width; x++) {
    let last = -Infinity;
    for (let y = 0; y < height; y++) {
      if (wide[y * width + x]) last = y;
      if (y - last <= margin.down) near[y * width + x] = 1;
    }
    last = Infinity;
    for (let y = height - 1; y >= 0; y--) {
      if (wide[y * width + x]) last = y;
      if (last - y <= margin.up) near[y * width + x] = 1;
    }
  }
  return near;
}
