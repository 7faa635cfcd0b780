/** Morphology and connected components on small binary masks (1 = set), used to clean the floor region. */

/**
 * Square-window max (dilate) or min (erode), done as two 1-D passes, each a running count of the window's hits, so
 * the cost grows with neither the radius nor the mask's content (the zoomed-only patches' opening runs it on up to
 * the whole 512-cell grid at radius 8). The window is clamped to the mask: beyond its edge counts for nothing.
 */
function squareFilter(mask: Uint8Array, width: number, height: number, radius: number, keepIfAny: boolean): Uint8Array {
  const horizontal = new Uint8Array(mask.length);
  const output = new Uint8Array(mask.length);
  const pass = (input: Uint8Array, out: Uint8Array, length: number, lines: number, lineStep: number, step: number) => {
    // A hit is a set cell for dilate, an unset one for erode; the line's window holds `hits` of them.
    const miss = keepIfAny ? 0 : 1;
    for (let line = 0; line < lines; line++) {
      const start = line * lineStep;
      let hits = 0;
      for (let k = 0; k <= Math.min(radius, length - 1); k++) hits += (input[start + k * step] ? 1 : 0) ^ miss;
      for (let i = 0; i < length; i++) {
        out[start + i * step] = (hits > 0 ? 1 : 0) ^ miss;
        const entering = i + radius + 1;
        if (entering < length) hits += (input[start + entering * step] ? 1 : 0) ^ miss;
        const leaving = i - radius;
        if (leaving >= 0) hits -= (input[start + leaving * step] ? 1 : 0) ^ miss;
      }
    }
  };
  pass(mask, horizontal, width, height, width, 1);
  pass(horizontal, output, height, width, 1, width);
  return output;
}

export function dilate(mask: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  return squareFilter(mask, width, height, radius, true);
}

export function erode(mask: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  return squareFilter(mask, width, height, radius, false);
}

/** Labels 4-connected components of pixels equal to `value`; returns labels (0 = other) and sizes. */
export function labelComponents(
  mask: Uint8Array,
  width: number,
  height: number,
  value: 0 | 1,
): { labels: Int32Array; sizes: number[]; touchesBorder: boolean[] } {
  const labels = new Int32Array(mask.length);
  const sizes = [0];
  const touchesBorder = [false];
  const queue = new Int32Array(mask.length);
  for (let start = 0; start < mask.length; start++) {
    if (mask[start] !== value || labels[start] !== 0) continue;
    const label = sizes.length;
    sizes.push(0);
    touchesBorder.push(false);
    let head = 0;
    let tail = 0;
    queue[tail++] = start;
    labels[start] = label;
    while (head < tail) {
      const index = queue[head++]!;
      sizes[label]!++;
      const x = index % width;
      const y = (index - x) / width;
      if (x === 0 || y === 0 || x === width - 1 || y === height - 1) touchesBorder[label] = true;
      const neighbours = [x > 0 ? index - 1 : -1, x < width - 1 ? index + 1 : -1, y > 0 ? index - width : -1, y < height - 1 ? index + width : -1];
      for (const next of neighbours) {
        if (next >= 0 && mask[next] === value && labels[next] === 0) {
          labels[next] = label;
          queue[tail++] = next;
        }
      }
    }
  }
  return { labels, sizes, touchesBorder };
}
