import type { DecodedPhoto } from '../engine/floor-engine.ts';

/**
 * A phone's screenshot of a room photo (a gallery, a shop's or a social app's page) holds the photo between two flat
 * bands of the screen's colour, often with the status bar's few words in one of them. The engine took the lower band
 * for floor and laid planks across it (seen: a landscape photo shown on a portrait phone, 40 % of the picture painted
 * black-on-wood below the room). The render works on the photo inside the bands.
 *
 * Conservative on purpose, so that no real photo loses a strip: the bands must lie on both opposite sides (above and
 * below, or left and right), each at least `minBand` of the side, in one colour (the median of the four corners),
 * with at least `flatShare` of each of their lines within `tolerance` of it (a status bar's words or a home
 * indicator fill less); lines unlike it within a band are allowed in runs of at most `maxBreak` of the side.
 */
export const PHOTO_CONTENT_LIMITS = { tolerance: 12, flatShare: 0.85, minBand: 0.03, maxBreak: 0.03, minContent: 0.2 };

export interface ContentBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The photo inside a screenshot's flat bands, or null when the picture has no such bands (every real photo tried). */
export function photoContentBox(photo: DecodedPhoto, limits = PHOTO_CONTENT_LIMITS): ContentBox | null {
  const { width, height, pixels } = photo;
  const colour = cornerColour(photo);
  const near = (offset: number) =>
    Math.abs(pixels[offset]! - colour[0]) <= limits.tolerance &&
    Math.abs(pixels[offset + 1]! - colour[1]) <= limits.tolerance &&
    Math.abs(pixels[offset + 2]! - colour[2]) <= limits.tolerance;
  const rowFlat = (y: number) => {
    let flat = 0;
    for (let x = 0; x < width; x++) if (near((y * width + x) * 3)) flat++;
    return flat >= limits.flatShare * width;
  };
  const columnFlat = (x: number) => {
    let flat = 0;
    for (let y = 0; y < height; y++) if (near((y * width + x) * 3)) flat++;
    return flat >= limits.flatShare * height;
  };
  // A line is read only when the search for the bands comes to it: in a real photo a few dozen from each end (the
  // search stops at the first run of unlike lines longer than `maxBreak`), not every row and column of the photo,
  // which took 15-35 ms before the floor at 1600 px (decision 028, session 20).
  const vertical = bands(rowFlat, height, limits);
  if (vertical) return { left: 0, top: vertical.start, width, height: vertical.end - vertical.start };
  const horizontal = bands(columnFlat, width, limits);
  if (horizontal) return { left: horizontal.start, top: 0, width: horizontal.end - horizontal.start, height };
  return null;
}

/**
 * The photo inside a screenshot's flat bands (a copy), or the photo itself when it has none, or when the photo inside
 * would be shorter than `minShortSide` (the size a floor needs, which the whole screenshot passed).
 */
export function photoContent(photo: DecodedPhoto, minShortSide = 0): DecodedPhoto {
  const box = photoContentBox(photo);
  if (!box || Math.min(box.width, box.height) < minShortSide) return photo;
  const pixels = Buffer.alloc(box.width * box.height * 3);
  for (let y = 0; y < box.height; y++) {
    const from = ((box.top + y) * photo.width + box.left) * 3;
    photo.pixels.copy(pixels, y * box.width * 3, from, from + box.width * 3);
  }
  return { pixels, width: box.width, height: box.height };
}

/** Per channel, the median of the four corner pixels: the bands' colour when there are bands. */
function cornerColour({ pixels, width, height }: DecodedPhoto): [number, number, number] {
  const corners = [0, width - 1, (height - 1) * width, height * width - 1].map((index) => index * 3);
  const median = (channel: number) => {
    const values = corners.map((offset) => pixels[offset + channel]!).sort((a, b) => a - b);
    return (values[1]! + values[2]!) / 2;
  };
  return [median(0), median(1), median(2)];
}

/**
 * Where the content lies between two bands of flat lines at both ends of the `side` lines (`flat` says whether a line
 * is flat), or null. A band runs from its end of the picture to the first run of unlike lines longer than `maxBreak`
 * of the side.
 */
function bands(flat: (line: number) => boolean, side: number, limits: typeof PHOTO_CONTENT_LIMITS): { start: number; end: number } | null {
  const maxBreak = Math.max(1, Math.floor(limits.maxBreak * side));
  const bandEnd = (lineAt: (i: number) => number) => {
    let end = 0;
    let unlike = 0;
    for (let i = 0; i < side; i++) {
      if (flat(lineAt(i))) {
        end = i + 1;
        unlike = 0;
      } else if (++unlike > maxBreak) break;
    }
    return end;
  };
  const start = bandEnd((i) => i);
  const end = side - bandEnd((i) => side - 1 - i);
  const minBand = limits.minBand * side;
  if (start < minBand || side - end < minBand || end - start < limits.minContent * side) return null;
  return { start, end };
}
