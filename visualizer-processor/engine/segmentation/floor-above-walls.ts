/**
 * In an upright photo the floor lies below the walls, never above them. Where the network calls a cell floor
 * with a run of wall under it in the same column, the "floor" is something higher up: a desk top with the dark
 * space under it read as wall, a wall's upper part catching the light. Only wall that every run saw counts (a
 * kitchen's plinths and a shaded skirting are wall in one run and floor in the other), and only a run of
 * several cells: the floor's far edge meets the skirting, which is a thin line.
 */

/**
 * `wallShare` is, per cell of a `width × height` grid, the share of runs that saw wall. Returns 1 for every cell
 * with at least `minCells` cells of wall (every run) below it in its column.
 */
export function cellsAboveWalls(wallShare: Float32Array, width: number, height: number, minCells: number): Uint8Array {
  const above = new Uint8Array(width * height);
  for (let x = 0; x < width; x++) {
    let wallBelow = 0;
    for (let y = height - 1; y >= 0; y--) {
      const i = y * width + x;
      if (wallShare[i]! >= 1) wallBelow++;
      if (wallBelow >= minCells) above[i] = 1;
    }
  }
  return above;
}
