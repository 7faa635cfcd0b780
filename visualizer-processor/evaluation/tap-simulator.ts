import type { FloorTap } from '../engine/floor-engine.ts';
import { assertSameSize, isFloor, type FloorMask } from './floor-mask.ts';

export type { FloorTap };

export interface ErrorRegion {
  /** Missed floor (false negatives) or wrongly taken floor (false positives). */
  kind: 'missed-floor' | 'false-floor';
  pixels: number;
  /** The pixel of the region farthest from its border, and that distance in pixels. */
  centre: { x: number; y: number };
  depth: number;
}

/**
 * The connected regions (8-connected) of pixels that are wrong in the same way: all missed floor (kind 1) or all
 * false floor (kind 2). `label` gives each wrong pixel its region's id (from 1), `regions[id - 1]` its kind and size.
 */
export function errorRegions(predicted: FloorMask, truth: FloorMask): { label: Int32Array; regions: { kind: 1 | 2; pixels: number }[] } {
  assertSameSize(predicted, truth, 'errorRegions');
  const { width, height } = truth;
  const size = width * height;
  // 0 = correct, 1 = missed floor, 2 = false floor.
  const error = new Uint8Array(size);
  for (let i = 0; i < size; i++) {
    const p = isFloor(predicted, i);
    const t = isFloor(truth, i);
    if (t && !p) error[i] = 1;
    else if (p && !t) error[i] = 2;
  }
  const label = new Int32Array(size);
  const stack = new Int32Array(size);
  const regions: { kind: 1 | 2; pixels: number }[] = [];
  for (let start = 0; start < size; start++) {
    if (error[start] === 0 || label[start] !== 0) continue;
    const id = regions.length + 1;
    const kind = error[start] as 1 | 2;
    let pixels = 0;
    let top = 0;
    stack[top++] = start;
    label[start] = id;
    while (top > 0) {
      const index = stack[--top]!;
      pixels++;
      const x = index % width;
      const y = (index - x) / width;
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          if (nx < 0 || nx >= width || (dx === 0 && dy === 0)) continue;
          const neighbour = ny * width + nx;
          if (error[neighbour] === kind && label[neighbour] === 0) {
            label[neighbour] = id;
            stack[top++] = neighbour;
          }
        }
      }
    }
    regions.push({ kind, pixels });
  }
  return { label, regions };
}

/**
 * The largest connected region (8-connected) of pixels that are wrong in the same way: all missed floor or
 * all false floor. Null when the mask is exactly right.
 */
export function largestErrorRegion(predicted: FloorMask, truth: FloorMask): ErrorRegion | null {
  const { label, regions } = errorRegions(predicted, truth);
  let best = -1;
  regions.forEach((region, index) => {
    if (best < 0 || region.pixels > regions[best]!.pixels) best = index;
  });
  if (best < 0) return null;
  const { centre, depth } = deepestPixel(label, best + 1, truth.width, truth.height);
  return { kind: regions[best]!.kind === 1 ? 'missed-floor' : 'false-floor', pixels: regions[best]!.pixels, centre, depth };
}

/**
 * The region's pixel farthest from any pixel outside it (the image's edge counts as outside), by a two-pass
 * chamfer distance (3-4 weights, so diagonals cost about √2). That point is inside the region even when the
 * region is a ring or a crescent, where the centroid would not be.
 */
function deepestPixel(
  label: Int32Array,
  id: number,
  width: number,
  height: number,
): { centre: { x: number; y: number }; depth: number } {
  const far = 1 << 29;
  const distance = new Int32Array(width * height);
  for (let i = 0; i < distance.length; i++) distance[i] = label[i] === id ? far : 0;
  const at = (x: number, y: number) => (x < 0 || y < 0 || x >= width || y >= height ? 0 : distance[y * width + x]!);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (distance[i] === 0) continue;
      distance[i] = Math.min(
        distance[i]!,
        at(x - 1, y) + 3,
        at(x, y - 1) + 3,
        at(x - 1, y - 1) + 4,
        at(x + 1, y - 1) + 4,
      );
    }
  }
  let bestDistance = 0;
  for (let y = height - 1; y >= 0; y--) {
    for (let x = width - 1; x >= 0; x--) {
      const i = y * width + x;
      if (distance[i] === 0) continue;
      distance[i] = Math.min(
        distance[i]!,
        at(x + 1, y) + 3,
        at(x, y + 1) + 3,
        at(x + 1, y + 1) + 4,
        at(x - 1, y + 1) + 4,
      );
      bestDistance = Math.max(bestDistance, distance[i]!);
    }
  }
  // A long strip is equally deep along its middle line: of the deepest pixels, take the one nearest their mean.
  let sumX = 0;
  let sumY = 0;
  let count = 0;
  for (let i = 0; i < distance.length; i++) {
    if (distance[i] !== bestDistance) continue;
    sumX += i % width;
    sumY += Math.floor(i / width);
    count++;
  }
  const meanX = sumX / count;
  const meanY = sumY / count;
  let bestIndex = -1;
  let bestOffset = Infinity;
  for (let i = 0; i < distance.length; i++) {
    if (distance[i] !== bestDistance) continue;
    const offset = ((i % width) - meanX) ** 2 + (Math.floor(i / width) - meanY) ** 2;
    if (offset < bestOffset) {
      bestOffset = offset;
      bestIndex = i;
    }
  }
  const x = bestIndex % width;
  return { centre: { x, y: (bestIndex - x) / width }, depth: bestDistance / 3 };
}

/** The tap a careful visitor would make to fix the largest error: at its deepest point, saying what it should be. */
export function nextTap(predicted: FloorMask, truth: FloorMask): FloorTap | null {
  const region = largestErrorRegion(predicted, truth);
  if (!region) return null;
  return {
    x: (region.centre.x + 0.5) / truth.width,
    y: (region.centre.y + 0.5) / truth.height,
    floor: region.kind === 'missed-floor',
  };
}
