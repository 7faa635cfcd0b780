/** A whole number from 0 to `range` - 1 that looks random but is the same every run. */
export const hash = (x: number, y: number, range: number) => (((x * 7919) ^ (y * 104729)) >>> 0) % range;

/**
 * A 640×480 guide copy: a dark wall above row 120, floor below it (the floor mask says so: the network's runs call
 * all of it floor), grey 150 with a grain of ±2, painted by `paint` where it gives a brightness. Shared by the tests
 * of the steps that find things standing on a floor (standing columns, front faces).
 */
export function wallAndFloorScene(paint: (x: number, y: number) => number | null) {
  const width = 640;
  const height = 480;
  const rgb = new Uint8Array(width * height * 3);
  const floor = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      floor[i] = y >= 120 ? 1 : 0;
      const grey = y < 120 ? 30 : (paint(x, y) ?? 150 + hash(x, y, 5) - 2);
      rgb.fill(grey, i * 3, i * 3 + 3);
    }
  }
  return { floor, rgb, width, height, at: (mask: Uint8Array, x: number, y: number) => mask[y * width + x] };
}
