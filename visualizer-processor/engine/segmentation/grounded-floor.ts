/**
 * Keeps the floor that could be the room's floor: pieces connected to the bottom of the frame, where the
 * camera stands. A piece that floats higher up (a polished table top, a bright wall the network mistook)
 * goes, unless it is large: floor seen past a sofa that spans the frame, or through a doorway, is floor the
 * visitor expects to see in wood too. A rug lies on the floor, so floor seen past a rug that reaches the bottom
 * stands on the bottom as well: pieces connect through the cells given as `through`.
 */

export interface GroundedFloorOptions {
  /** Rows counted as "the bottom of the frame", as a fraction of the height. */
  bottomBand?: number;
  /** A floating piece at least this fraction of the largest piece's area stays. */
  keepLargeFraction?: number;
  /** Cells that are not floor but lie on it (rugs): they join pieces and can ground them, and are not returned. */
  through?: Uint8Array;
}

/** `floor` is 1 where floor, on a `width × height` grid; returns a new grid with the kept pieces only. */
export function keepGroundedFloor(floor: Uint8Array, width: number, height: number, options: GroundedFloorOptions = {}): Uint8Array {
  const bottomRow = Math.floor(height * (1 - (options.bottomBand ?? 0.08)));
  const keepLargeFraction = options.keepLargeFraction ?? 0.25;
  const through = options.through;
  const walkable = through ? either(floor, through) : floor;
  const { labels, sizes, grounded } = floorPieces(floor, walkable, width, height, bottomRow);
  const largest = Math.max(0, ...sizes);
  const keep = sizes.map((size, label) => label > 0 && (grounded[label]! || size >= largest * keepLargeFraction));
  return keptPixels(floor, labels, keep);
}

/**
 * This step's loops are functions of their own: with V8 compiling a hot loop on the spot (decision 028), the fast
 * code made for one loop of a function was thrown away at the first line after it that had never run, and the
 * function compiled again for its next loop.
 */
function either(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = a[i]! | b[i]!;
  return out;
}

/**
 * The pieces of floor, 4-connected through `walkable`: each cell's piece (its label, from 1; 0 where not reached),
 * and per label its floor cells and whether it reaches `bottomRow` (label 0: none).
 */
function floorPieces(
  floor: Uint8Array,
  walkable: Uint8Array,
  width: number,
  height: number,
  bottomRow: number,
): { labels: Int32Array; sizes: number[]; grounded: boolean[] } {
  const labels = new Int32Array(floor.length);
  const sizes: number[] = [0];
  const grounded: boolean[] = [false];
  const queue = new Int32Array(floor.length);
  for (let start = 0; start < floor.length; start++) {
    if (!floor[start] || labels[start]) continue;
    const label = sizes.length;
    const grown = growPiece(floor, walkable, width, height, bottomRow, start, label, labels, queue);
    sizes.push(grown >> 1);
    grounded.push((grown & 1) === 1);
  }
  return { labels, sizes, grounded };
}

/**
 * The piece grown from `start` over walkable cells, labelled `label`: its count of floor cells times 2, plus 1 if it
 * reaches `bottomRow`. A function of its own: V8's fast code for this loop, made on the spot inside floorPieces,
 * was thrown away at the lines after it that had not run yet, and made again (decision 028).
 */
function growPiece(
  floor: Uint8Array,
  walkable: Uint8Array,
  width: number,
  height: number,
  bottomRow: number,
  start: number,
  label: number,
  labels: Int32Array,
  queue: Int32Array,
): number {
  let size = 0;
  let touchesBottom = 0;
  let head = 0;
  let tail = 0;
  queue[tail++] = start;
  labels[start] = label;
  while (head < tail) {
    const index = queue[head++]!;
    if (floor[index]) size++;
    const x = index % width;
    const y = (index - x) / width;
    if (y >= bottomRow) touchesBottom = 1;
    if (x > 0 && walkable[index - 1] && !labels[index - 1]) (labels[index - 1] = label), (queue[tail++] = index - 1);
    if (x < width - 1 && walkable[index + 1] && !labels[index + 1]) (labels[index + 1] = label), (queue[tail++] = index + 1);
    if (y > 0 && walkable[index - width] && !labels[index - width]) (labels[index - width] = label), (queue[tail++] = index - width);
    if (y < height - 1 && walkable[index + width] && !labels[index + width]) (labels[index + width] = label), (queue[tail++] = index + width);
  }
  return size * 2 + touchesBottom;
}

/** 1 on the floor cells whose piece is kept. */
function keptPixels(floor: Uint8Array, labels: Int32Array, keep: boolean[]): Uint8Array {
  const out = new Uint8Array(floor.length);
  for (let i = 0; i < out.length; i++) out[i] = floor[i] && keep[labels[i]!] ? 1 : 0;
  return out;
}
