/**
 * The 8-connected neighbours of a pixel, for the steps that grow or test pixel by pixel at the guide's size
 * (`objectBases`, `floorToEdges`): one walk, so that the frame's edges are handled one way everywhere.
 */

/**
 * Calls `visit` with each of pixel `i`'s 8 neighbours inside `width` × `height` (row by row, the diagonal ones
 * with `diagonal` true), until it returns true.
 */
export function eachNeighbour(
  i: number,
  width: number,
  height: number,
  visit: (n: number, diagonal: boolean) => boolean | void,
): void {
  const x = i % width;
  const y = (i - x) / width;
  for (let dy = -1; dy <= 1; dy++) {
    const ny = y + dy;
    if (ny < 0 || ny >= height) continue;
    for (let dx = -1; dx <= 1; dx++) {
      const nx = x + dx;
      if ((dx || dy) && nx >= 0 && nx < width && visit(ny * width + nx, dx !== 0 && dy !== 0) === true) return;
    }
  }
}
