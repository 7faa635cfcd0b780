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
  let walkable = floor;
  if (through) {
    walkable = new Uint8Array(floor.length);
    for (let i = 0; i < floor.length; i++) walkable[i] = floor[i]! | through[i]!;
  }
  const labels = new Int32Array(floor.length);
  const sizes: number[] = [0];
  const grounded: boolean[] = [false];
  const queue = new Int32Array(floor.length);
  for (let start = 0; start < floor.length; start++) {
    if (!floor[start] || labels[start]) continue;
    const label = sizes.length;
    let size = 0;
    let touchesBottom = false;
    let head = 0;
    let tail = 0;
    queue[tail++] = start;
    labels[start] = label;
    while (head < tail) {
      const index = queue[head++]!;
      if (floor[index]) size++;
      const x = index % width;
      const y = (index - x) / width;
      if (y >= bottomRow) touchesBottom = true;
      if (x > 0 && walkable[index - 1] && !labels[index - 1]) (labels[index - 1] = label), (queue[tail++] = index - 1);
      if (x < width - 1 && walkable[index + 1] && !labels[index + 1]) (labels[index + 1] = label), (queue[tail++] = index + 1);
      if (y > 0 && walkable[index - width] && !labels[index - width]) (labels[index - width] = label), (queue[tail++] = index - width);
      if (y < height - 1 && walkable[index + width] && !labels[index + width]) (labels[index + width] = label), (queue[tail++] = index + width);
    }
    sizes.push(size);
    grounded.push(touchesBottom);
  }
  const largest = Math.max(0, ...sizes);
  const keep = sizes.map((size, label) => label > 0 && (grounded[label]! || size >= largest * keepLargeFraction));
  const out = new Uint8Array(floor.length);
  for (let i = 0; i < out.length; i++) out[i] = floor[i] && keep[labels[i]!] ? 1 : 0;
  return out;
}
