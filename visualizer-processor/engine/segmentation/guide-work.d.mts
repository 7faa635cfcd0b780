/** The types of guide-work.mjs (plain JavaScript: see there why). */

/** A grey image: brightness 0..1, row by row (guided-upsample.ts's GrayImage). */
export interface GrayImage {
  width: number;
  height: number;
  values: Float32Array;
}

/** The guide's own window means (of its brightness and of its square): the guided filter's part that needs no mask. */
export interface GuideMeans {
  radius: number;
  meanI: Float32Array;
  meanII: Float32Array;
}

/** The superpixels' settings (photo-colours.ts's PhotoColourLimits has these and more). */
export interface SuperpixelSettings {
  /** Superpixel spacing in grid cells (SLIC's S). */
  spacing: number;
  /** SLIC's compactness (Lab units per spacing). */
  compactness: number;
  iterations: number;
}

/**
 * The photo's superpixels on the grid, and what the colour test needs of them: everything that depends on the
 * photo alone, made once per photo (the floor steps have it made while the network runs, and use it for each floor).
 */
export interface PhotoRegions {
  width: number;
  height: number;
  /** The superpixels' settings it was made with. */
  spacing: number;
  compactness: number;
  iterations: number;
  count: number;
  /** Per superpixel: L, a, b, and its centre's x, y on the grid. */
  centres: Float32Array;
  /** Per cell of the half-size copy, its superpixel; `half` its size. */
  labels: Int32Array;
  half: { width: number; height: number };
  /** Per grid column, its column of the half-size copy. */
  columnOf: Int32Array;
  /** Per superpixel, its cells on the grid. */
  cells: Int32Array;
  /** Per superpixel, its chromaticity (linear r, g over r + g + b). */
  hue: Float32Array;
  /** Per superpixel, those sharing a cell edge with it. */
  neighbours: number[][];
}

/** What a network thread is asked to make of a guide copy. */
export interface GuideWorkRequest {
  /** The guide copy's brightness. */
  brightness: GrayImage;
  /** The guided filter's window radius; 0: no means. */
  radius: number;
  /**
   * The guide copy squeezed onto the scene grid (3 bytes a cell), the superpixels' settings and the sRGB-to-linear
   * table (color-space.ts's SRGB_TO_LINEAR); null: no superpixels.
   */
  grid: { rgb: Uint8Array; width: number; height: number; limits: SuperpixelSettings; toLinear: Float32Array } | null;
}

/** Its answer. */
export interface GuideWork {
  means: GuideMeans | null;
  regions: PhotoRegions | null;
}

/** Mean over a (2r+1)² window clipped to the image, by running sums: cost does not grow with r. */
export function boxMean(input: Float32Array, width: number, height: number, radius: number): Float32Array;

/** `guidedCoefficients`' window means of the guide alone, for any number of masks over the same guide. */
export function guideMeans(guide: GrayImage, radius: number): GuideMeans;

/** SLIC superpixels: a label per cell (0..count-1), and the centres (L, a, b, x, y each). */
export function superpixels(
  lab: Float32Array,
  width: number,
  height: number,
  spacing: number,
  compactness: number,
  iterations: number,
): { labels: Int32Array; count: number; centres: Float32Array };

/**
 * The superpixels of `rgb` (3 bytes a cell on a `width × height` grid) as `floorOfOtherColours` reads them; `toLinear`
 * is the linear value of each 8-bit sRGB level (color-space.ts's SRGB_TO_LINEAR).
 */
export function photoRegions(
  rgb: Uint8Array,
  width: number,
  height: number,
  limits: SuperpixelSettings,
  toLinear: Float32Array,
): PhotoRegions;

/** The means (when `radius` > 0) and superpixels (when `grid` is given) a network thread is asked for. */
export function guideWork(request: GuideWorkRequest): GuideWork;
