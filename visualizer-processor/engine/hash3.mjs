// @ts-check
/**
 * The deterministic hash under value-noise.ts, in plain JavaScript so the floor tail's second thread
 * (row-split/row-kernels.mjs) lays planks with the very same numbers. Typed in hash3.d.mts.
 */

/**
 * A 32-bit integer hash of up to three integers, as a float in [0, 1).
 * @param {number} a
 * @param {number} b
 * @param {number} [c]
 */
export function hash3(a, b, c = 0) {
  let h = Math.imul(a | 0, 0x27d4eb2d) ^ Math.imul(b | 0, 0x165667b1) ^ Math.imul(c | 0, 0x9e3779b1);
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}
