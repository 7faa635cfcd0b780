/**
 * A keyboard on a carpet of its colour, a device and its cables on it, a chair's star base on a carpet of its red:
 * things lying on the floor in its own tone, which every network run calls floor and no colour step tells
 * (decision 012's log, sessions 20-22). Their detail tells: keys, spokes, a device's edges change the brightness
 * from place to place more than the floor round them does, though not the eight times `roughThings` asks (a carpet's
 * pile is rough too: the keyboard is two to four times the carpet's median). At that lower bar the floor's own
 * detail comes too (a seam, a cable lying flat, grout, a pattern's strokes, the floor's edge); what parts a thing
 * from it is its shape: a compact patch (its holes, a key's plain top, filled), closed in by the floor on most of
 * its outline, not a line or a network across the floor and not cut by the frame.
 *
 * On the refined floor, on roughThings' cells (rough-floor-things.ts, same window and grain test) at `times` the
 * floor's median roughness: the rough cells, joined across `join` cells, in 8-connected patches; a patch, its holes
 * filled, leaves when it covers `minArea` of the photo to `maxShare` of the floor, at least `enclosed` of the cells
 * just out of it are floor (the frame counting as none), it fills at least `fill` of its bounding box, that box and
 * its least-area rectangle are no longer than `aspect` times their width, that rectangle is at least `thinnest` cells
 * wide (wider than a line's band), and it is `contrast` times as rough as the floor in a `ring` round it.
 */
import { onFloorBox } from './floor-box.ts';
import { ROUGH_THING_LIMITS, layBack, roughCellsOfBox } from './rough-floor-things.ts';

export const ROUGH_CLOSED_LIMITS = {
  /** roughThings' cells, window and grain test. */
  scale: ROUGH_THING_LIMITS.scale,
  radius: ROUGH_THING_LIMITS.radius,
  grain: ROUGH_THING_LIMITS.grain,
  least: ROUGH_THING_LIMITS.least,
  /** A cell this many times as rough as the floor's median is detail of a thing or of the floor. */
  times: 3,
  /** Rough cells this many cells apart join one patch (a key's plain top between its edges). */
  join: 1,
  /** Least share of the photo's pixels a patch covers. */
  minArea: 0.003,
  /** Most share of the floor a patch covers. */
  maxShare: 0.15,
  /** Least share of the cells just out of a patch that are floor (the frame is not). */
  enclosed: 0.6,
  /** Least share of its bounding box a patch (its holes filled) fills. */
  fill: 0.3,
  /**
   * Most ratio of its bounding box's long side to its short one, and of its least-area rectangle's (turned any way):
   * a band along a seam, a crack or a tile's joint is no thing, whichever way it runs.
   */
  aspect: 3,
  /**
   * Least short side (cells) of its least-area rectangle. A line of the floor's (a crack, a grout line, a board's
   * seam, a threshold strip) makes rough every cell whose window reaches it, so its patch is a band 2 × (`radius` +
   * `join`) + 1 cells wide plus its own width, however short or bent it is; a thing is wider than that band.
   */
  thinnest: 12,
  /**
   * Least ratio of the patch's mean roughness to that of the floor within `ring` cells round it (outside any rough
   * cell): a thing stands out from the floor beside it; the floor's own busy places (a tangle of cables lying flat,
   * the shade and legs under a chair, a tile's joints) are busy round the patch too.
   */
  contrast: 2.5,
  ring: 4,
  /**
   * A second, lower bar for a patch that stands up from the floor: its bounding box at least `upright` times as tall
   * as wide (0: no second bar). A mark lying on the floor (a stain, a pattern's figure, grout, the shade under a
   * chair) is foreshortened, seen wider than tall; a post, a chair's leg, a person's legs stand up in the photo. At
   * `uprightTimes` the floor's median roughness, with `uprightContrast` against the floor round it, the other limits
   * as above: a carpet's barrier posts and a chair's leg on a carpet of their tone (decision 012's log, session 25).
   */
  upright: 0,
  uprightTimes: 2,
  uprightContrast: 2,
  /**
   * Cells taken off a patch's outline where the floor is beside it: a cell's roughness is read over a window `radius`
   * cells round it and the rough cells are `join`ed, so a patch runs that far past the thing's edge onto the floor.
   */
  shrink: 2,
  /**
   * Whether a patch that leaves takes the floor cells inside its convex hull too: a keyboard's plain frame, its space
   * bar and a device lying on its keys are smooth, so only its keys make rough cells, and the patch is the keys with
   * bays of the thing's own smooth plastic between them. Off (decision 012's log, session 28): on the tuning photos it
   * took the rest of the keyboard and of a toilet's pedestal, but on the held-back part it left floor as it was on
   * two photos (IoU -0.025 and -0.013).
   */
  hull: false,
  /**
   * With `hull`: patches whose bounding boxes lie within this many cells of each other fill one hull (a toilet's
   * pedestal makes two patches, its outline where it meets the bowl and where it meets the floor); -1: each its own.
   */
  hullJoin: 4,
};

export type RoughClosedLimits = typeof ROUGH_CLOSED_LIMITS;

/** A cell's 4 neighbours, as steps across and down. */
const FOUR_NEIGHBOURS = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
] as const;

/** Floor pixels (1 in `floor`, raw RGB `rgb`, `width` × `height`) of compact rough patches closed in by the floor: 1 there. */
export function roughClosedThingsOnFloor(
  floor: Uint8Array,
  rgb: Uint8Array,
  width: number,
  height: number,
  limits: RoughClosedLimits = ROUGH_CLOSED_LIMITS,
): Uint8Array {
  return onFloorBox(floor, rgb, width, height, (limits.radius + 1) * limits.scale, (boxFloor, boxRgb, w, h) => {
    const found = roughCellsOfBox(boxFloor, boxRgb, w, h, limits);
    if (!found) return new Uint8Array(w * h);
    const { grid, cellFloor, rough, roughness } = found;
    const minCells = (limits.minArea * width * height) / limits.scale ** 2;
    const patches = closedPatches(
      joined(rough, grid.columns, grid.rows, limits.join),
      cellFloor,
      roughness,
      grid.columns,
      grid.rows,
      minCells,
      limits,
    );
    if (limits.upright > 0) {
      const standing = closedPatches(
        joined(found.roughAt(limits.uprightTimes), grid.columns, grid.rows, limits.join),
        cellFloor,
        roughness,
        grid.columns,
        grid.rows,
        minCells,
        { ...limits, contrast: limits.uprightContrast },
        limits.upright,
      );
      for (let c = 0; c < patches.length; c++) patches[c] = patches[c]! | standing[c]!;
    }
    return layBack(boxFloor, shrunk(patches, cellFloor, grid.columns, grid.rows, limits.shrink), w, h, grid);
  });
}

/** The patch's mean roughness (its floor cells) over that of the floor within `width` cells round its box, outside `set`. */
function ringContrast(
  patch: number[],
  member: Int32Array,
  id: number,
  set: Uint8Array,
  cellFloor: Uint8Array,
  roughness: Float32Array,
  box: { left: number; right: number; top: number; bottom: number },
  columns: number,
  rows: number,
  width: number,
): number {
  let inside = 0;
  let insideCount = 0;
  for (const i of patch) {
    if (!cellFloor[i]) continue;
    inside += roughness[i]!;
    insideCount++;
  }
  let ring = 0;
  let ringCount = 0;
  for (let y = Math.max(0, box.top - width); y <= Math.min(rows - 1, box.bottom + width); y++) {
    for (let x = Math.max(0, box.left - width); x <= Math.min(columns - 1, box.right + width); x++) {
      const c = y * columns + x;
      if (!cellFloor[c] || set[c] || member[c] === id) continue;
      ring += roughness[c]!;
      ringCount++;
    }
  }
  if (!insideCount || !ringCount) return 0;
  return inside / insideCount / Math.max(1e-6, ring / ringCount);
}

/** `patches` less the cells within `by` cells (a square) of a floor cell out of them. */
function shrunk(patches: Uint8Array, cellFloor: Uint8Array, columns: number, rows: number, by: number): Uint8Array {
  if (by <= 0) return patches;
  const out = patches.slice();
  for (let y = 0; y < rows; y++) {
    for (let x = 0; x < columns; x++) {
      if (!patches[y * columns + x]) continue;
      near: for (let yy = Math.max(0, y - by); yy <= Math.min(rows - 1, y + by); yy++) {
        for (let xx = Math.max(0, x - by); xx <= Math.min(columns - 1, x + by); xx++) {
          const n = yy * columns + xx;
          if (cellFloor[n] && !patches[n]) {
            out[y * columns + x] = 0;
            break near;
          }
        }
      }
    }
  }
  return out;
}

/** `set` grown by `join` cells (a square). */
function joined(set: Uint8Array, columns: number, rows: number, join: number): Uint8Array {
  if (join <= 0) return set;
  const out = new Uint8Array(set.length);
  for (let y = 0; y < rows; y++) {
    for (let x = 0; x < columns; x++) {
      if (!set[y * columns + x]) continue;
      for (let yy = Math.max(0, y - join); yy <= Math.min(rows - 1, y + join); yy++) {
        out.fill(1, yy * columns + Math.max(0, x - join), yy * columns + Math.min(columns - 1, x + join) + 1);
      }
    }
  }
  return out;
}

/**
 * The 8-connected patches of `set`, holes filled, that pass the limits (and whose bounding box is at least `upright`
 * times as tall as wide): 1 there.
 */
function closedPatches(
  set: Uint8Array,
  cellFloor: Uint8Array,
  roughness: Float32Array,
  columns: number,
  rows: number,
  minCells: number,
  limits: RoughClosedLimits,
  upright = 0,
): Uint8Array {
  const size = columns * rows;
  const out = new Uint8Array(size);
  const taken: { cells: number[]; box: Box }[] = [];
  const label = new Int32Array(size);
  // Per cell, the last patch whose filled outline holds it.
  const member = new Int32Array(size);
  const queue = new Int32Array(size);
  let floorCells = 0;
  for (let c = 0; c < size; c++) floorCells += cellFloor[c]!;
  let count = 0;
  for (let start = 0; start < size; start++) {
    if (!set[start] || label[start]) continue;
    count++;
    let tail = 0;
    queue[tail++] = start;
    label[start] = count;
    let [left, right, top, bottom] = [columns, 0, rows, 0];
    for (let head = 0; head < tail; head++) {
      const i = queue[head]!;
      const x = i % columns;
      const y = (i - x) / columns;
      left = Math.min(left, x);
      right = Math.max(right, x);
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          const yy = y + dy;
          if (xx < 0 || yy < 0 || xx >= columns || yy >= rows) continue;
          const n = yy * columns + xx;
          if (!set[n] || label[n]) continue;
          label[n] = count;
          queue[tail++] = n;
        }
      }
    }
    if (tail < minCells) continue;
    const patch = withHoles(label, member, count, left, right, top, bottom, columns);
    if (patch.length > limits.maxShare * floorCells) continue;
    const [across, down] = [right - left + 1, bottom - top + 1];
    if (patch.length < limits.fill * across * down || Math.max(across, down) > limits.aspect * Math.min(across, down))
      continue;
    if (down < upright * across) continue;
    const [long, short] = leastRectangle(patch, columns);
    if (short < limits.thinnest || long > limits.aspect * short) continue;
    if (enclosedShare(patch, member, count, cellFloor, columns, rows) < limits.enclosed) continue;
    const box = { left, right, top, bottom };
    if (
      ringContrast(patch, member, count, set, cellFloor, roughness, box, columns, rows, limits.ring) < limits.contrast
    )
      continue;
    for (const i of patch) out[i] = 1;
    taken.push({ cells: patch, box });
  }
  if (limits.hull) for (const group of nearGroups(taken, limits.hullJoin)) fillHull(group, cellFloor, out, columns);
  return out;
}

type Box = { left: number; right: number; top: number; bottom: number };

/** The patches' cells, in groups of patches whose boxes lie within `join` cells of each other (through others too). */
function nearGroups(patches: { cells: number[]; box: Box }[], join: number): number[][] {
  const parent = patches.map((_, k) => k);
  const root = (k: number): number => (parent[k] === k ? k : (parent[k] = root(parent[k]!)));
  for (let a = 0; a < patches.length; a++) {
    for (let b = a + 1; b < patches.length; b++) {
      const [p, q] = [patches[a]!.box, patches[b]!.box];
      const gapX = Math.max(p.left - q.right, q.left - p.right) - 1;
      const gapY = Math.max(p.top - q.bottom, q.top - p.bottom) - 1;
      if (Math.max(gapX, gapY) <= join) parent[root(a)] = root(b);
    }
  }
  const groups = new Map<number, number[]>();
  patches.forEach((patch, k) => {
    const group = groups.get(root(k));
    if (group) group.push(...patch.cells);
    else groups.set(root(k), patch.cells.slice());
  });
  return [...groups.values()];
}

/** Sets to 1 in `out` the floor cells whose centres lie inside the convex hull of the patch's cells. */
function fillHull(patch: number[], cellFloor: Uint8Array, out: Uint8Array, columns: number): void {
  const hull = convexHull(cellCorners(patch, columns));
  if (hull.length < 3) return;
  let [top, bottom] = [Infinity, -Infinity];
  for (const [, y] of hull) [top, bottom] = [Math.min(top, y), Math.max(bottom, y)];
  for (let y = Math.floor(top); y < bottom; y++) {
    // The hull is convex: along the row through the cells' centres it spans one interval. Its corners are whole
    // numbers, so no side lies along that row.
    const cy = y + 0.5;
    let [from, to] = [Infinity, -Infinity];
    for (let k = 0; k < hull.length; k++) {
      const [ax, ay] = hull[k]!;
      const [bx, by] = hull[(k + 1) % hull.length]!;
      if (ay < cy === by < cy) continue;
      const x = ax + ((cy - ay) / (by - ay)) * (bx - ax);
      [from, to] = [Math.min(from, x), Math.max(to, x)];
    }
    for (let x = Math.ceil(from - 0.5); x + 0.5 <= to; x++) {
      const c = y * columns + x;
      if (x >= 0 && x < columns && cellFloor[c]) out[c] = 1;
    }
  }
}

/** The corners of each row's first and last cell of the patch: their hull is the patch's. */
function cellCorners(patch: number[], columns: number): [number, number][] {
  const rowEnds = new Map<number, [number, number]>();
  for (const i of patch) {
    const x = i % columns;
    const y = (i - x) / columns;
    const ends = rowEnds.get(y);
    if (!ends) rowEnds.set(y, [x, x]);
    else {
      if (x < ends[0]) ends[0] = x;
      if (x > ends[1]) ends[1] = x;
    }
  }
  const points: [number, number][] = [];
  for (const [y, [first, last]] of rowEnds) points.push([first, y], [first, y + 1], [last + 1, y], [last + 1, y + 1]);
  return points;
}

/**
 * The sides of the least-area rectangle round the patch's cells (any direction), long side first: a line along a
 * crack or a seam is as narrow as its band of rough cells whichever way it runs.
 */
function leastRectangle(patch: number[], columns: number): [number, number] {
  const hull = convexHull(cellCorners(patch, columns));
  let best: [number, number] = [0, 0];
  let bestArea = Infinity;
  for (let k = 0; k < hull.length; k++) {
    const [ax, ay] = hull[k]!;
    const [bx, by] = hull[(k + 1) % hull.length]!;
    const length = Math.hypot(bx - ax, by - ay);
    if (!length) continue;
    const [ux, uy] = [(bx - ax) / length, (by - ay) / length];
    let [minU, maxU, minV, maxV] = [Infinity, -Infinity, Infinity, -Infinity];
    for (const [px, py] of hull) {
      const u = px * ux + py * uy;
      const v = px * -uy + py * ux;
      minU = Math.min(minU, u);
      maxU = Math.max(maxU, u);
      minV = Math.min(minV, v);
      maxV = Math.max(maxV, v);
    }
    const [along, across] = [maxU - minU, maxV - minV];
    if (along * across < bestArea) {
      bestArea = along * across;
      best = along >= across ? [along, across] : [across, along];
    }
  }
  return best;
}

/** The convex hull of `points` (Andrew's monotone chain), anticlockwise, without repeats. */
function convexHull(points: [number, number][]): [number, number][] {
  const sorted = points.slice().sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (sorted.length < 3) return sorted;
  const cross = (o: [number, number], a: [number, number], b: [number, number]) =>
    (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: [number, number][] = [];
  for (const p of sorted) {
    while (lower.length >= 2 && cross(lower.at(-2)!, lower.at(-1)!, p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: [number, number][] = [];
  for (const p of sorted.reverse()) {
    while (upper.length >= 2 && cross(upper.at(-2)!, upper.at(-1)!, p) <= 0) upper.pop();
    upper.push(p);
  }
  return lower.slice(0, -1).concat(upper.slice(0, -1));
}

/**
 * The cells of patch `id` and the cells its bounding box holds that cannot reach the box's border without crossing
 * it (its holes); `member` is set to `id` on them all.
 */
function withHoles(
  label: Int32Array,
  member: Int32Array,
  id: number,
  left: number,
  right: number,
  top: number,
  bottom: number,
  columns: number,
): number[] {
  const w = right - left + 3;
  const h = bottom - top + 3;
  // The box grown by one cell, so the outside is one piece round the patch.
  const outside = new Uint8Array(w * h);
  const inPatch = (bx: number, by: number) => {
    const x = bx + left - 1;
    const y = by + top - 1;
    return x >= left && x <= right && y >= top && y <= bottom && label[y * columns + x] === id;
  };
  const queue = new Int32Array(w * h);
  let tail = 0;
  queue[tail++] = 0;
  outside[0] = 1;
  for (let head = 0; head < tail; head++) {
    const i = queue[head]!;
    const bx = i % w;
    const by = (i - bx) / w;
    for (const [dx, dy] of FOUR_NEIGHBOURS) {
      const nx = bx + dx;
      const ny = by + dy;
      if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
      const n = ny * w + nx;
      if (outside[n] || inPatch(nx, ny)) continue;
      outside[n] = 1;
      queue[tail++] = n;
    }
  }
  const cells: number[] = [];
  for (let y = top; y <= bottom; y++) {
    for (let x = left; x <= right; x++) {
      const c = y * columns + x;
      if (label[c] === id || !outside[(y - top + 1) * w + (x - left + 1)]) {
        member[c] = id;
        cells.push(c);
      }
    }
  }
  return cells;
}

/** Of the cells just out of the patch (4-connected; past the frame counts), the share that are floor. */
function enclosedShare(
  patch: number[],
  member: Int32Array,
  id: number,
  cellFloor: Uint8Array,
  columns: number,
  rows: number,
): number {
  let out = 0;
  let floor = 0;
  for (const i of patch) {
    const x = i % columns;
    const y = (i - x) / columns;
    for (const [dx, dy] of FOUR_NEIGHBOURS) {
      const xx = x + dx;
      const yy = y + dy;
      if (xx < 0 || yy < 0 || xx >= columns || yy >= rows) {
        out++;
        continue;
      }
      const n = yy * columns + xx;
      if (member[n] === id) continue;
      out++;
      floor += cellFloor[n]!;
    }
  }
  return out ? floor / out : 0;
}
