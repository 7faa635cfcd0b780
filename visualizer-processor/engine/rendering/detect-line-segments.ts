/**
 * Straight line segments in a grey image, in the manner of LSD (von Gioi et al., "LSD: a Line Segment
 * Detector", IPOL 2012) without its statistical validation: pixels whose gradient is strong enough are
 * grown into regions of nearly the same edge direction, and each long, thin region becomes a segment.
 * Rooms are full of such segments (floor/wall junctions, baseboards, door frames, furniture edges, old
 * floor boards and grout), and they are what the camera estimate votes with.
 */

export interface LineSegment {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  length: number;
  /** Mean gradient magnitude along the segment (grey levels per pixel). */
  contrast: number;
}

export interface LineSegmentOptions {
  /** Shortest segment kept, in pixels. */
  minLength?: number;
  /** Weakest gradient considered, in grey levels per pixel. */
  minGradient?: number;
}

/** Edge directions of one region differ by at most this (LSD's 22.5°). */
const ANGLE_TOLERANCE = Math.PI / 8;
const GRADIENT_BINS = 1024;

/**
 * @param gray row-major grey levels (0..255), width × height
 */
export function detectLineSegments(gray: Float32Array, width: number, height: number, options: LineSegmentOptions = {}): LineSegment[] {
  const minLength = options.minLength ?? Math.max(12, Math.round(Math.max(width, height) / 40));
  const minGradient = options.minGradient ?? 5.2;
  const size = width * height;
  const magnitude = new Float32Array(size);
  const angle = new Float32Array(size);
  let maxMagnitude = 0;
  // 2×2 gradient as in LSD: centred between pixels, so both edges of a thin line stay separate regions.
  for (let y = 0; y < height - 1; y++) {
    for (let x = 0; x < width - 1; x++) {
      const i = y * width + x;
      const a = gray[i]!;
      const b = gray[i + 1]!;
      const c = gray[i + width]!;
      const d = gray[i + width + 1]!;
      const gx = (b + d - a - c) / 2;
      const gy = (c + d - a - b) / 2;
      const m = Math.sqrt(gx * gx + gy * gy);
      magnitude[i] = m;
      if (m <= minGradient) continue;
      // The level line runs perpendicular to the gradient.
      angle[i] = Math.atan2(gx, -gy);
      if (m > maxMagnitude) maxMagnitude = m;
    }
  }

  // Seeds in (roughly) decreasing gradient order, by bucket sort.
  const bucketOf = (m: number) => Math.min(GRADIENT_BINS - 1, Math.floor((m / (maxMagnitude + 1e-6)) * GRADIENT_BINS));
  const counts = new Int32Array(GRADIENT_BINS + 1);
  let candidates = 0;
  for (let i = 0; i < size; i++) {
    if (magnitude[i]! <= minGradient) continue;
    counts[bucketOf(magnitude[i]!)]!++;
    candidates++;
  }
  const starts = new Int32Array(GRADIENT_BINS);
  let running = 0;
  for (let bin = GRADIENT_BINS - 1; bin >= 0; bin--) {
    starts[bin] = running;
    running += counts[bin]!;
  }
  const order = new Int32Array(candidates);
  for (let i = 0; i < size; i++) {
    if (magnitude[i]! <= minGradient) continue;
    order[starts[bucketOf(magnitude[i]!)]!++] = i;
  }

  const used = new Uint8Array(size);
  const region = new Int32Array(size);
  const segments: LineSegment[] = [];
  const minPixels = Math.round(minLength * 0.7);

  for (let o = 0; o < order.length; o++) {
    const seed = order[o]!;
    if (used[seed]) continue;
    used[seed] = 1;
    region[0] = seed;
    let count = 1;
    let sumCos = Math.cos(angle[seed]!);
    let sumSin = Math.sin(angle[seed]!);
    let regionAngle = angle[seed]!;
    for (let r = 0; r < count; r++) {
      const p = region[r]!;
      const px = p % width;
      const py = (p - px) / width;
      for (let dy = -1; dy <= 1; dy++) {
        const ny = py + dy;
        if (ny < 0 || ny >= height - 1) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = px + dx;
          if (nx < 0 || nx >= width - 1) continue;
          const q = ny * width + nx;
          if (used[q] || magnitude[q]! <= minGradient) continue;
          let difference = Math.abs(angle[q]! - regionAngle);
          if (difference > Math.PI) difference = 2 * Math.PI - difference;
          if (difference > ANGLE_TOLERANCE) continue;
          used[q] = 1;
          region[count++] = q;
          sumCos += Math.cos(angle[q]!);
          sumSin += Math.sin(angle[q]!);
          regionAngle = Math.atan2(sumSin, sumCos);
        }
      }
    }
    if (count < minPixels) continue;
    const segment = fitSegment(region, count, width, magnitude, regionAngle);
    if (segment && segment.length >= minLength) segments.push(segment);
  }
  return segments;
}

/** The region's principal axis and extent; null when the region is not thin enough to be a line. */
function fitSegment(region: Int32Array, count: number, width: number, magnitude: Float32Array, regionAngle: number): LineSegment | null {
  let weight = 0;
  let cx = 0;
  let cy = 0;
  for (let r = 0; r < count; r++) {
    const p = region[r]!;
    const m = magnitude[p]!;
    const x = p % width;
    cx += m * x;
    cy += m * ((p - x) / width);
    weight += m;
  }
  cx /= weight;
  cy /= weight;
  // The direction: the region's principal axis (more precise than its mean edge angle), oriented like it.
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (let r = 0; r < count; r++) {
    const p = region[r]!;
    const m = magnitude[p]!;
    const x = p % width;
    const dx = x - cx;
    const dy = (p - x) / width - cy;
    sxx += m * dx * dx;
    sxy += m * dx * dy;
    syy += m * dy * dy;
  }
  const axis = 0.5 * Math.atan2(2 * sxy, sxx - syy);
  const flip = Math.cos(axis - regionAngle) < 0 ? Math.PI : 0;
  const ux = Math.cos(axis + flip);
  const uy = Math.sin(axis + flip);
  let minAlong = Infinity;
  let maxAlong = -Infinity;
  let minAcross = Infinity;
  let maxAcross = -Infinity;
  for (let r = 0; r < count; r++) {
    const p = region[r]!;
    const x = p % width;
    const dx = x - cx;
    const dy = (p - x) / width - cy;
    const along = dx * ux + dy * uy;
    const across = -dx * uy + dy * ux;
    if (along < minAlong) minAlong = along;
    if (along > maxAlong) maxAlong = along;
    if (across < minAcross) minAcross = across;
    if (across > maxAcross) maxAcross = across;
  }
  const length = maxAlong - minAlong + 1;
  const thickness = maxAcross - minAcross + 1;
  // A line region is long and thin, and most of its rectangle is filled.
  if (thickness > Math.max(3, length / 6) || count < 0.6 * length) return null;
  const centreX = cx + 1;
  const centreY = cy + 1;
  return {
    x1: centreX + ux * minAlong,
    y1: centreY + uy * minAlong,
    x2: centreX + ux * maxAlong,
    y2: centreY + uy * maxAlong,
    length,
    contrast: weight / count,
  };
}
