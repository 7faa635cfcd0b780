// Shared set-up for the close-up service cards: a low camera over the floor, soft daylight from a
// window behind the viewer's line of sight, and a painted wall with a baseboard at the far end.

import { smoothstep, type Rgb } from '../noise.ts';
import type { FloorMaterial } from '../floor-materials.ts';
import { project, type Camera, type SurfaceHit } from '../room-raycaster.ts';
import { svgDocument } from '../raster.ts';
import { windowLight, type WindowOpening } from '../window-light.ts';

export interface CloseupLighting {
  opening: WindowOpening;
  camera: Camera;
  glossiness: number;
  sunStrength: number;
  sunDirection: readonly [number, number, number];
  /** Warm (>1 red) or cool tint of the sunlight. */
  sunTint: Rgb;
}

/** Wraps a material with ambient falloff, daylight, glossy window reflection and contact shadow at the wall. */
export function litFloor(material: FloorMaterial, lighting: CloseupLighting, glossinessAt?: (x: number, z: number) => number) {
  return (hit: SurfaceHit): Rgb => {
    const albedo = material(hit.x, hit.z, hit.footprint, hit.footprintDepth);
    const glossiness = glossinessAt ? glossinessAt(hit.x, hit.z) : lighting.glossiness;
    const light = windowLight(lighting.opening, hit.x, hit.z, { sunDirection: lighting.sunDirection, glossiness, eye: lighting.camera });
    const ambient = 0.7 + light.skyGlow * 0.3 + 0.08 * smoothstep(0.5, 3, hit.z);
    const contact = 1 - 0.3 * Math.exp(-(lighting.opening.wallZ - hit.z) / 0.05);
    const sun = light.sun * lighting.sunStrength;
    return [
      albedo[0] * (ambient + sun * lighting.sunTint[0]) * contact + light.reflection,
      albedo[1] * (ambient + sun * lighting.sunTint[1]) * contact + light.reflection,
      albedo[2] * (ambient + sun * lighting.sunTint[2]) * contact + light.reflection,
    ];
  };
}

/** Painted wall and a white baseboard across the far end of a close-up. */
export function wallWithBaseboard(camera: Camera, wallZ: number, wallColor: string, wallShade: string): string {
  const floorLine = project(camera, 0, 0, wallZ).y;
  const baseboardTop = project(camera, 0, 0.11, wallZ).y;
  const defs = `<linearGradient id="closeupWall" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${wallShade}"/><stop offset="0.6" stop-color="${wallColor}"/><stop offset="1" stop-color="${wallShade}"/></linearGradient>
    <linearGradient id="baseboard" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="0.15" stop-color="#f2efe9"/><stop offset="1" stop-color="#e4e0d8"/></linearGradient>`;
  const body = `<rect width="${camera.width}" height="${floorLine + 2}" fill="url(#closeupWall)"/>
    <rect x="0" y="${baseboardTop - 2}" width="${camera.width}" height="2" fill="#6f655a" opacity="0.25"/>
    <rect x="0" y="${baseboardTop}" width="${camera.width}" height="${floorLine - baseboardTop + 2}" fill="url(#baseboard)"/>`;
  return svgDocument(camera.width, camera.height, body, defs);
}
