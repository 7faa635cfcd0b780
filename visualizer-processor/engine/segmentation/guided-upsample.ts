/**
 * Edge-aware upsampling of a soft mask by a fast guided filter (He, Sun & Tang 2013; He & Sun 2015): on a
 * small copy of the photo, the mask is fitted in every window as a linear function of the photo's
 * brightness, `q = a·I + b`. Where the window holds an edge of the photo the fit follows it; where the photo
 * is flat the mask is only smoothed. The coefficients vary slowly, so they are computed small, stretched to
 * the full size and applied to the full-size brightness: the edge lands where the photo's edge is, at full
 * resolution, at the cost of one multiply-add per pixel.
 */

export interface GrayImage {
  width: number;
  height: number;
  /** Brightness 0..1, row by row. */
  values: Float32Array;
}

/**
 * Mean over a (2r+1)² window clipped to the image, by running sums: cost does not grow with r. The two passes are
 * functions of their own: V8's fast code for the first, made on the spot inside one function, was thrown away on
 * reaching the second, which compiled the whole function again (decision 028).
 */
export function boxMean(input: Float32Array, width: number, height: number, radius: number): Float32Array {
  return boxMeanColumns(boxMeanRows(input, width, height, radius), width, height, radius);
}

/**
 * The rows' running means over (2r+1) pixels clipped to the row. Each row in three stretches (the window clipped at
 * the left, whole, clipped at the right), so the loop over pixels asks nothing per pixel but adds and subtracts:
 * the same sums in the same order as one loop with those tests in it.
 */
function boxMeanRows(input: Float32Array, width: number, height: number, radius: number): Float32Array {
  const rows = new Float32Array(input.length);
  // Pixels before `whole` have a window clipped at the left (nothing leaves it), pixels from `clipped` one
  // clipped at the right (nothing enters it).
  const whole = Math.min(width, radius + 1);
  const clipped = Math.max(whole, width - radius);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let sum = 0;
    for (let x = 0; x <= Math.min(radius, width - 1); x++) sum += input[row + x]!;
    rows[row] = sum / (Math.min(width - 1, radius) + 1);
    let x = 1;
    for (; x < whole; x++) {
      if (x + radius < width) sum += input[row + x + radius]!;
      rows[row + x] = sum / (Math.min(width - 1, x + radius) + 1);
    }
    for (; x < clipped; x++) {
      sum += input[row + x + radius]!;
      sum -= input[row + x - radius - 1]!;
      rows[row + x] = sum / (2 * radius + 1);
    }
    for (; x < width; x++) {
      sum -= input[row + x - radius - 1]!;
      rows[row + x] = sum / (width - (x - radius));
    }
  }
  return rows;
}

/**
 * The columns' running means of `rows`: every column's running sum at once, row by row (the same sums, in the same
 * order, as one column at a time, but reading memory in order). Float64 like the row pass's number. A row's sums
 * take the row entering the window, then lose the row leaving it, in one pass over the columns.
 *
 * The rows where the window is clipped (only entering at the top, only leaving at the bottom) and the rows in between
 * are loops in functions of their own: in one function, V8's fast code, made from the top rows, was thrown away at the
 * first whole-window row and again at the bottom (`--trace-deopt`), each time made again from a few rows.
 */
function boxMeanColumns(rows: Float32Array, width: number, height: number, radius: number): Float32Array {
  const out = new Float32Array(rows.length);
  const sums = new Float64Array(width);
  for (let y = 0; y <= Math.min(radius, height - 1); y++) addRow(rows, y * width, width, sums);
  for (let y = 0; y < height; y++) {
    const top = y - radius - 1;
    const bottom = y + radius;
    const count = Math.min(height - 1, bottom) - Math.max(0, y - radius) + 1;
    const entering = y > 0 && bottom < height ? bottom * width : -1;
    const leaving = y > 0 && top >= 0 ? top * width : -1;
    if (entering >= 0 && leaving >= 0) {
      slideColumnMeans(rows, sums, entering, leaving, y * width, width, count, out);
      continue;
    }
    if (entering >= 0) addRow(rows, entering, width, sums);
    if (leaving >= 0) subtractRow(rows, leaving, width, sums);
    divideSums(sums, y * width, width, count, out);
  }
  return out;
}

/** One whole-window row of boxMeanColumns: `sums` plus row `entering`, less row `leaving`, over `count` into `out`. */
function slideColumnMeans(
  rows: Float32Array,
  sums: Float64Array,
  entering: number,
  leaving: number,
  row: number,
  width: number,
  count: number,
  out: Float32Array,
): void {
  for (let x = 0; x < width; x++) {
    const sum = sums[x]! + rows[entering + x]!;
    sums[x] = sum - rows[leaving + x]!;
    out[row + x] = sums[x]! / count;
  }
}

function addRow(rows: Float32Array, start: number, width: number, sums: Float64Array): void {
  for (let x = 0; x < width; x++) sums[x]! += rows[start + x]!;
}

function subtractRow(rows: Float32Array, start: number, width: number, sums: Float64Array): void {
  for (let x = 0; x < width; x++) sums[x]! -= rows[start + x]!;
}

function divideSums(sums: Float64Array, row: number, width: number, count: number, out: Float32Array): void {
  for (let x = 0; x < width; x++) out[row + x] = sums[x]! / count;
}

/** Bilinear resampling with pixel centres aligned (the convention of image resizers). */
export function resizeBilinear(input: Float32Array, width: number, height: number, toWidth: number, toHeight: number): Float32Array {
  const out = new Float32Array(toWidth * toHeight);
  const sx = width / toWidth;
  const sy = height / toHeight;
  const x0s = new Int32Array(toWidth);
  const fxs = new Float32Array(toWidth);
  for (let x = 0; x < toWidth; x++) {
    const fx = Math.min(width - 1, Math.max(0, (x + 0.5) * sx - 0.5));
    x0s[x] = Math.min(width - 2, Math.floor(fx));
    fxs[x] = fx - x0s[x]!;
    if (width === 1) {
      x0s[x] = 0;
      fxs[x] = 0;
    }
  }
  for (let y = 0; y < toHeight; y++) {
    const fy = Math.min(height - 1, Math.max(0, (y + 0.5) * sy - 0.5));
    const y0 = height === 1 ? 0 : Math.min(height - 2, Math.floor(fy));
    const wy = height === 1 ? 0 : fy - y0;
    const y1 = height === 1 ? 0 : y0 + 1;
    for (let x = 0; x < toWidth; x++) {
      const x0 = x0s[x]!;
      const wx = fxs[x]!;
      const x1 = width === 1 ? 0 : x0 + 1;
      const top = input[y0 * width + x0]! * (1 - wx) + input[y0 * width + x1]! * wx;
      const bottom = input[y1 * width + x0]! * (1 - wx) + input[y1 * width + x1]! * wx;
      out[y * toWidth + x] = top * (1 - wy) + bottom * wy;
    }
  }
  return out;
}

export interface GuidedCoefficients {
  width: number;
  height: number;
  a: Float32Array;
  b: Float32Array;
}

/** The guide's own window means (of its brightness and of its square): the filter's part that needs no mask. */
export interface GuideMeans {
  radius: number;
  meanI: Float32Array;
  meanII: Float32Array;
}

/** `guidedCoefficients`' window means of the guide alone, for any number of masks over the same guide. */
export function guideMeans(guide: GrayImage, radius: number): GuideMeans {
  const { width, height, values: I } = guide;
  return { radius, meanI: boxMean(I, width, height, radius), meanII: boxMean(squaresOf(I), width, height, radius) };
}

/**
 * Each value squared (as float32). A function of its own: V8 compiled the loop on the spot inside guideMeans and threw
 * that code away at the line after it, in every call (`--trace-deopt`).
 */
function squaresOf(values: Float32Array): Float32Array {
  const squares = new Float32Array(values.length);
  for (let i = 0; i < values.length; i++) squares[i] = values[i]! * values[i]!;
  return squares;
}

/**
 * The guided filter's averaged coefficients for mask `p` under guide `guide` (same size). `radius` in pixels of
 * that size; `epsilon` is the variance of brightness below which a window counts as flat (smoothing only).
 * `means` is the guide's own part (`guideMeans` with the same radius), when made already.
 */
export function guidedCoefficients(guide: GrayImage, p: Float32Array, radius: number, epsilon: number, means = guideMeans(guide, radius)): GuidedCoefficients {
  const { width, height, values: I } = guide;
  const n = I.length;
  if (means.radius !== radius || means.meanI.length !== n) throw new Error("The guide's means are for another radius or size");
  const { meanI, meanII } = means;
  const meanP = boxMean(p, width, height, radius);
  const product = new Float32Array(n);
  for (let i = 0; i < n; i++) product[i] = I[i]! * p[i]!;
  const meanIP = boxMean(product, width, height, radius);
  const a = new Float32Array(n);
  const b = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const variance = meanII[i]! - meanI[i]! * meanI[i]!;
    const covariance = meanIP[i]! - meanI[i]! * meanP[i]!;
    a[i] = covariance / (variance + epsilon);
    b[i] = meanP[i]! - a[i]! * meanI[i]!;
  }
  return { width, height, a: boxMean(a, width, height, radius), b: boxMean(b, width, height, radius) };
}

/**
 * How far the filtered value may stray from its exact value by rounding (the interpolated coefficients are
 * kept as float32): far more than it does, far less than any coefficient that decides a pixel.
 */
const ROUNDING_MARGIN = 1e-3;

/**
 * Applies the coefficients to the full-size photo's brightness and thresholds: 255 where the filtered mask
 * is at least `threshold`. Rows are produced one at a time, so the full-size photo is only read.
 *
 * Most of a photo is decided before its brightness is read: a pixel's value `a·I + b` is a weighted mean of its
 * four coefficient cells' `a_k·I + b_k`, each between `b_k` and `a_k + b_k` for any brightness I in 0..1. So
 * where all four cells of a stretch of pixels give under the threshold whatever the brightness (the walls, the
 * ceiling), the stretch is 0, and where all give at least the threshold (the middle of the floor) it is 255,
 * without a multiplication per pixel; only the stretches along the edges are worked out pixel by pixel, as before.
 */
export function applyCoefficients(coefficients: GuidedCoefficients, rgb: Uint8Array, width: number, height: number, threshold = 0.5): Buffer {
  const { a, b } = coefficients;
  const cw = coefficients.width;
  const ch = coefficients.height;
  const mask = Buffer.alloc(width * height);
  const sy = ch / height;
  const { x0s, wxs, columnStarts } = columnWeights(width, cw);
  const lastColumn = x0s[width - 1]!;
  // Per coefficient cell, the least and the most its `a·I + b` can be over I in 0..1.
  const { least, most } = cellRanges(a, b);
  // Per coefficient column pair (x0, x0 + 1) of the current pair of coefficient rows: what all four cells agree on,
  // 0 (below the threshold whatever the brightness), 255 (at least it) or 1 (the brightness decides).
  const verdicts = new Uint8Array(cw);
  let verdictRow = -1;
  const rowA = new Float32Array(cw);
  const rowB = new Float32Array(cw);
  for (let y = 0; y < height; y++) {
    const fy = Math.min(ch - 1, Math.max(0, (y + 0.5) * sy - 0.5));
    const y0 = ch === 1 ? 0 : Math.min(ch - 2, Math.floor(fy));
    const wy = ch === 1 ? 0 : fy - y0;
    const y1 = ch === 1 ? 0 : y0 + 1;
    if (y0 !== verdictRow) {
      verdictRow = y0;
      rowVerdicts(least, most, cw, y0, y1, threshold, verdicts);
    }
    let rowReady = false;
    const row = y * width;
    // Stretches of pixels that share a verdict, each 0, 255 or worked out: found from the coefficient columns'
    // verdicts (x0s only grows along the row, so each column's pixels are one run), not pixel by pixel.
    for (let column = x0s[0]!; column <= lastColumn; ) {
      const verdict = verdicts[column]!;
      let next = column + 1;
      while (next <= lastColumn && verdicts[next] === verdict) next++;
      const start = columnStarts[column]!;
      const end = columnStarts[next]!;
      column = next;
      if (verdict === 255) mask.fill(255, row + start, row + end);
      else if (verdict === 1) {
        if (!rowReady) {
          rowReady = true;
          coefficientRow(a, b, cw, y0, y1, wy, rowA, rowB);
        }
        filterStretch(rowA, rowB, x0s, wxs, cw, rgb, row, start, end, threshold, mask);
      }
    }
  }
  return mask;
}

/**
 * For each pixel column, its left coefficient column and the weight of the right one; and for each coefficient
 * column k (0 to cw), the first pixel column whose left coefficient column is k or after (width if none). These
 * loops are functions of their own: with V8 compiling a hot loop on the spot (decision 028), the fast code made
 * for one loop of applyCoefficients was thrown away at the first line after it that had never run, and it
 * compiled again.
 */
function columnWeights(width: number, cw: number): { x0s: Int32Array; wxs: Float32Array; columnStarts: Int32Array } {
  const sx = cw / width;
  const x0s = new Int32Array(width);
  const wxs = new Float32Array(width);
  for (let x = 0; x < width; x++) {
    const fx = Math.min(cw - 1, Math.max(0, (x + 0.5) * sx - 0.5));
    x0s[x] = cw === 1 ? 0 : Math.min(cw - 2, Math.floor(fx));
    wxs[x] = cw === 1 ? 0 : fx - x0s[x]!;
  }
  return { x0s, wxs, columnStarts: firstPixelOfColumns(x0s, cw) };
}

function firstPixelOfColumns(x0s: Int32Array, cw: number): Int32Array {
  const starts = new Int32Array(cw + 1).fill(x0s.length);
  for (let x = x0s.length - 1; x >= 0; x--) starts[x0s[x]!] = x;
  for (let k = cw - 1; k >= 0; k--) starts[k] = Math.min(starts[k]!, starts[k + 1]!);
  return starts;
}

function cellRanges(a: Float32Array, b: Float32Array): { least: Float32Array; most: Float32Array } {
  const least = new Float32Array(a.length);
  const most = new Float32Array(a.length);
  for (let i = 0; i < a.length; i++) {
    const dark = b[i]!;
    const light = a[i]! + b[i]!;
    least[i] = Math.min(dark, light);
    most[i] = Math.max(dark, light);
  }
  return { least, most };
}

/** The verdicts (0, 255 or 1, above) of coefficient rows y0 and y1 for each column pair, into `verdicts`. */
function rowVerdicts(least: Float32Array, most: Float32Array, cw: number, y0: number, y1: number, threshold: number, verdicts: Uint8Array): void {
  for (let x = 0; x < cw; x++) {
    const x1 = cw === 1 ? 0 : Math.min(cw - 1, x + 1);
    const low = Math.min(least[y0 * cw + x]!, least[y0 * cw + x1]!, least[y1 * cw + x]!, least[y1 * cw + x1]!);
    const high = Math.max(most[y0 * cw + x]!, most[y0 * cw + x1]!, most[y1 * cw + x]!, most[y1 * cw + x1]!);
    verdicts[x] = high < threshold - ROUNDING_MARGIN ? 0 : low >= threshold + ROUNDING_MARGIN ? 255 : 1;
  }
}

/** The coefficients interpolated between rows y0 and y1 (weight `wy` of y1), into `rowA` and `rowB`. */
function coefficientRow(a: Float32Array, b: Float32Array, cw: number, y0: number, y1: number, wy: number, rowA: Float32Array, rowB: Float32Array): void {
  for (let k = 0; k < cw; k++) {
    rowA[k] = a[y0 * cw + k]! * (1 - wy) + a[y1 * cw + k]! * wy;
    rowB[k] = b[y0 * cw + k]! * (1 - wy) + b[y1 * cw + k]! * wy;
  }
}

/** Pixels `start` to `end` of the row starting at `row`: 255 in `mask` where `a·I + b` is at least the threshold. */
function filterStretch(
  rowA: Float32Array,
  rowB: Float32Array,
  x0s: Int32Array,
  wxs: Float32Array,
  cw: number,
  rgb: Uint8Array,
  row: number,
  start: number,
  end: number,
  threshold: number,
  mask: Buffer,
): void {
  for (let x = start; x < end; x++) {
    const x0 = x0s[x]!;
    const x1 = cw === 1 ? 0 : x0 + 1;
    const wx = wxs[x]!;
    const ai = rowA[x0]! * (1 - wx) + rowA[x1]! * wx;
    const bi = rowB[x0]! * (1 - wx) + rowB[x1]! * wx;
    const p = (row + x) * 3;
    const brightness = (0.299 * rgb[p]! + 0.587 * rgb[p + 1]! + 0.114 * rgb[p + 2]!) / 255;
    mask[row + x] = ai * brightness + bi >= threshold ? 255 : 0;
  }
}
