// Daylight from a window in the back wall, evaluated on the floor: the sun patch (with mullion
// shadows), a soft glossy reflection of the glass, and general sky glow. Working this out in world
// space is what makes the light patch and reflection sit convincingly in perspective.

import { smoothstep } from './noise.ts';
import type { Camera } from './room-raycaster.ts';

export interface WindowOpening {
  left: number;
  right: number;
  bottom: number;
  top: number;
  mullionsX: readonly number[];
  transomsY: readonly number[];
  wallZ: number;
}

export interface WindowLightOptions {
  /** Direction from the floor towards the sun; z must be positive (the sun is beyond the back wall). */
  sunDirection: readonly [number, number, number];
  /** 0 = matte, ~0.2 = satin finish, ~0.4 = polished porcelain. */
  glossiness: number;
  eye: Camera;
}

export interface WindowLight {
  sun: number;
  reflection: number;
  skyGlow: number;
}

const FRAME_HALF_WIDTH = 0.025;

function softBox(opening: WindowOpening, wx: number, wy: number, softness: number): number {
  const horizontal = smoothstep(opening.left - softness, opening.left + softness, wx) * (1 - smoothstep(opening.right - softness, opening.right + softness, wx));
  const vertical = smoothstep(opening.bottom - softness, opening.bottom + softness, wy) * (1 - smoothstep(opening.top - softness, opening.top + softness, wy));
  let glass = horizontal * vertical;
  for (const mullion of opening.mullionsX) glass *= smoothstep(FRAME_HALF_WIDTH - softness, FRAME_HALF_WIDTH + softness, Math.abs(wx - mullion));
  for (const transom of opening.transomsY) glass *= smoothstep(FRAME_HALF_WIDTH - softness, FRAME_HALF_WIDTH + softness, Math.abs(wy - transom));
  return glass;
}

export function windowLight(opening: WindowOpening, x: number, z: number, options: WindowLightOptions): WindowLight {
  const [dx, dy, dz] = options.sunDirection;
  const travel = (opening.wallZ - z) / dz;
  const sunSoftness = 0.012 + travel * 0.025;
  const sun = softBox(opening, x + travel * dx, travel * dy, sunSoftness);

  let reflection = 0;
  if (options.glossiness > 0) {
    const eyeX = options.eye.eyeX ?? 0;
    const eyeHeight = options.eye.eyeHeight;
    const stretch = opening.wallZ / z;
    const mirroredX = eyeX + (x - eyeX) * stretch;
    const mirroredY = eyeHeight * (stretch - 1);
    const blur = 0.04 + (opening.wallZ - z) * 0.18;
    // Grazing angles (far from the camera) reflect more, as with any finish.
    const fresnel = 0.45 + 0.55 * smoothstep(1.5, opening.wallZ, z);
    reflection = softBox(opening, mirroredX, mirroredY, blur) * options.glossiness * fresnel;
  }

  const centerX = (opening.left + opening.right) / 2;
  const halfWidth = (opening.right - opening.left) / 2 + 1.2;
  const skyGlow = Math.exp(-((x - centerX) ** 2) / (2 * halfWidth * halfWidth)) * Math.exp(-(opening.wallZ - z) / 2.5);
  return { sun, reflection, skyGlow };
}
