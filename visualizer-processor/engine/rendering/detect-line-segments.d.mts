/** The types of detect-line-segments.mjs (plain JavaScript: see there why). */
export interface LineSegment {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  length: number;
  /** Mean gradient magnitude along the segment (grey levels per pixel). */
  contrast: number;
}

export interface LineSegmentOptions {
  /** Shortest segment kept, in pixels. */
  minLength?: number;
  /** Weakest gradient considered, in grey levels per pixel. */
  minGradient?: number;
}

/** Straight line segments in `gray` (row-major grey levels, 0..255, width × height). */
export function detectLineSegments(gray: Float32Array, width: number, height: number, options?: LineSegmentOptions): LineSegment[];

/** The photo's line segments, for the camera (prepare-floor.ts's estimateCamera): a light blur, then detectLineSegments. */
export function photoLineSegments(gray: Float32Array, width: number, height: number): LineSegment[];

/** In-place 3-tap box blur (radius 1), rows then columns, edges repeated. */
export function boxBlur(values: Float32Array, width: number, height: number): void;
