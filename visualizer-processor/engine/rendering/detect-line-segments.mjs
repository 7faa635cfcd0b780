// @ts-check
/**
 * Straight line segments in a grey image, in the manner of LSD (von Gioi et al., "LSD: a Line Segment
 * Detector", IPOL 2012) without its statistical validation: pixels whose gradient is strong enough are
 * grown into regions of nearly the same edge direction, and each long, thin region becomes a segment.
 * Rooms are full of such segments (floor/wall junctions, baseboards, door frames, furniture edges, old
 * floor boards and grout), and they are what the camera estimate votes with.
 *
 * Plain JavaScript (types in detect-line-segments.d.mts), like the network's thread: the photo's own segments
 * (photoLineSegments) are found on one of the network's threads once its runs are done (network-thread.mjs), while
 * this process's main thread works on the floor (decision 028, session 33), and a thread that has to load a
 * TypeScript loader first starts 0.2-0.3 s later (decision 018).
 */

/**
 * @typedef {import('./detect-line-segments.d.mts').LineSegment} LineSegment
 * @typedef {import('./detect-line-segments.d.mts').LineSegmentOptions} LineSegmentOptions
 */

/** Edge directions of one region differ by at most this (LSD's 22.5°). */
const ANGLE_TOLERANCE = Math.PI / 8;
const GRADIENT_BINS = 1024;

/**
 * @param {Float32Array} gray row-major grey levels (0..255), width × height
 * @param {number} width @param {number} height @param {LineSegmentOptions} [options]
 * @returns {LineSegment[]}
 *
 * Each loop is a function of its own (the regions' growth one called per seed): V8 makes a loop that runs once
 * fast while it runs, by compiling the function that holds it, and this function's four loops were compiled
 * one after another, each time with the others, and thrown away between (decision 028).
 */
export function detectLineSegments(gray, width, height, options = {}) {
  const minLength = options.minLength ?? Math.max(12, Math.round(Math.max(width, height) / 40));
  const minGradient = options.minGradient ?? 5.2;
  const size = width * height;
  const magnitude = new Float32Array(size);
  const angle = new Float32Array(size);
  let maxMagnitude = 0;
  for (let y = 0; y < height - 1; y++) maxMagnitude = gradientRow(gray, y, width, minGradient, magnitude, angle, maxMagnitude);
  const order = seedsByGradient(magnitude, minGradient, maxMagnitude);

  const used = new Uint8Array(size);
  const region = new Int32Array(size);
  /** @type {LineSegment[]} */
  const segments = [];
  const minPixels = Math.round(minLength * 0.7);
  const regionAngle = new Float64Array(1);
  for (let o = 0; o < order.length; o++) {
    const seed = order[o];
    if (used[seed]) continue;
    const count = growRegion(seed, width, height, minGradient, magnitude, angle, used, region, regionAngle);
    if (count < minPixels) continue;
    const segment = fitSegment(region, count, width, magnitude, regionAngle[0]);
    if (segment && segment.length >= minLength) segments.push(segment);
  }
  return segments;
}

/**
 * Row `y`'s 2×2 gradients, as in LSD: centred between pixels, so both edges of a thin line stay separate regions.
 * Returns the largest magnitude so far (`maxMagnitude`, or this row's above minGradient if larger).
 * @param {Float32Array} gray @param {number} y @param {number} width @param {number} minGradient @param {Float32Array} magnitude @param {Float32Array} angle @param {number} maxMagnitude @returns {number}
 */
function gradientRow(gray, y, width, minGradient, magnitude, angle, maxMagnitude) {
  for (let x = 0; x < width - 1; x++) {
    const i = y * width + x;
    const a = gray[i];
    const b = gray[i + 1];
    const c = gray[i + width];
    const d = gray[i + width + 1];
    const gx = (b + d - a - c) / 2;
    const gy = (c + d - a - b) / 2;
    const m = Math.sqrt(gx * gx + gy * gy);
    magnitude[i] = m;
    if (m <= minGradient) continue;
    // The level line runs perpendicular to the gradient.
    angle[i] = Math.atan2(gx, -gy);
    if (m > maxMagnitude) maxMagnitude = m;
  }
  return maxMagnitude;
}

/**
 * The bucket of a gradient magnitude, strongest last.
 * @param {number} m @param {number} maxMagnitude @returns {number}
 */
function gradientBin(m, maxMagnitude) {
  return Math.min(GRADIENT_BINS - 1, Math.floor((m / (maxMagnitude + 1e-6)) * GRADIENT_BINS));
}

/**
 * The seeds (pixels over minGradient) in (roughly) decreasing gradient order, by bucket sort.
 * @param {Float32Array} magnitude @param {number} minGradient @param {number} maxMagnitude @returns {Int32Array}
 */
function seedsByGradient(magnitude, minGradient, maxMagnitude) {
  const counts = gradientBinCounts(magnitude, minGradient, maxMagnitude);
  const starts = new Int32Array(GRADIENT_BINS);
  let running = 0;
  for (let bin = GRADIENT_BINS - 1; bin >= 0; bin--) {
    starts[bin] = running;
    running += counts[bin];
  }
  return seedsInBins(magnitude, minGradient, maxMagnitude, starts, running);
}

/**
 * How many seeds fall in each gradient bucket.
 * @param {Float32Array} magnitude @param {number} minGradient @param {number} maxMagnitude @returns {Int32Array}
 */
function gradientBinCounts(magnitude, minGradient, maxMagnitude) {
  const counts = new Int32Array(GRADIENT_BINS + 1);
  for (let i = 0; i < magnitude.length; i++) {
    if (magnitude[i] <= minGradient) continue;
    counts[gradientBin(magnitude[i], maxMagnitude)]++;
  }
  return counts;
}

/**
 * The seeds, each at the next place of its bucket (`starts`, moved on as they fill).
 * @param {Float32Array} magnitude @param {number} minGradient @param {number} maxMagnitude @param {Int32Array} starts @param {number} candidates @returns {Int32Array}
 */
function seedsInBins(magnitude, minGradient, maxMagnitude, starts, candidates) {
  const order = new Int32Array(candidates);
  for (let i = 0; i < magnitude.length; i++) {
    if (magnitude[i] <= minGradient) continue;
    order[starts[gradientBin(magnitude[i], maxMagnitude)]++] = i;
  }
  return order;
}

/**
 * Grows the region of `seed` (not used yet) over the unused pixels of nearly its edge direction, into `region` and
 * `used`; returns its size, and writes its mean edge direction into regionAngle[0].
 *
 * The mean direction is written as it changes, not once after the loop: V8 compiles this loop on the spot during the
 * first large region, before any call had reached a line after it, and that fast code, kept for later calls, was
 * thrown away at such a line's first run in each of them (some 300 times a photo, `--trace-deopt`), so most regions
 * grew in the interpreter. Nothing but `return` follows the loop now.
 * @param {number} seed @param {number} width @param {number} height @param {number} minGradient @param {Float32Array} magnitude @param {Float32Array} angle @param {Uint8Array} used @param {Int32Array} region @param {Float64Array} regionAngle @returns {number}
 */
function growRegion(seed, width, height, minGradient, magnitude, angle, used, region, regionAngle) {
  used[seed] = 1;
  region[0] = seed;
  let count = 1;
  let sumCos = Math.cos(angle[seed]);
  let sumSin = Math.sin(angle[seed]);
  let meanAngle = angle[seed];
  regionAngle[0] = meanAngle;
  for (let r = 0; r < count; r++) {
    const p = region[r];
    const px = p % width;
    const py = (p - px) / width;
    for (let dy = -1; dy <= 1; dy++) {
      const ny = py + dy;
      if (ny < 0 || ny >= height - 1) continue;
      for (let dx = -1; dx <= 1; dx++) {
        const nx = px + dx;
        if (nx < 0 || nx >= width - 1) continue;
        const q = ny * width + nx;
        if (used[q] || magnitude[q] <= minGradient) continue;
        let difference = Math.abs(angle[q] - meanAngle);
        if (difference > Math.PI) difference = 2 * Math.PI - difference;
        if (difference > ANGLE_TOLERANCE) continue;
        used[q] = 1;
        region[count++] = q;
        sumCos += Math.cos(angle[q]);
        sumSin += Math.sin(angle[q]);
        meanAngle = Math.atan2(sumSin, sumCos);
        regionAngle[0] = meanAngle;
      }
    }
  }
  return count;
}

/**
 * The region's principal axis and extent; null when the region is not thin enough to be a line.
 * @param {Int32Array} region @param {number} count @param {number} width @param {Float32Array} magnitude @param {number} regionAngle @returns {LineSegment | null}
 */
function fitSegment(region, count, width, magnitude, regionAngle) {
  let weight = 0;
  let cx = 0;
  let cy = 0;
  for (let r = 0; r < count; r++) {
    const p = region[r];
    const m = magnitude[p];
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
    const p = region[r];
    const m = magnitude[p];
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
    const p = region[r];
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

/**
 * The photo's line segments, for the camera (prepare-floor.ts's estimateCamera).
 * @param {Float32Array} gray @param {number} width @param {number} height @returns {LineSegment[]}
 */
export function photoLineSegments(gray, width, height) {
  // A light blur first: sensor noise and JPEG blocks break long edges into short pieces.
  const blurred = Float32Array.from(gray);
  boxBlur(blurred, width, height);
  return detectLineSegments(blurred, width, height);
}

/**
 * In-place 3-tap box blur (radius 1), rows then columns, edges repeated.
 * @param {Float32Array} values @param {number} width @param {number} height
 */
export function boxBlur(values, width, height) {
  const line = new Float32Array(Math.max(width, height));
  for (let y = 0; y < height; y++) {
    const row = y * width;
    line.set(values.subarray(row, row + width));
    values[row] = (2 * line[0] + line[Math.min(1, width - 1)]) / 3;
    for (let x = 1; x < width - 1; x++) values[row + x] = (line[x - 1] + line[x] + line[x + 1]) / 3;
    if (width > 1) values[row + width - 1] = (line[width - 2] + 2 * line[width - 1]) / 3;
  }
  const above = new Float32Array(width);
  const current = new Float32Array(width);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    current.set(values.subarray(row, row + width));
    if (y === 0) above.set(current);
    const below = y + 1 < height ? row + width : row;
    for (let x = 0; x < width; x++) values[row + x] = (above[x] + current[x] + values[below + x]) / 3;
    above.set(current);
  }
}
