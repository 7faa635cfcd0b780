import { runRows, shared, sharedBytes, sharedFloat32, sharedInt32, sharedPixels } from '../row-split/row-split.ts';

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
 * Mean over a (2r+1)² window clipped to the image, by running sums: cost does not grow with r. Rows, then
 * columns, each pass split over the floor tail's two threads (row-kernels.mjs has the loops).
 */
export function boxMean(input: Float32Array, width: number, height: number, radius: number): Float32Array {
  const args = { input: shared(input), rows: sharedFloat32(input.length), out: sharedFloat32(input.length), width, height, radius };
  runRows('boxMeanAlongRows', args, height, input.length);
  runRows('boxMeanAlongColumns', args, width, input.length);
  return args.out;
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
  const squares = new Float32Array(I.length);
  for (let i = 0; i < I.length; i++) squares[i] = I[i]! * I[i]!;
  return { radius, meanI: boxMean(I, width, height, radius), meanII: boxMean(squares, width, height, radius) };
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

export function applyCoefficients(coefficients: GuidedCoefficients, rgb: Uint8Array, width: number, height: number, threshold = 0.5): Buffer {
  const { a, b } = coefficients;
  const cw = coefficients.width;
  const ch = coefficients.height;
  const sx = cw / width;
  const x0s = sharedInt32(width);
  const wxs = sharedFloat32(width);
  for (let x = 0; x < width; x++) {
    const fx = Math.min(cw - 1, Math.max(0, (x + 0.5) * sx - 0.5));
    x0s[x] = cw === 1 ? 0 : Math.min(cw - 2, Math.floor(fx));
    wxs[x] = cw === 1 ? 0 : fx - x0s[x]!;
  }
  // Per coefficient cell, the least and the most its `a·I + b` can be over I in 0..1.
  const least = sharedFloat32(a.length);
  const most = sharedFloat32(a.length);
  for (let i = 0; i < a.length; i++) {
    const dark = b[i]!;
    const light = a[i]! + b[i]!;
    least[i] = Math.min(dark, light);
    most[i] = Math.max(dark, light);
  }
  const mask = sharedBytes(width * height);
  const args = { a: shared(a), b: shared(b), cw, ch, rgb: sharedPixels(rgb), width, height, threshold, x0s, wxs, least, most, mask };
  runRows('applyCoefficientRows', args, height, width * height);
  return mask;
}
