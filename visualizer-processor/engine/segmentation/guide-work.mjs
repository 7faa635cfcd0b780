// @ts-check
/**
 * The floor steps' work on the guide copy alone (decision 028): the guided filter's window means of its brightness
 * (`guideMeans`, with `boxMean`, which the steps use for other window means too) and its superpixels on the scene grid
 * (`photoRegions`, for photo-colours.ts's colour test). Nothing here needs the network's classes, so a network thread
 * makes them (`guideWork`, asked by find-floor-with-segmenter.ts through scene-segmenter.ts) once the photo's runs
 * are done, while this process's main thread starts the floor steps (decision 028, session 34).
 *
 * Plain JavaScript (types in guide-work.d.mts), like the network's thread: a thread that has to load a TypeScript
 * loader first starts 0.2-0.3 s later (decision 018). The main thread runs this same code when no thread does it,
 * so the means and superpixels are the same numbers wherever they were made. The sRGB-to-linear table the superpixels'
 * colours are read with is the caller's (color-space.ts's SRGB_TO_LINEAR, sent with the request): one table, not a
 * second copy of its formula here.
 */
/**
 * @typedef {import('./guide-work.d.mts').GuideMeans} GuideMeans
 * @typedef {import('./guide-work.d.mts').PhotoRegions} PhotoRegions
 * @typedef {import('./guide-work.d.mts').GuideWorkRequest} GuideWorkRequest
 * @typedef {import('./guide-work.d.mts').GuideWork} GuideWork
 */

/**
 * Mean over a (2r+1)² window clipped to the image, by running sums: cost does not grow with r. The two passes are
 * functions of their own: V8's fast code for the first, made on the spot inside one function, was thrown away on
 * reaching the second, which compiled the whole function again (decision 028).
 */
export function boxMean(input, width, height, radius) {
  return boxMeanColumns(boxMeanRows(input, width, height, radius), width, height, radius);
}
/**
 * The rows' running means over (2r+1) pixels clipped to the row. Each row in three stretches (the window clipped at
 * the left, whole, clipped at the right), so the loop over pixels asks nothing per pixel but adds and subtracts:
 * the same sums in the same order as one loop with those tests in it.
 */
function boxMeanRows(input, width, height, radius) {
  const rows = new Float32Array(input.length);
  // Pixels before `whole` have a window clipped at the left (nothing leaves it), pixels from `clipped` one
  // clipped at the right (nothing enters it).
  const whole = Math.min(width, radius + 1);
  const clipped = Math.max(whole, width - radius);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let sum = 0;
    for (let x = 0; x <= Math.min(radius, width - 1); x++) sum += input[row + x];
    rows[row] = sum / (Math.min(width - 1, radius) + 1);
    let x = 1;
    for (; x < whole; x++) {
      if (x + radius < width) sum += input[row + x + radius];
      rows[row + x] = sum / (Math.min(width - 1, x + radius) + 1);
    }
    for (; x < clipped; x++) {
      sum += input[row + x + radius];
      sum -= input[row + x - radius - 1];
      rows[row + x] = sum / (2 * radius + 1);
    }
    for (; x < width; x++) {
      sum -= input[row + x - radius - 1];
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
function boxMeanColumns(rows, width, height, radius) {
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
function slideColumnMeans(rows, sums, entering, leaving, row, width, count, out) {
  for (let x = 0; x < width; x++) {
    const sum = sums[x] + rows[entering + x];
    sums[x] = sum - rows[leaving + x];
    out[row + x] = sums[x] / count;
  }
}
function addRow(rows, start, width, sums) {
  for (let x = 0; x < width; x++) sums[x] += rows[start + x];
}
function subtractRow(rows, start, width, sums) {
  for (let x = 0; x < width; x++) sums[x] -= rows[start + x];
}
function divideSums(sums, row, width, count, out) {
  for (let x = 0; x < width; x++) out[row + x] = sums[x] / count;
}
/** `guidedCoefficients`' window means of the guide alone, for any number of masks over the same guide. */
export function guideMeans(guide, radius) {
  const { width, height, values: I } = guide;
  return { radius, meanI: boxMean(I, width, height, radius), meanII: boxMean(squaresOf(I), width, height, radius) };
}
/**
 * Each value squared (as float32). A function of its own: V8 compiled the loop on the spot inside guideMeans and threw
 * that code away at the line after it, in every call (`--trace-deopt`).
 */
function squaresOf(values) {
  const squares = new Float32Array(values.length);
  for (let i = 0; i < values.length; i++) squares[i] = values[i] * values[i];
  return squares;
}

function labOf(rgb, size, SRGB_TO_LINEAR) {
  const lab = new Float32Array(size * 3);
  const f = (t) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  for (let i = 0; i < size; i++) {
    const r = SRGB_TO_LINEAR[rgb[i * 3]];
    const g = SRGB_TO_LINEAR[rgb[i * 3 + 1]];
    const b = SRGB_TO_LINEAR[rgb[i * 3 + 2]];
    const fx = f((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.9505);
    const fy = f(0.2126 * r + 0.7152 * g + 0.0722 * b);
    const fz = f((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.089);
    lab[i * 3] = 116 * fy - 16;
    lab[i * 3 + 1] = 500 * (fx - fy);
    lab[i * 3 + 2] = 200 * (fy - fz);
  }
  return lab;
}
/** The grid at half its size, each cell the mean of (up to) four. */
function halved(rgb, width, height) {
  const w = Math.max(1, width >> 1);
  const h = Math.max(1, height >> 1);
  const out = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++) {
    const y0 = Math.min(height - 1, y * 2);
    const y1 = Math.min(height - 1, y * 2 + 1);
    for (let x = 0; x < w; x++) {
      const x0 = Math.min(width - 1, x * 2);
      const x1 = Math.min(width - 1, x * 2 + 1);
      for (let c = 0; c < 3; c++) {
        const sum =
          rgb[(y0 * width + x0) * 3 + c] +
          rgb[(y0 * width + x1) * 3 + c] +
          rgb[(y1 * width + x0) * 3 + c] +
          rgb[(y1 * width + x1) * 3 + c];
        out[(y * w + x) * 3 + c] = (sum + 2) >> 2;
      }
    }
  }
  return { rgb: out, width: w, height: h };
}
/**
 * SLIC superpixels: a label per cell (0..count-1). Its loops (and photoRegions' and floorOfOtherColours' over the
 * grid) are functions of their own: with V8 compiling a hot loop on the spot (decision 028), the fast code made for
 * one loop of a function was thrown away at the first line after it that had never run, and the function compiled
 * again for its next loop.
 */
export function superpixels(lab, width, height, spacing, compactness, iterations) {
  const columns = Math.max(1, Math.round(width / spacing));
  const rows = Math.max(1, Math.round(height / spacing));
  const count = columns * rows;
  const centres = evenCentres(lab, width, height, columns, rows);
  const labels = new Int32Array(width * height);
  const best = new Float32Array(width * height);
  const sums = new Float64Array(count * 6);
  const spatial = (compactness / spacing) ** 2;
  // SLIC's search window: 2S × 2S around each centre.
  const window = spacing;
  for (let iteration = 0; iteration < iterations; iteration++) {
    best.fill(Infinity);
    assignToCentres(lab, width, height, centres, count, window, spatial, best, labels);
    sums.fill(0);
    addToLabelSums(lab, width, height, labels, sums);
    moveCentres(centres, sums, count);
  }
  return { labels, count, centres };
}
/** Per centre: L, a, b, x, y of the cell in the middle of each of `columns` × `rows` equal parts of the grid. */
function evenCentres(lab, width, height, columns, rows) {
  const centres = new Float32Array(columns * rows * 5);
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < columns; column++) {
      const k = row * columns + column;
      const x = Math.min(width - 1, Math.floor(((column + 0.5) * width) / columns));
      const y = Math.min(height - 1, Math.floor(((row + 0.5) * height) / rows));
      const i = y * width + x;
      centres.set([lab[i * 3], lab[i * 3 + 1], lab[i * 3 + 2], x, y], k * 5);
    }
  }
  return centres;
}
/** Each cell's nearest centre (colour and place) within `window` of it, into `labels` (`best`: its distance). */
function assignToCentres(lab, width, height, centres, count, window, spatial, best, labels) {
  for (let k = 0; k < count; k++) {
    const cl = centres[k * 5];
    const ca = centres[k * 5 + 1];
    const cb = centres[k * 5 + 2];
    const cx = centres[k * 5 + 3];
    const cy = centres[k * 5 + 4];
    const x0 = Math.max(0, Math.floor(cx - window));
    const x1 = Math.min(width - 1, Math.ceil(cx + window));
    const y0 = Math.max(0, Math.floor(cy - window));
    const y1 = Math.min(height - 1, Math.ceil(cy + window));
    for (let y = y0; y <= y1; y++) {
      const dy = y - cy;
      for (let x = x0; x <= x1; x++) {
        const i = y * width + x;
        const dl = lab[i * 3] - cl;
        const da = lab[i * 3 + 1] - ca;
        const db = lab[i * 3 + 2] - cb;
        const dx = x - cx;
        const d = dl * dl + da * da + db * db + (dx * dx + dy * dy) * spatial;
        if (d < best[i]) {
          best[i] = d;
          labels[i] = k;
        }
      }
    }
  }
}
/** Per label: the sums of its cells' L, a, b, x, y and their count (6 a label), added to `sums`. */
function addToLabelSums(lab, width, height, labels, sums) {
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const k = labels[i] * 6;
      sums[k] += lab[i * 3];
      sums[k + 1] += lab[i * 3 + 1];
      sums[k + 2] += lab[i * 3 + 2];
      sums[k + 3] += x;
      sums[k + 4] += y;
      sums[k + 5]++;
    }
  }
}
/** Each centre with cells to the mean of its cells. */
function moveCentres(centres, sums, count) {
  for (let k = 0; k < count; k++) {
    const n = sums[k * 6 + 5];
    if (!n) continue;
    for (let c = 0; c < 5; c++) centres[k * 5 + c] = sums[k * 6 + c] / n;
  }
}
/**
 * The photo's superpixels on the grid, and what the colour test needs of them: everything that depends on the
 * photo alone, made once per photo (the floor steps make it while the network runs, and use it for each floor).
/** The superpixels of `rgb` (3 bytes a cell on a `width × height` grid) as `floorOfOtherColours` reads them. */
export function photoRegions(rgb, width, height, limits, toLinear) {
  // The superpixels are found on a copy half the grid's size (a quarter of the work) and drawn back on the grid;
  // the guided filter puts the floor's edge on the photo's own at full size anyway.
  const half = halved(rgb, width, height);
  const lab = labOf(half.rgb, half.width * half.height, toLinear);
  const found = superpixels(lab, half.width, half.height, limits.spacing / 2, limits.compactness, limits.iterations);
  const { count } = found;
  const centres = found.centres;
  centresToGrid(centres, count);
  // A grid cell's superpixel is its half-size cell's.
  const columnOf = new Int32Array(width);
  for (let x = 0; x < width; x++) columnOf[x] = Math.min(half.width - 1, x >> 1);
  const cells = cellsPerSuperpixel(found.labels, half, columnOf, height, count);
  const hue = superpixelHues(half.rgb, found.labels, count, toLinear);
  const neighbours = superpixelNeighbours(found.labels, half.width, half.height, count);
  const { spacing, compactness, iterations } = limits;
  return {
    width,
    height,
    spacing,
    compactness,
    iterations,
    count,
    centres,
    labels: found.labels,
    half: { width: half.width, height: half.height },
    columnOf,
    cells,
    hue,
    neighbours,
  };
}
/** The centres' places from the half-size copy's cells to the grid's. */
function centresToGrid(centres, count) {
  for (let k = 0; k < count; k++) {
    centres[k * 5 + 3] = centres[k * 5 + 3] * 2 + 0.5;
    centres[k * 5 + 4] = centres[k * 5 + 4] * 2 + 0.5;
  }
}
/** Per superpixel, its cells on the grid (`columnOf` wide, `height` high), each cell's being its half-size cell's. */
function cellsPerSuperpixel(labels, half, columnOf, height, count) {
  const cells = new Int32Array(count);
  for (let y = 0; y < height; y++) {
    const row = Math.min(half.height - 1, y >> 1) * half.width;
    for (let x = 0; x < columnOf.length; x++) cells[labels[row + columnOf[x]]]++;
  }
  return cells;
}
/** Chromaticity per superpixel (r, g), from the half-size copy (a little grey added: black has no hue). */
function superpixelHues(rgb, labels, count, SRGB_TO_LINEAR) {
  const light = new Float64Array(count * 4);
  for (let i = 0; i < labels.length; i++) {
    const k = labels[i];
    for (let c = 0; c < 3; c++) light[k * 4 + c] += SRGB_TO_LINEAR[rgb[i * 3 + c]];
    light[k * 4 + 3]++;
  }
  const hue = new Float32Array(count * 2);
  for (let k = 0; k < count; k++) {
    const n = light[k * 4 + 3];
    const total = light[k * 4] + light[k * 4 + 1] + light[k * 4 + 2] + 0.003 * n;
    hue[k * 2] = (light[k * 4] + 0.001 * n) / total;
    hue[k * 2 + 1] = (light[k * 4 + 1] + 0.001 * n) / total;
  }
  return hue;
}
/**
 * Neighbours (superpixels sharing a cell edge), from the half-size labels (the same borders). A superpixel has a
 * handful, so a short list with a linear check beats a set.
 */
function superpixelNeighbours(labels, width, height, count) {
  const neighbours = Array.from({ length: count }, () => []);
  const join = (a, b) => {
    if (a === b || neighbours[a].includes(b)) return;
    neighbours[a].push(b);
    neighbours[b].push(a);
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const a = labels[y * width + x];
      if (x + 1 < width) join(a, labels[y * width + x + 1]);
      if (y + 1 < height) join(a, labels[(y + 1) * width + x]);
    }
  }
  return neighbours;
}

/**
 * What a network thread is asked for (network-thread.mjs): the window means of the guide's brightness at `radius`
 * (when over 0) and the superpixels of its copy on the scene grid (when `grid` is given).
 * @param {GuideWorkRequest} request
 * @returns {GuideWork}
 */
export function guideWork({ brightness, radius, grid }) {
  return {
    means: radius > 0 ? guideMeans(brightness, radius) : null,
    regions: grid ? photoRegions(grid.rgb, grid.width, grid.height, grid.limits, grid.toLinear) : null,
  };
}
