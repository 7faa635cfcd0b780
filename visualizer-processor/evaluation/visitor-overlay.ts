import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { FloorTap } from '../engine/floor-engine.ts';
import { isFloor, type FloorMask } from './floor-mask.ts';
import type { EvaluationCase } from './score-floor-masks.ts';

/** Tints over the dimmed photo: what is right, what is wrong, and what the last tap changed. */
const TINT = {
  floor: [40, 200, 60],
  missed: [40, 90, 255],
  painted: [255, 40, 40],
  /** Changed by the tap and now right. */
  fixed: [0, 235, 235],
  /** Changed by the tap and now wrong: what a visitor sees get worse. */
  broken: [255, 220, 0],
} as const;

/**
 * One picture of a render as the simulated visitor judged it: the photo dimmed, right floor green, missed floor
 * blue, painted non-floor red; with `before`, the pixels the tap changed are cyan where it fixed them and yellow
 * where it made them wrong, and the tap is a white cross.
 */
export function visitorOverlay(item: EvaluationCase, mask: FloorMask, before?: FloorMask, tap?: FloorTap): Buffer {
  const { width, height, pixels } = item.photo;
  const out = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    const shown = isFloor(mask, i);
    const truth = isFloor(item.truth, i);
    const changed = before !== undefined && isFloor(before, i) !== shown;
    const tint = changed
      ? shown === truth
        ? TINT.fixed
        : TINT.broken
      : shown && truth
        ? TINT.floor
        : truth
          ? TINT.missed
          : shown
            ? TINT.painted
            : null;
    for (let c = 0; c < 3; c++) {
      const grey = pixels[i * 3 + c]! * 0.55;
      out[i * 3 + c] = tint ? Math.round(grey * 0.5 + tint[c]! * 0.5) : Math.round(grey);
    }
  }
  if (tap) {
    const tx = Math.floor(tap.x * width);
    const ty = Math.floor(tap.y * height);
    const arm = Math.max(6, Math.round(0.015 * Math.hypot(width, height)));
    for (let d = -arm; d <= arm; d++) {
      for (let t = -1; t <= 1; t++) {
        for (const [x, y] of [
          [tx + d, ty + t],
          [tx + t, ty + d],
        ] as const) {
          if (x >= 0 && y >= 0 && x < width && y < height) out.fill(255, (y * width + x) * 3, (y * width + x) * 3 + 3);
        }
      }
    }
  }
  return out;
}

/** Writes `<name>-0.png` (the first render) and `<name>-<k>.png` (after tap k) into `folder`. */
export async function writeVisitorOverlays(folder: string, name: string, item: EvaluationCase, masks: readonly FloorMask[], taps: readonly FloorTap[]): Promise<void> {
  await mkdir(folder, { recursive: true });
  const { width, height } = item.photo;
  for (let k = 0; k < masks.length; k++) {
    const image = visitorOverlay(item, masks[k]!, k ? masks[k - 1] : undefined, k ? taps[k - 1] : undefined);
    await sharp(image, { raw: { width, height, channels: 3 } }).png().toFile(path.join(folder, `${name}-${k}.png`));
  }
}
