/**
 * The pinhole camera that took the photo, as far as the floor needs it. Camera coordinates: x to the right
 * of the image, y down the image, z out of the lens. Image coordinates are continuous: pixel (i, j) covers
 * [i, i + 1) × [j, j + 1), its centre is (i + 0.5, j + 0.5).
 *
 * The floor is the plane `up · P = -height` (metres). Planks run along `along`; `across` is the floor
 * direction at right angles to it, pointing to the image's right.
 */
export type Vec3 = [number, number, number];

export interface FloorCamera {
  /** Focal length in pixels. */
  focal: number;
  /** Principal point. Phones put it at the centre; a photo whose verticals were straightened moves it up or down. */
  cx: number;
  cy: number;
  /** World up, in camera coordinates, unit length. */
  up: Vec3;
  /** The room's main axis on the floor (planks run along it), unit length, at right angles to up. */
  along: Vec3;
  across: Vec3;
  /** Camera height above the floor, metres. */
  height: number;
}

export function dot(a: Vec3, b: Vec3): number {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

export function cross(a: Vec3, b: Vec3): Vec3 {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}

export function normalize(v: Vec3): Vec3 {
  const length = Math.hypot(v[0], v[1], v[2]) || 1;
  return [v[0] / length, v[1] / length, v[2] / length];
}

/** The floor direction at right angles to `along`, oriented to the image's right. */
export function acrossDirection(up: Vec3, along: Vec3): Vec3 {
  return normalize(cross(along, up));
}

/** The same camera for an image `factor` times as large. */
export function scaleCamera(camera: FloorCamera, factor: number): FloorCamera {
  return { ...camera, focal: camera.focal * factor, cx: camera.cx * factor, cy: camera.cy * factor };
}

/**
 * The homography from image points to floor coordinates: with [a, c, w] = H · [x, y, 1], the point (x, y)
 * lies on the floor at `a / w` metres along the main axis and `c / w` metres across it, seen from the point
 * under the camera. w > 0 exactly for points below the horizon.
 */
export function floorHomography(camera: FloorCamera): Float64Array {
  const { focal: f, cx, cy, up, along, across, height: h } = camera;
  // A pixel's ray is d = K⁻¹·p = ((x - cx)/f, (y - cy)/f, 1); it meets the floor at P = -h·d / (up·d).
  const row = (v: Vec3, scale: number) => [(scale * v[0]) / f, (scale * v[1]) / f, scale * (v[2] - (v[0] * cx + v[1] * cy) / f)];
  return Float64Array.from([...row(along, h), ...row(across, h), ...row(up, -1)]);
}

/** Where a direction's parallel lines meet in the image; null when they stay parallel (the point is at infinity). */
export function vanishingPoint(camera: FloorCamera, direction: Vec3): { x: number; y: number } | null {
  if (Math.abs(direction[2]) < 1e-9) return null;
  return {
    x: camera.cx + (camera.focal * direction[0]) / direction[2],
    y: camera.cy + (camera.focal * direction[1]) / direction[2],
  };
}

/** The horizon's height at image column x (where the floor plane vanishes). */
export function horizonAt(camera: FloorCamera, x: number): number {
  const { up, focal, cx, cy } = camera;
  return cy - (up[0] * (x - cx) + up[2] * focal) / up[1];
}
