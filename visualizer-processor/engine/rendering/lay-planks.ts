import { hash3 } from '../value-noise.ts';
import { LINEAR_STEPS, LINEAR_TO_SRGB } from './color-space.ts';
import type { PreparedFloor } from './prepare-floor.ts';
import type { BoardTextureSet } from './wood-board-textures.ts';
import type { WoodLook } from './wood-looks.ts';

/**
 * Lays one style's planks on the prepared floor and returns the photo with the new floor (sRGB, 3
 * channels). Only floor pixels are written, so `output` may be a buffer from an earlier style: everywhere
 * else it already holds the photo. Planks run in columns along the room's main axis; within a column, butt joints fall at random
 * lengths between the style's shortest and longest plank, and neighbouring columns are staggered by about
 * 0.38 of a plank so joints never line up. Each plank shows a stock board (mirrored, shifted, tinted).
 *
 * Everything is filtered by the pixel's footprint on the floor: texture mip levels, the joints' coverage,
 * and the variation between planks, so the floor fades to its average colour toward the horizon instead of
 * breaking into moiré.
 */
export function layPlanks(
  scene: PreparedFloor,
  look: WoodLook,
  boards: BoardTextureSet,
  seed: number,
  output: Buffer = Buffer.from(scene.pixels),
): Buffer {
  const photo = scene.pixels;
  const { alpha, rowStart, rowEnd, homography: H, minW, light } = scene.floor;
  const [h0, h1, h2, h3, h4, h5, h6, h7, h8] = H as unknown as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const lightValues = light.values;
  const lightWidth = light.width;
  const lightHeight = light.height;
  const lightScale = 1 / light.scale;
  const lightRow = new Float32Array(lightWidth);
  const [tintR, tintG, tintB] = scene.tint;
  const grain = scene.grain;
  const plankWidth = look.plankWidth;
  const period = (look.minLength + look.maxLength) / 2;
  const spread = (look.maxLength - look.minLength) / 2;
  const stagger = 0.381966 * period;
  const columnShift = hash3(seed, 91, 5) * plankWidth;
  const bevel = look.bevel;
  const jointDarkness = look.jointDarkness;
  const levels = boards.levels;
  const topLevel = levels.length - 1;
  const inverseTexelAcross = 1 / boards.texelAcross;
  const inverseTexelAlong = 1 / boards.texelAlong;
  const stockLength = boards.texelAlong * levels[0]!.along;
  const [meanR, meanG, meanB] = boards.mean;
  const flatShare = look.flatSawn;
  const flatBoards: number[] = [];
  const riftBoards: number[] = [];
  for (let b = 0; b < boards.count; b++) (boards.flatSawn[b] ? flatBoards : riftBoards).push(b);
  const sample = new Float64Array(3);
  const width = scene.width;
  // Neighbouring pixels mostly show the same plank: its joints and looks are kept until the plank changes.
  let plankColumn = Number.NaN;
  const plank = new Float64Array(PLANK_FIELDS);
  plank[END] = -1;
  const rule: PlankRule = { seed, stagger, period, spread, flatShare, flatBoards, riftBoards, stockLength, look };

  // The grain's two hashes (below): their per-row and per-seed terms.
  const noiseSeed1 = Math.imul((seed + 7001) | 0, 0x9e3779b1);
  const noiseSeed2 = Math.imul((seed + 7013) | 0, 0x9e3779b1);

  for (let y = 0; y < scene.height; y++) {
    const py = y + 0.5;
    const rowNoiseA = Math.imul(y, 0x27d4eb2d);
    const rowNoiseB = Math.imul(y, 0x165667b1);
    // The light grid's row for this pixel row (bilinear: two rows, a fraction between).
    let ly = py * lightScale - 0.5;
    if (ly < 0) ly = 0;
    if (ly > lightHeight - 1) ly = lightHeight - 1;
    const ly0 = ly | 0;
    const ly1 = ly0 + 1 < lightHeight ? ly0 + 1 : ly0;
    const lfy = ly - ly0;
    if (rowEnd[y]! <= rowStart[y]!) continue;
    // The light grid interpolated to this row, once, for the columns the row's floor spans.
    const gxEnd = Math.min(lightWidth, Math.ceil(rowEnd[y]! * lightScale) + 1);
    for (let gx = Math.max(0, Math.floor(rowStart[y]! * lightScale) - 1); gx < gxEnd; gx++) {
      const above = lightValues[ly0 * lightWidth + gx]!;
      lightRow[gx] = above + (lightValues[ly1 * lightWidth + gx]! - above) * lfy;
    }
    for (let x = rowStart[y]!; x < rowEnd[y]!; x++) {
      const i = y * width + x;
      const cover = alpha[i]!;
      if (cover === 0) continue;
      // Where the pixel lies on the floor, and how much floor it spans along and across the planks.
      const px = x + 0.5;
      let w = h6 * px + h7 * py + h8;
      if (w < minW) w = minW;
      const inverseW = 1 / w;
      const a = (h0 * px + h1 * py + h2) * inverseW;
      const c0 = (h3 * px + h4 * py + h5) * inverseW;
      const fa = (Math.abs(h0 - a * h6) + Math.abs(h1 - a * h7)) * inverseW;
      const fc = (Math.abs(h3 - c0 * h6) + Math.abs(h4 - c0 * h7)) * inverseW;
      const c = c0 + columnShift;

      // Which column, and where across it.
      const columnF = c / plankWidth;
      const column = Math.floor(columnF);
      const acrossFraction = columnF - column;
      if (column !== plankColumn || a < plank[START]! || a >= plank[END]!) {
        plankColumn = column;
        choosePlank(rule, column, a, plank);
      }
      const start = plank[START]!;
      const end = plank[END]!;
      const board = plank[BOARD]!;
      const tStart = plank[T_START]!;
      const toneOffset = plank[TONE]!;
      const warmthOffset = plank[WARMTH]!;
      const flipS = plank[FLIP_S] !== 0;
      const flipT = plank[FLIP_T] !== 0;
      const plankLength = end - start;
      let s = flipS ? 1 - acrossFraction : acrossFraction;
      let t = (a - start) / stockLength;
      if (flipT) t = plankLength / stockLength - t;
      t += tStart;
      if (s < 0) s = 0;
      if (t < 0) t = 0;

      // Texture, filtered by footprint: the mip level between two is picked by an ordered dither rather than
      // blended, which looks the same at these scales and halves the lookups.
      // Level = floor(log2(texels per pixel) + dither), from the integer's bit length (log2 is slow).
      const texels = (fc * inverseTexelAcross > fa * inverseTexelAlong ? fc * inverseTexelAcross : fa * inverseTexelAlong) * DITHER[((y & 3) << 2) | (x & 3)]!;
      const bits = texels >= 1 ? 31 - Math.clz32(texels < 1073741824 ? texels : 1073741824) : 0;
      const level = bits > topLevel ? topLevel : bits;
      sampleLevel(levels[level]!, board, s, t, sample);
      let r = sample[0]!;
      let g = sample[1]!;
      let bl = sample[2]!;

      // Each plank's own tone, fading out where several planks share a pixel.
      let distinct = 1;
      if (fc * 4 > plankWidth || fa * 4 > plankLength) {
        const planksPerPixel = Math.max(fc / plankWidth, fa / plankLength);
        distinct = planksPerPixel > 1 ? 0 : (1 - planksPerPixel) / 0.75;
      }
      const tone = 1 + toneOffset * distinct;
      const warmth = warmthOffset * distinct;
      r *= tone * (1 + warmth);
      g *= tone;
      bl *= tone * (1 - warmth);
      if (distinct < 1) {
        r += (meanR - r) * (1 - distinct);
        g += (meanG - g) * (1 - distinct);
        bl += (meanB - bl) * (1 - distinct);
      }

      // Joints: the eased edges' share of the pixel's footprint, long sides and butt ends.
      const sideDistance = (acrossFraction < 0.5 ? acrossFraction : 1 - acrossFraction) * plankWidth;
      const endDistance = a - start < end - a ? a - start : end - a;
      let joint = 0;
      if (sideDistance - fc / 2 < bevel) joint = edgeCoverage(sideDistance, bevel, fc, plankWidth);
      if (endDistance - fa / 2 < bevel) {
        const ends = edgeCoverage(endDistance, bevel * 0.8, fa, plankLength);
        if (ends > joint) joint = ends;
      }
      let lx = px * lightScale - 0.5;
      if (lx < 0) lx = 0;
      if (lx > lightWidth - 1) lx = lightWidth - 1;
      const lx0 = lx | 0;
      const lx1 = lx0 + 1 < lightWidth ? lx0 + 1 : lx0;
      const l = (lightRow[lx0]! + (lightRow[lx1]! - lightRow[lx0]!) * (lx - lx0)) * (1 - jointDarkness * joint);
      const o = i * 3;
      // The photo's grain, the same in the three channels like a sensor's luminance noise (a triangular
      // distribution scaled to the measured standard deviation).
      let noise = 0;
      if (grain > 0) {
        // hash3(x, y, seed + 7001) and hash3(y, x, seed + 7013), written out: a call that returns a
        // fraction allocates it on the heap when not inlined, and these two per pixel were most of the
        // loop's garbage.
        let h = Math.imul(x, 0x27d4eb2d) ^ rowNoiseB ^ noiseSeed1;
        h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
        h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
        h ^= h >>> 16;
        let k = rowNoiseA ^ Math.imul(x, 0x165667b1) ^ noiseSeed2;
        k = Math.imul(k ^ (k >>> 15), 0x85ebca6b);
        k = Math.imul(k ^ (k >>> 13), 0xc2b2ae35);
        k ^= k >>> 16;
        noise = ((h >>> 0) / 4294967296 + (k >>> 0) / 4294967296 - 1) * grain * 2.449;
      }
      const newR = clampByte(LINEAR_TO_SRGB[toStep(r * l * tintR)]! + noise);
      const newG = clampByte(LINEAR_TO_SRGB[toStep(g * l * tintG)]! + noise);
      const newB = clampByte(LINEAR_TO_SRGB[toStep(bl * l * tintB)]! + noise);
      if (cover === 255) {
        output[o] = newR;
        output[o + 1] = newG;
        output[o + 2] = newB;
      } else {
        const w = cover / 255;
        output[o] = Math.round(photo[o]! + (newR - photo[o]!) * w);
        output[o + 1] = Math.round(photo[o + 1]! + (newG - photo[o + 1]!) * w);
        output[o + 2] = Math.round(photo[o + 2]! + (newB - photo[o + 2]!) * w);
      }
    }
  }
  return output;
}

/** One plank's place and looks, in a Float64Array: fractions kept there are not allocated on the heap. */
const START = 0;
const END = 1;
const BOARD = 2;
const FLIP_S = 3;
const FLIP_T = 4;
const T_START = 5;
const TONE = 6;
const WARMTH = 7;
const PLANK_FIELDS = 8;

interface PlankRule {
  seed: number;
  stagger: number;
  period: number;
  spread: number;
  flatShare: number;
  flatBoards: number[];
  riftBoards: number[];
  stockLength: number;
  look: WoodLook;
}

/** The plank of column `column` that holds `a` (metres along the planks): where it starts and ends, its board and how that is turned. */
function choosePlank(rule: PlankRule, column: number, a: number, plank: Float64Array): void {
  const { seed, stagger, period, spread, flatShare, flatBoards, riftBoards, stockLength, look } = rule;
  // Which plank in the column: joint j sits near offset + j·period, jittered by up to ±spread.
  const offset = column * stagger;
  let j = Math.floor((a - offset) / period);
  let start = offset + j * period + (hash3(column, j, seed) - 0.5) * 2 * spread;
  if (a < start) {
    j--;
    start = offset + j * period + (hash3(column, j, seed) - 0.5) * 2 * spread;
  }
  const end = offset + (j + 1) * period + (hash3(column, j + 1, seed) - 0.5) * 2 * spread;
  // The plank's board and how it is turned.
  const h1 = hash3(column, j, seed + 1013);
  const h2 = hash3(column, j, seed + 2027);
  const pool = (h1 < flatShare && flatBoards.length > 0) || riftBoards.length === 0 ? flatBoards : riftBoards;
  plank[START] = start;
  plank[END] = end;
  plank[BOARD] = pool[Math.floor(h2 * 997) % pool.length]!;
  plank[FLIP_S] = h2 * 4 - Math.floor(h2 * 4) < 0.5 ? 1 : 0;
  plank[FLIP_T] = hash3(column, j, seed + 3041) < 0.5 ? 1 : 0;
  plank[T_START] = hash3(column, j, seed + 4057) * Math.max(0, 1 - (end - start) / stockLength);
  plank[TONE] = look.boardTone * 1.7 * (hash3(column, j, seed + 5077) - 0.5) * 2;
  plank[WARMTH] = look.boardWarmth * (hash3(column, j, seed + 6089) - 0.5) * 2;
}

function clampByte(value: number): number {
  return value <= 0 ? 0 : value >= 255 ? 255 : (value + 0.5) | 0;
}

/** Index into the linear-to-sRGB table, clamped. */
function toStep(value: number): number {
  const step = (value * LINEAR_STEPS + 0.5) | 0;
  return step < 0 ? 0 : step > LINEAR_STEPS ? LINEAR_STEPS : step;
}

/** A 4×4 ordered dither (thresholds d in 0..1), as the factors 2^d that add d to a base-2 logarithm. */
const DITHER = Float64Array.from([0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5], (v) => 2 ** ((v + 0.5) / 16));

/** Share of a footprint of `footprint` metres, centred `distance` from a joint, that falls on its eased edges. */
function edgeCoverage(distance: number, bevel: number, footprint: number, spacing: number): number {
  if (footprint >= spacing) return (2 * bevel) / spacing;
  const low = distance - footprint / 2;
  const high = distance + footprint / 2;
  const overlap = Math.min(high, bevel) - Math.max(low, -bevel);
  if (overlap <= 0) return 0;
  return Math.min(1, overlap / Math.max(footprint, 1e-9));
}

/** Bilinear lookup within one board of one mip level; s, t in 0..1 of the board. */
function sampleLevel(
  level: { across: number; along: number; rgb: Float32Array },
  board: number,
  s: number,
  t: number,
  out: Float64Array,
): void {
  const { across, along, rgb } = level;
  let u = s * across - 0.5;
  let v = t * along - 0.5;
  if (u < 0) u = 0;
  if (v < 0) v = 0;
  if (u > across - 1) u = across - 1;
  if (v > along - 1) v = along - 1;
  const i0 = u | 0;
  const j0 = v | 0;
  const i1 = i0 + 1 < across ? i0 + 1 : i0;
  const j1 = j0 + 1 < along ? j0 + 1 : j0;
  const fu = u - i0;
  const fv = v - j0;
  const row0 = (board * along + j0) * across;
  const row1 = (board * along + j1) * across;
  const a = (row0 + i0) * 3;
  const b = (row0 + i1) * 3;
  const c = (row1 + i0) * 3;
  const d = (row1 + i1) * 3;
  const w00 = (1 - fu) * (1 - fv);
  const w10 = fu * (1 - fv);
  const w01 = (1 - fu) * fv;
  const w11 = fu * fv;
  out[0] = rgb[a]! * w00 + rgb[b]! * w10 + rgb[c]! * w01 + rgb[d]! * w11;
  out[1] = rgb[a + 1]! * w00 + rgb[b + 1]! * w10 + rgb[c + 1]! * w01 + rgb[d + 1]! * w11;
  out[2] = rgb[a + 2]! * w00 + rgb[b + 2]! * w10 + rgb[c + 2]! * w01 + rgb[d + 2]! * w11;
}
