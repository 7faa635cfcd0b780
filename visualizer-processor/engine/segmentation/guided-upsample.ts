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

/** Mean over a (2r+1)² window clipped to the image, by running sums: cost does not grow with r. */
export function boxMean(input: Float32Array, width: number, height: number, radius: number): Float32Array {
  const rows = new Float32Array(input.length);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let sum = 0;
    for (let x = 0; x <= Math.min(radius, width - 1); x++) sum += input[row + x]!;
    for (let x = 0; x < width; x++) {
      const left = x - radius - 1;
      const right = x + radius;
      if (x > 0) {
        if (right < width) sum += input[row + right]!;
        if (left >= 0) sum -= input[row + left]!;
      }
      rows[row + x] = sum / (Math.min(width - 1, right) - Math.max(0, x - radius) + 1);
    }
  }
  // Columns: every column's running sum at once, row by row (the same sums, in the same order, as one
  // column at a time, but reading memory in order). Float64 like the row pass's number.
  const out = new Float32Array(input.length);
  const sums = new Float64Array(width);
  for (let y = 0; y <= Math.min(radius, height - 1); y++) {
    for (let x = 0; x < width; x++) sums[x]! += rows[y * width + x]!;
  }
  for (let y = 0; y < height; y++) {
    const top = y - radius - 1;
    const bottom = y + radius;
    if (y > 0) {
      if (bottom < height) for (let x = 0; x < width; x++) sums[x]! += rows[bottom * width + x]!;
      if (top >= 0) for (let x = 0; x < width; x++) sums[x]! -= rows[top * width + x]!;
    }
    const count = Math.min(height - 1, bottom) - Math.max(0, y - radius) + 1;
    for (let x = 0; x < width; x++) out[y * width + x] = sums[x]! / count;
  }
  return out;
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

/**
 * The guided filter's averaged coefficients for mask `p` under guide `guide` (same size). `radius` in pixels of
 * that size; `epsilon` is the variance of brightness below which a window counts as flat (smoothing only).
 */
export function guidedCoefficients(guide: GrayImage, p: Float32Array, radius: number, epsilon: number): GuidedCoefficients {
  const { width, height, values: I } = guide;
  const n = I.length;
  const meanI = boxMean(I, width, height, radius);
  const meanP = boxMean(p, width, height, radius);
  const product = new Float32Array(n);
  for (let i = 0; i < n; i++) product[i] = I[i]! * p[i]!;
  const meanIP = boxMean(product, width, height, radius);
  for (let i = 0; i < n; i++) product[i] = I[i]! * I[i]!;
  const meanII = boxMean(product, width, height, radius);
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
 * Applies the coefficients to the full-size photo's brightness and thresholds: 255 where the filtered mask
 * is at least `threshold`. Rows are produced one at a time, so the full-size photo is only read.
 */
export function applyCoefficients(coefficients: GuidedCoefficients, rgb: Uint8Array, width: number, height: number, threshold = 0.5): Buffer {
  const { a, b } = coefficients;
  const cw = coefficients.width;
  const ch = coefficients.height;
  const mask = Buffer.alloc(width * height);
  const sx = cw / width;
  const sy = ch / height;
  const x0s = new Int32Array(width);
  const wxs = new Float32Array(width);
  for (let x = 0; x < width; x++) {
    const fx = Math.min(cw - 1, Math.max(0, (x + 0.5) * sx - 0.5));
    x0s[x] = cw === 1 ? 0 : Math.min(cw - 2, Math.floor(fx));
    wxs[x] = cw === 1 ? 0 : fx - x0s[x]!;
  }
  const rowA = new Float32Array(cw);
  const rowB = new Float32Array(cw);
  for (let y = 0; y < height; y++) {
    const fy = Math.min(ch - 1, Math.max(0, (y + 0.5) * sy - 0.5));
    const y0 = ch === 1 ? 0 : Math.min(ch - 2, Math.floor(fy));
    const wy = ch === 1 ? 0 : fy - y0;
    const y1 = ch === 1 ? 0 : y0 + 1;
    for (let x = 0; x < cw; x++) {
      rowA[x] = a[y0 * cw + x]! * (1 - wy) + a[y1 * cw + x]! * wy;
      rowB[x] = b[y0 * cw + x]! * (1 - wy) + b[y1 * cw + x]! * wy;
    }
    for (let x = 0; x < width; x++) {
      const x0 = x0s[x]!;
      const x1 = cw === 1 ? 0 : x0 + 1;
      const wx = wxs[x]!;
      const ai = rowA[x0]! * (1 - wx) + rowA[x1]! * wx;
      const bi = rowB[x0]! * (1 - wx) + rowB[x1]! * wx;
      const p = (y * width + x) * 3;
      const brightness = (0.299 * rgb[p]! + 0.587 * rgb[p + 1]! + 0.114 * rgb[p + 2]!) / 255;
      mask[y * width + x] = ai * brightness + bi >= threshold ? 255 : 0;
    }
  }
  return mask;
}
