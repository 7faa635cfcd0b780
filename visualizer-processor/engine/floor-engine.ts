/**
 * The engine interface: the processor and the commands talk only to this, so the default offline engine
 * and an external AI service are interchangeable by configuration (see create-floor-engine.ts).
 */

/** An upright photo (EXIF orientation already applied), as raw sRGB pixels, 3 channels, row by row. */
export interface DecodedPhoto {
  pixels: Buffer;
  width: number;
  height: number;
}

export type WoodTone = 'natural-oak' | 'walnut' | 'honey-maple';

export interface FloorEngineOptions {
  woodTone?: WoodTone;
  /** Changes the plank layout and tones; the same seed gives the same floor. */
  seed?: number;
}

export interface FloorEngineResult {
  width: number;
  height: number;
  /** Raw 8-bit grayscale, width × height, 255 = floor, 0 = not floor. */
  mask: Buffer;
  /** The rendered photo, encoded as JPEG, same width and height as the input. */
  image: Buffer;
}

export interface FloorEngine {
  readonly name: string;
  render(photo: DecodedPhoto, options?: FloorEngineOptions): Promise<FloorEngineResult>;
}
