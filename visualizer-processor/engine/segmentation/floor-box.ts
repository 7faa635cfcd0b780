/**
 * The floor is usually the photo's lower part, and what lies above it changes nothing for a step that reads the
 * floor's own pixels: such a step works on the floor's bounding box alone.
 */

/**
 * Runs `work` on the bounding box of `floor` (1 where floor, `width` × `height`, raw RGB `rgb`) grown by `margin`
 * pixels, and lays what it returns (the box's size, 1 where found) back at the full size; all 0 without floor.
 */
export function onFloorBox(
  floor: Uint8Array,
  rgb: Uint8Array,
  width: number,
  height: number,
  margin: number,
  work: (boxFloor: Uint8Array, boxRgb: Uint8Array, boxWidth: number, boxHeight: number) => Uint8Array,
): Uint8Array {
  let left = width;
  let right = -1;
  let top = height;
  let bottom = -1;
  for (let y = 0; y < height; y++) {
    const row = floor.subarray(y * width, (y + 1) * width);
    const first = row.indexOf(1);
    if (first < 0) continue;
    left = Math.min(left, first);
    right = Math.max(right, row.lastIndexOf(1));
    if (top === height) top = y;
    bottom = y;
  }
  const out = new Uint8Array(width * height);
  if (right < 0) return out;
  left = Math.max(0, left - margin);
  top = Math.max(0, top - margin);
  right = Math.min(width - 1, right + margin);
  bottom = Math.min(height - 1, bottom + margin);
  const w = right - left + 1;
  const h = bottom - top + 1;
  const boxFloor = new Uint8Array(w * h);
  const boxRgb = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++) {
    const from = (y + top) * width + left;
    boxFloor.set(floor.subarray(from, from + w), y * w);
    boxRgb.set(rgb.subarray(from * 3, (from + w) * 3), y * w * 3);
  }
  const found = work(boxFloor, boxRgb, w, h);
  for (let y = 0; y < h; y++) out.set(found.subarray(y * w, (y + 1) * w), (y + top) * width + left);
  return out;
}
