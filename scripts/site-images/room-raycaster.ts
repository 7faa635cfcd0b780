// A tiny ray caster for box-shaped rooms. Floors, ceilings and side walls are shaded per pixel so
// planks, tiles and grout lines converge exactly to the vanishing point; the back wall is left
// transparent because it faces the camera and is easier to draw as SVG (windows, art, furniture).

import type { Rgb } from './noise.ts';

/** Pinhole camera looking down +Z; world Y is up, the floor is Y = 0, units are metres. */
export interface Camera {
  width: number;
  height: number;
  focal: number;
  centerX: number;
  horizonY: number;
  eyeHeight: number;
  /** Camera X position; lets a scene slide sideways without re-deriving every coordinate. */
  eyeX?: number;
}

export interface RoomBounds {
  backZ: number;
  ceilingY?: number;
  leftX?: number;
  rightX?: number;
}

export type SurfaceName = 'floor' | 'ceiling' | 'left' | 'right';

export interface SurfaceHit {
  x: number;
  y: number;
  z: number;
  /** World size of one pixel at this depth, across the view. */
  footprint: number;
  /** World size of one pixel along the receding direction (much larger on a floor far away). */
  footprintDepth: number;
}

export type SurfaceShader = (hit: SurfaceHit) => Rgb;

export interface ScreenPoint {
  x: number;
  y: number;
}

export function project(camera: Camera, x: number, y: number, z: number): ScreenPoint {
  const eyeX = camera.eyeX ?? 0;
  return {
    x: camera.centerX + ((x - eyeX) * camera.focal) / z,
    y: camera.horizonY - ((y - camera.eyeHeight) * camera.focal) / z,
  };
}

/** Pixels per metre on a plane facing the camera at depth z. */
export function scaleAt(camera: Camera, z: number): number {
  return camera.focal / z;
}

// Rotated-grid offsets: four samples per pixel remove most of the moiré that fine grain makes near the horizon.
const SAMPLE_OFFSETS: ReadonlyArray<readonly [number, number]> = [
  [0.375, 0.125],
  [0.875, 0.375],
  [0.125, 0.625],
  [0.625, 0.875],
];

/**
 * Returns straight (non-premultiplied) RGBA; pixels that see only the back wall are transparent,
 * edge pixels get partial alpha so the SVG layer behind blends cleanly.
 */
export function renderRoomSurfaces(
  camera: Camera,
  bounds: RoomBounds,
  shaders: Partial<Record<SurfaceName, SurfaceShader>>,
): Buffer {
  const { width, height, focal, centerX, horizonY, eyeHeight } = camera;
  const eyeX = camera.eyeX ?? 0;
  const output = Buffer.alloc(width * height * 4);
  const hit: SurfaceHit = { x: 0, y: 0, z: 0, footprint: 0, footprintDepth: 0 };

  for (let row = 0; row < height; row++) {
    for (let column = 0; column < width; column++) {
      let red = 0;
      let green = 0;
      let blue = 0;
      let covered = 0;
      for (const [offsetX, offsetY] of SAMPLE_OFFSETS) {
        const directionX = (column + offsetX - centerX) / focal;
        const directionY = (horizonY - (row + offsetY)) / focal;
        let nearest = bounds.backZ;
        let surface: SurfaceName | undefined;
        if (directionY < 0 && shaders.floor) {
          const t = eyeHeight / -directionY;
          if (t < nearest) {
            nearest = t;
            surface = 'floor';
          }
        }
        if (directionY > 0 && shaders.ceiling && bounds.ceilingY !== undefined) {
          const t = (bounds.ceilingY - eyeHeight) / directionY;
          if (t < nearest) {
            nearest = t;
            surface = 'ceiling';
          }
        }
        if (directionX < 0 && shaders.left && bounds.leftX !== undefined) {
          const t = (bounds.leftX - eyeX) / directionX;
          if (t < nearest) {
            nearest = t;
            surface = 'left';
          }
        }
        if (directionX > 0 && shaders.right && bounds.rightX !== undefined) {
          const t = (bounds.rightX - eyeX) / directionX;
          if (t < nearest) {
            nearest = t;
            surface = 'right';
          }
        }
        if (!surface) continue;
        const shader = shaders[surface];
        if (!shader) continue;
        hit.x = eyeX + directionX * nearest;
        hit.y = eyeHeight + directionY * nearest;
        hit.z = nearest;
        hit.footprint = nearest / focal;
        const verticalExtent = surface === 'floor' ? eyeHeight : surface === 'ceiling' ? (bounds.ceilingY ?? 3) - eyeHeight : 0;
        const sideExtent = surface === 'left' || surface === 'right' ? Math.abs(hit.x - eyeX) : 0;
        const grazing = verticalExtent || sideExtent || nearest;
        hit.footprintDepth = (nearest * nearest) / (focal * grazing);
        const color = shader(hit);
        red += color[0];
        green += color[1];
        blue += color[2];
        covered++;
      }
      if (covered === 0) continue;
      const index = (row * width + column) * 4;
      output[index] = toByte(red / covered);
      output[index + 1] = toByte(green / covered);
      output[index + 2] = toByte(blue / covered);
      output[index + 3] = Math.round((covered / SAMPLE_OFFSETS.length) * 255);
    }
  }
  return output;
}

export function toByte(value: number): number {
  return value <= 0 ? 0 : value >= 1 ? 255 : Math.round(value * 255);
}
