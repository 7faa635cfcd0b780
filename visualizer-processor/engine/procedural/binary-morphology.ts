/** Morphology and connected components on small binary masks (1 = set), used to clean the floor region. */

/** Square-window max (dilate) or min (erode), done as two 1-D passes so cost does not grow with radius². */
function squareFilter(mask: Uint8Array, width: number, height: number, radius: number, keepIfAny: boolean): Uint8Array {
  const horizontal = new Uint8Array(mask.length);
  const output = new Uint8Array(mask.length);
  const pass = (input: Uint8Array, out: Uint8Array, length: number, count: number, index: (line: number, i: number) => number) => {
    for (let line = 0; line < count; line++) {
      for (let i = 0; i < length; i++) {
        let result = keepIfAny ? 0 : 1;
        for (let k = Math.max(0, i - radius); k <= Math.min(length - 1, i + radius); k++) {
          const value = input[index(line, k)]!;
          if (keepIfAny ? value : !value) {
            result = keepIfAny ? 1 : 0;
            break;
          }
        }
        out[index(line, i)] = result;
      }
    }
  };
  pass(mask, horizontal, width, height, (row, x) => row * width + x);
  pass(horizontal, output, height, width, (column, y) => y * width + column);
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
