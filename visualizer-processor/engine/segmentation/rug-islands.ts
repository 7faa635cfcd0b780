/**
 * What a rug step leaves behind (decision 012, session 16). Once a rug is known (a run saw it, or a rug step took
 * it out of the floor), the floor it leaves is often in pieces: the floor's body past the rug, and small islands
 * inside the rug's area that no rug test took, being unlike the rug there: the shade ring round a pouf's base, a
 * bench's dark legs standing on the rug. The floor is not seen through a rug, so an island with the rug round most
 * of its outline is the rug or a thing standing on it. A piece of real floor beside a rug meets it along one side
 * only; its other sides meet the walls or the furniture. A piece that reaches the photo's frame stays whatever
 * lies round the rest of it (the floor may run on out of the picture), and so does the floor's largest piece: with
 * the rug over most of the room, the floor left past it is its body. A piece that holds the far edge of the floor
 * and rug in some column (nothing of either beyond it) may be kept too (`keepFarEdge`, off: a bench's legs on a rug
 * hold it below the bench's seat as well as bare floor by a wall would; the rug choice, decision 017, reads the
 * floor where it meets the walls, so it no longer needs what this step takes).
 *
 * Only while rugs are kept (a rug is then not floor), and only where a rug is known: with no rug cell the step
 * does nothing, so a floor's own planks, sun, reflections and patches never meet it.
 */

export const RUG_ISLAND_LIMITS = {
  /** A piece of the floor leaves when more than this share of its outline is rug. */
  rugOutline: 0.5,
  /**
   * A piece that holds the far edge of the floor and rug in some column stays (false: only the largest and the framed
   * do). Off (decision 012, session 17): bedroom-stools' bench legs hold it, under the bench's seat.
   */
  keepFarEdge: false,
};

export type RugIslandLimits = typeof RUG_ISLAND_LIMITS;

/**
 * `floor` and `rug`: 1 where floor and where a rug is known, on the scene grid (`width` × `height`). Returns 1 on
 * the floor pieces that are islands in a rug (to leave the floor).
 */
export function floorIslandsInRugs(
  floor: Uint8Array,
  rug: Uint8Array,
  width: number,
  height: number,
  limits: RugIslandLimits = RUG_ISLAND_LIMITS,
): Uint8Array {
  const islands = new Uint8Array(width * height);
  if (!rug.includes(1)) return islands;
  const pieces = floorPieces(floor, width, height);
  if (pieces.count < 2) return islands;
  const outline = outlineCounts(floor, rug, pieces.label, pieces.count, width, height);
  const farEdge = holdFarEdge(floor, rug, pieces.label, pieces.count, width, height);
  let largest = 0;
  for (let piece = 1; piece < pieces.count; piece++) if (pieces.size[piece]! > pieces.size[largest]!) largest = piece;
  const leaves = new Uint8Array(pieces.count);
  for (let piece = 0; piece < pieces.count; piece++) {
    const all = outline.all[piece]!;
    leaves[piece] =
      piece !== largest &&
      !outline.framed[piece] &&
      !(limits.keepFarEdge && farEdge[piece]) &&
      outline.rug[piece]! > limits.rugOutline * all
        ? 1
        : 0;
  }
  markLeaving(islands, pieces.label, leaves);
  return islands;
}

/*
 * Each loop is a function of its own (decision 028): V8 compiles a hot loop with the function that holds it.
 */

/** The floor's 4-connected pieces: each floor pixel's piece (-1 off the floor), their count and sizes. */
function floorPieces(
  floor: Uint8Array,
  width: number,
  height: number,
): { label: Int32Array; count: number; size: number[] } {
  const label = new Int32Array(width * height).fill(-1);
  const size: number[] = [];
  const stack = new Int32Array(width * height);
  for (let start = 0; start < floor.length; start++) {
    if (!floor[start] || label[start]! >= 0) continue;
    const piece = size.length;
    let top = 0;
    let count = 0;
    stack[top++] = start;
    label[start] = piece;
    while (top > 0) {
      const i = stack[--top]!;
      count++;
      const x = i % width;
      if (x > 0) top = join(floor, label, stack, top, i - 1, piece);
      if (x < width - 1) top = join(floor, label, stack, top, i + 1, piece);
      if (i >= width) top = join(floor, label, stack, top, i - width, piece);
      if (i + width < floor.length) top = join(floor, label, stack, top, i + width, piece);
    }
    size.push(count);
  }
  return { label, count: size.length, size };
}

/** Puts floor pixel `j` into `piece` and on the stack if it is in none yet; the stack's new top. */
function join(floor: Uint8Array, label: Int32Array, stack: Int32Array, top: number, j: number, piece: number): number {
  if (!floor[j] || label[j]! >= 0) return top;
  label[j] = piece;
  stack[top] = j;
  return top + 1;
}

/**
 * Per piece, its outline's length (steps from a piece pixel to a pixel off the floor), how much of it steps onto rug,
 * and whether it reaches the photo's frame.
 */
function outlineCounts(
  floor: Uint8Array,
  rug: Uint8Array,
  label: Int32Array,
  count: number,
  width: number,
  height: number,
): { all: Int32Array; rug: Int32Array; framed: Uint8Array } {
  const all = new Int32Array(count);
  const onRug = new Int32Array(count);
  const framed = new Uint8Array(count);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (!floor[i]) continue;
      const piece = label[i]!;
      if (x === 0 || y === 0 || x === width - 1 || y === height - 1) framed[piece] = 1;
      // Each step off the floor (the frame's sides are not steps): 1 into the outline, and the rug there into its rug.
      const left = x > 0 && !floor[i - 1];
      const right = x < width - 1 && !floor[i + 1];
      const up = y > 0 && !floor[i - width];
      const down = y < height - 1 && !floor[i + width];
      if (!(left || right || up || down)) continue;
      all[piece]! += (left ? 1 : 0) + (right ? 1 : 0) + (up ? 1 : 0) + (down ? 1 : 0);
      onRug[piece]! +=
        (left ? rug[i - 1]! : 0) +
        (right ? rug[i + 1]! : 0) +
        (up ? rug[i - width]! : 0) +
        (down ? rug[i + width]! : 0);
    }
  }
  return { all, rug: onRug, framed };
}

/** Per piece, 1 if it holds the topmost cell of floor or rug of some column: nothing of either lies beyond it there. */
function holdFarEdge(
  floor: Uint8Array,
  rug: Uint8Array,
  label: Int32Array,
  count: number,
  width: number,
  height: number,
): Uint8Array {
  const holds = new Uint8Array(count);
  for (let x = 0; x < width; x++) {
    for (let y = 0; y < height; y++) {
      const i = y * width + x;
      if (!floor[i] && !rug[i]) continue;
      if (floor[i]) holds[label[i]!] = 1;
      break;
    }
  }
  return holds;
}

function markLeaving(islands: Uint8Array, label: Int32Array, leaves: Uint8Array): void {
  for (let i = 0; i < islands.length; i++) {
    const piece = label[i]!;
    if (piece >= 0 && leaves[piece]) islands[i] = 1;
  }
}
