import type { FloorMask } from '../evaluation/floor-mask.ts';

/** Test scenes drawn in masks: sets the rectangle [x0, x1) × [y0, y1) of `mask` to `value` (255 floor, 0 not). */
export function fillRect(mask: FloorMask, x0: number, y0: number, x1: number, y1: number, value: number) {
  for (let y = y0; y < y1; y++) mask.mask.fill(value, y * mask.width + x0, y * mask.width + x1);
}
