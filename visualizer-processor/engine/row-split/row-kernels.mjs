// @ts-check
/**
 * The floor tail's per-pixel loops that row-split.ts runs half here, half on its second thread. Each kernel
 * fills the rows (or columns) `from` to `to` of its output from its inputs alone, so two threads doing halves
 * write exactly what one thread doing all would. Inputs and outputs are in shared memory (row-split.ts checks);
 * scratch rows are the kernel's own. Typed in row-kernels.d.mts.
 *
 * Plain JavaScript, like network-thread.mjs: the second thread loads it without a TypeScript loader, which
 * would cost it some 0.2 s of CPU while the network's threads need both cores (decision 028, session 9).
 */
import { hash3 } from '../hash3.mjs';

/**
 * How far the guided filter's value may stray from its exact value by rounding (the interpolated coefficients
 * are kept as float32): far more than it does, far less than any coefficient that decides a pixel.
 */
const ROUNDING_MARGIN = 1e-3;

/**
 * `applyCoefficients`' rows (guided-upsample.ts says what it does and why). Per row only the pair of
 * coefficient rows it falls between matters, so each call works out its own verdicts and interpolated rows.
 * @param {import('./row-kernels.d.mts').CoefficientRowsArgs} args
 * @param {number} from
 * @param {number} to
 */
export function applyCoefficientRows(args, from, to) {
  const { a, b, cw, ch, rgb, width, height, threshold, x0s, wxs, least, most, mask } = args;
  const sy = ch / height;
  // Per coefficient column pair (x0, x0 + 1) of the current pair of coefficient rows: what all four cells agree on,
  // 0 (below the threshold whatever the brightness), 255 (at least it) or 1 (the brightness decides).
  const verdicts = new Uint8Array(cw);
  let verdictRow = -1;
  const rowA = new Float32Array(cw);
  const rowB = new Float32Array(cw);
  for (let y = from; y < to; y++) {
    const fy = Math.min(ch - 1, Math.max(0, (y + 0.5) * sy - 0.5));
    const y0 = ch === 1 ? 0 : Math.min(ch - 2, Math.floor(fy));
    const wy = ch === 1 ? 0 : fy - y0;
    const y1 = ch === 1 ? 0 : y0 + 1;
    if (y0 !== verdictRow) {
      verdictRow = y0;
      for (let x = 0; x < cw; x++) {
        const x1 = cw === 1 ? 0 : Math.min(cw - 1, x + 1);
        const low = Math.min(least[y0 * cw + x], least[y0 * cw + x1], least[y1 * cw + x], least[y1 * cw + x1]);
        const high = Math.max(most[y0 * cw + x], most[y0 * cw + x1], most[y1 * cw + x], most[y1 * cw + x1]);
        verdicts[x] = high < threshold - ROUNDING_MARGIN ? 0 : low >= threshold + ROUNDING_MARGIN ? 255 : 1;
      }
    }
    let rowReady = false;
    const row = y * width;
    // Stretches of pixels that share a verdict (x0s only grows along the row), each 0, 255 or worked out.
    for (let start = 0; start < width; ) {
      const verdict = verdicts[x0s[start]];
      let end = start + 1;
      while (end < width && verdicts[x0s[end]] === verdict) end++;
      if (verdict === 255) mask.fill(255, row + start, row + end);
      else if (verdict === 1) {
        if (!rowReady) {
          rowReady = true;
          for (let k = 0; k < cw; k++) {
            rowA[k] = a[y0 * cw + k] * (1 - wy) + a[y1 * cw + k] * wy;
            rowB[k] = b[y0 * cw + k] * (1 - wy) + b[y1 * cw + k] * wy;
          }
        }
        for (let x = start; x < end; x++) {
          const x0 = x0s[x];
          const x1 = cw === 1 ? 0 : x0 + 1;
          const wx = wxs[x];
          const ai = rowA[x0] * (1 - wx) + rowA[x1] * wx;
          const bi = rowB[x0] * (1 - wx) + rowB[x1] * wx;
          const p = (row + x) * 3;
          const brightness = (0.299 * rgb[p] + 0.587 * rgb[p + 1] + 0.114 * rgb[p + 2]) / 255;
          mask[row + x] = ai * brightness + bi >= threshold ? 255 : 0;
        }
      }
      start = end;
    }
  }
}

/**
 * `boxMean`'s first pass (guided-upsample.ts), rows `from` to `to`: each row's running sum along it, divided by
 * the window's width clipped to the image.
 * @param {import('./row-kernels.d.mts').BoxMeanArgs} args
 * @param {number} from
 * @param {number} to
 */
export function boxMeanAlongRows(args, from, to) {
  const { input, rows, width, radius } = args;
  for (let y = from; y < to; y++) {
    const row = y * width;
    let sum = 0;
    for (let x = 0; x <= Math.min(radius, width - 1); x++) sum += input[row + x];
    for (let x = 0; x < width; x++) {
      const left = x - radius - 1;
      const right = x + radius;
      if (x > 0) {
        if (right < width) sum += input[row + right];
        if (left >= 0) sum -= input[row + left];
      }
      rows[row + x] = sum / (Math.min(width - 1, right) - Math.max(0, x - radius) + 1);
    }
  }
}

/**
 * `boxMean`'s second pass, columns `from` to `to`: every column's running sum of the first pass's output at
 * once, row by row (the same sums, in the same order, as one column at a time, but reading memory in order).
 * Float64 like the row pass's number. A column's sum depends on that column alone, so columns split exactly.
 * @param {import('./row-kernels.d.mts').BoxMeanArgs} args
 * @param {number} from
 * @param {number} to
 */
export function boxMeanAlongColumns(args, from, to) {
  const { rows, out, width, height, radius } = args;
  const sums = new Float64Array(to - from);
  for (let y = 0; y <= Math.min(radius, height - 1); y++) {
    for (let x = from; x < to; x++) sums[x - from] += rows[y * width + x];
  }
  for (let y = 0; y < height; y++) {
    const top = y - radius - 1;
    const bottom = y + radius;
    if (y > 0) {
      if (bottom < height) for (let x = from; x < to; x++) sums[x - from] += rows[bottom * width + x];
      if (top >= 0) for (let x = from; x < to; x++) sums[x - from] -= rows[top * width + x];
    }
    const count = Math.min(height - 1, bottom) - Math.max(0, y - radius) + 1;
    for (let x = from; x < to; x++) out[y * width + x] = sums[x - from] / count;
  }
}

/**
 * `layPlanks`' rows (lay-planks.ts says what it does): lays one style's planks on the floor's pixels of rows
 * `from` to `to`, writing only those into `output`, which holds the photo elsewhere.
 * @param {import('./row-kernels.d.mts').PlankRowsArgs} args
 * @param {number} from
 * @param {number} to
 */
export function layPlankRows(args, from, to) {
  const { photo, output, width, alpha, rowStart, rowEnd, homography: H, minW, light, tint, grain, look, boards, seed, linearToSrgb } = args;
  const [h0, h1, h2, h3, h4, h5, h6, h7, h8] = H;
  const lightValues = light.values;
  const lightWidth = light.width;
  const lightHeight = light.height;
  const lightScale = 1 / light.scale;
  const lightRow = new Float32Array(lightWidth);
  const [tintR, tintG, tintB] = tint;
  const linearSteps = linearToSrgb.length - 1;
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
  const stockLength = boards.texelAlong * levels[0].along;
  const [meanR, meanG, meanB] = boards.mean;
  const flatShare = look.flatSawn;
  /** @type {number[]} */
  const flatBoards = [];
  /** @type {number[]} */
  const riftBoards = [];
  for (let b = 0; b < boards.count; b++) (boards.flatSawn[b] ? flatBoards : riftBoards).push(b);
  const sample = new Float64Array(3);
  // Neighbouring pixels mostly show the same plank: its joints and looks are kept until the plank changes.
  const plank = new Float64Array(PLANK_FIELDS);
  plank[END] = -1;
  /** @type {PlankRule} */
  const rule = { seed, stagger, period, spread, flatShare, flatBoards, riftBoards, stockLength, look };
  // A part that starts below row 0 holds the plank a single pass would hold on reaching its first row.
  let plankColumn = from > 0 ? plankHeldBefore(args, columnShift, rule, from, plank) : Number.NaN;

  // The grain's two hashes (below): their per-row and per-seed terms.
  const noiseSeed1 = Math.imul((seed + 7001) | 0, 0x9e3779b1);
  const noiseSeed2 = Math.imul((seed + 7013) | 0, 0x9e3779b1);

  for (let y = from; y < to; y++) {
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
    if (rowEnd[y] <= rowStart[y]) continue;
    // The light grid interpolated to this row, once, for the columns the row's floor spans.
    const gxEnd = Math.min(lightWidth, Math.ceil(rowEnd[y] * lightScale) + 1);
    for (let gx = Math.max(0, Math.floor(rowStart[y] * lightScale) - 1); gx < gxEnd; gx++) {
      const above = lightValues[ly0 * lightWidth + gx];
      lightRow[gx] = above + (lightValues[ly1 * lightWidth + gx] - above) * lfy;
    }
    for (let x = rowStart[y]; x < rowEnd[y]; x++) {
      const i = y * width + x;
      const cover = alpha[i];
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
      if (column !== plankColumn || a < plank[START] || a >= plank[END]) {
        plankColumn = column;
        choosePlank(rule, column, a, plank);
      }
      const start = plank[START];
      const end = plank[END];
      const board = plank[BOARD];
      const tStart = plank[T_START];
      const toneOffset = plank[TONE];
      const warmthOffset = plank[WARMTH];
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
      const texels = (fc * inverseTexelAcross > fa * inverseTexelAlong ? fc * inverseTexelAcross : fa * inverseTexelAlong) * DITHER[((y & 3) << 2) | (x & 3)];
      const bits = texels >= 1 ? 31 - Math.clz32(texels < 1073741824 ? texels : 1073741824) : 0;
      const level = bits > topLevel ? topLevel : bits;
      sampleLevel(levels[level], board, s, t, sample);
      let r = sample[0];
      let g = sample[1];
      let bl = sample[2];

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
      const l = (lightRow[lx0] + (lightRow[lx1] - lightRow[lx0]) * (lx - lx0)) * (1 - jointDarkness * joint);
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
      const newR = clampByte(linearToSrgb[toStep(r * l * tintR, linearSteps)] + noise);
      const newG = clampByte(linearToSrgb[toStep(g * l * tintG, linearSteps)] + noise);
      const newB = clampByte(linearToSrgb[toStep(bl * l * tintB, linearSteps)] + noise);
      if (cover === 255) {
        output[o] = newR;
        output[o + 1] = newG;
        output[o + 2] = newB;
      } else {
        const w = cover / 255;
        output[o] = Math.round(photo[o] + (newR - photo[o]) * w);
        output[o + 1] = Math.round(photo[o + 1] + (newG - photo[o + 1]) * w);
        output[o + 2] = Math.round(photo[o + 2] + (newB - photo[o + 2]) * w);
      }
    }
  }
}

/**
 * The column of planks, and its plank (into `plank`), that the loop holds on reaching row `from` when it
 * started at row 0. The loop keeps a plank while the next pixel lies on it, and choosePlank, asked afresh at
 * a pixel near a butt joint, can name the plank before it; so which one a pixel shows can depend on the pixels
 * before it in the same column of planks. Those are found going back from the last floor pixel before `from`
 * (usually a few dozen), then walked forward as the loop walks them. NaN (no plank held) if no floor is above.
 * @param {import('./row-kernels.d.mts').PlankRowsArgs} args
 * @param {number} columnShift
 * @param {PlankRule} rule
 * @param {number} from
 * @param {Float64Array} plank
 */
function plankHeldBefore(args, columnShift, rule, from, plank) {
  const { width, alpha, rowStart, rowEnd, homography: H, minW } = args;
  const [h0, h1, h2, h3, h4, h5, h6, h7, h8] = H;
  const plankWidth = rule.look.plankWidth;
  const point = new Float64Array(2);
  // Where the pixel's centre lies along the planks, and its column: the loop's own arithmetic, to the bit.
  const locate = (/** @type {number} */ x, /** @type {number} */ y) => {
    const px = x + 0.5;
    const py = y + 0.5;
    let w = h6 * px + h7 * py + h8;
    if (w < minW) w = minW;
    const inverseW = 1 / w;
    point[0] = (h0 * px + h1 * py + h2) * inverseW;
    const c0 = (h3 * px + h4 * py + h5) * inverseW;
    point[1] = Math.floor((c0 + columnShift) / plankWidth);
  };
  let column = Number.NaN;
  let firstY = -1;
  let firstX = -1;
  back: for (let y = from - 1; y >= 0; y--) {
    for (let x = rowEnd[y] - 1; x >= rowStart[y]; x--) {
      if (alpha[y * width + x] === 0) continue;
      locate(x, y);
      if (firstY < 0) column = point[1];
      else if (point[1] !== column) break back;
      firstY = y;
      firstX = x;
    }
  }
  if (firstY < 0) return Number.NaN;
  let held = Number.NaN;
  for (let y = firstY; y < from; y++) {
    for (let x = y === firstY ? firstX : rowStart[y]; x < rowEnd[y]; x++) {
      if (alpha[y * width + x] === 0) continue;
      locate(x, y);
      const a = point[0];
      if (point[1] !== held || a < plank[START] || a >= plank[END]) {
        held = point[1];
        choosePlank(rule, held, a, plank);
      }
    }
  }
  return held;
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

/**
 * @typedef {{ seed: number, stagger: number, period: number, spread: number, flatShare: number, flatBoards: number[],
 *   riftBoards: number[], stockLength: number, look: import('./row-kernels.d.mts').PlankLook }} PlankRule
 */

/** The plank of column `column` that holds `a` (metres along the planks): where it starts and ends, its board and how that is turned. */
/**
 * @param {PlankRule} rule
 * @param {number} column
 * @param {number} a
 * @param {Float64Array} plank
 */
function choosePlank(rule, column, a, plank) {
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
  plank[BOARD] = pool[Math.floor(h2 * 997) % pool.length];
  plank[FLIP_S] = h2 * 4 - Math.floor(h2 * 4) < 0.5 ? 1 : 0;
  plank[FLIP_T] = hash3(column, j, seed + 3041) < 0.5 ? 1 : 0;
  plank[T_START] = hash3(column, j, seed + 4057) * Math.max(0, 1 - (end - start) / stockLength);
  plank[TONE] = look.boardTone * 1.7 * (hash3(column, j, seed + 5077) - 0.5) * 2;
  plank[WARMTH] = look.boardWarmth * (hash3(column, j, seed + 6089) - 0.5) * 2;
}

/** @param {number} value */
function clampByte(value) {
  return value <= 0 ? 0 : value >= 255 ? 255 : (value + 0.5) | 0;
}

/**
 * Index into the linear-to-sRGB table (color-space.ts: `steps` + 1 entries over 0..1), clamped.
 * @param {number} value
 * @param {number} steps
 */
function toStep(value, steps) {
  const step = (value * steps + 0.5) | 0;
  return step < 0 ? 0 : step > steps ? steps : step;
}

/** A 4×4 ordered dither (thresholds d in 0..1), as the factors 2^d that add d to a base-2 logarithm. */
const DITHER = Float64Array.from([0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5], (v) => 2 ** ((v + 0.5) / 16));

/** Share of a footprint of `footprint` metres, centred `distance` from a joint, that falls on its eased edges. */
/**
 * @param {number} distance
 * @param {number} bevel
 * @param {number} footprint
 * @param {number} spacing
 */
function edgeCoverage(distance, bevel, footprint, spacing) {
  if (footprint >= spacing) return (2 * bevel) / spacing;
  const low = distance - footprint / 2;
  const high = distance + footprint / 2;
  const overlap = Math.min(high, bevel) - Math.max(low, -bevel);
  if (overlap <= 0) return 0;
  return Math.min(1, overlap / Math.max(footprint, 1e-9));
}

/** Bilinear lookup within one board of one mip level; s, t in 0..1 of the board. */
/**
 * @param {{ across: number, along: number, rgb: Float32Array }} level
 * @param {number} board
 * @param {number} s
 * @param {number} t
 * @param {Float64Array} out
 */
function sampleLevel(level, board, s, t, out) {
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
  out[0] = rgb[a] * w00 + rgb[b] * w10 + rgb[c] * w01 + rgb[d] * w11;
  out[1] = rgb[a + 1] * w00 + rgb[b + 1] * w10 + rgb[c + 1] * w01 + rgb[d + 1] * w11;
  out[2] = rgb[a + 2] * w00 + rgb[b + 2] * w10 + rgb[c + 2] * w01 + rgb[d + 2] * w11;
}

/** Every kernel by the name the two threads know it by. */
export const ROW_KERNELS = { applyCoefficientRows, boxMeanAlongRows, boxMeanAlongColumns, layPlankRows };
