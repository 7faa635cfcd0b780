import type { WoodStyleId } from '../floor-engine.ts';
import { hash3, valueNoise2 } from '../value-noise.ts';

/**
 * Procedural hardwood laid on the floor plane. Each floor pixel is cast back onto the ground through a
 * pinhole camera whose horizon and vanishing point come from estimate-perspective.ts: with the camera one
 * unit above the floor, a pixel dy below the horizon sees the floor at depth Z = focal / dy and across at
 * X = dx / dy. Planks run along Z (toward the vanishing point), in columns of random length with staggered
 * butt joints, each with its own tone, and stretched-noise grain. Detail smaller than a pixel fades to the
 * plank's mean instead of aliasing into moiré near the horizon.
 */

const WOOD_TONES: Record<WoodStyleId, [number, number, number]> = {
  'natural-white-oak': [196, 160, 118],
  'honey-oak': [204, 146, 88],
  walnut: [112, 74, 50],
  'grey-washed-oak': [158, 148, 136],
  hickory: [176, 128, 84],
};

/** Sizes in "camera heights" (about 1.4 m): 13 cm wide boards, 1.5–3 m long. */
const PLANK_WIDTH = 0.095;
const GROOVE_WIDTH = 0.0022;

export interface PlankLayout {
  vanishingX: number;
  horizonY: number;
  focal: number;
  style: WoodStyleId;
  seed: number;
}

export interface PlankSample {
  r: number;
  g: number;
  b: number;
}

function clamp01(value: number): number {
  return value < 0 ? 0 : value > 1 ? 1 : value;
}

/** Writes the plank albedo seen by pixel (x, y) into `out`. */
export function samplePlankAlbedo(layout: PlankLayout, x: number, y: number, out: PlankSample): void {
  const [baseR, baseG, baseB] = WOOD_TONES[layout.style];
  const dy = Math.max(y + 0.5 - layout.horizonY, 0.5);
  const footprintX = 1 / dy;
  const footprintZ = layout.focal / (dy * dy);
  const floorX = (x + 0.5 - layout.vanishingX) / dy;
  const floorZ = layout.focal / dy;

  const column = Math.floor(floorX / PLANK_WIDTH);
  const across = floorX / PLANK_WIDTH - column;
  const plankLength = 1.1 + 1.1 * hash3(column, 7, layout.seed);
  const along = (floorZ + hash3(column, 3, layout.seed) * plankLength) / plankLength;
  const row = Math.floor(along);
  const alongFraction = along - row;
  const plankSeed = Math.floor(hash3(column, row, layout.seed) * 100000);

  // How well planks are resolved: 1 where a board is many pixels wide, 0 where it is under ~2 pixels.
  const resolved = clamp01((PLANK_WIDTH / footprintX - 2) / 6) * clamp01((plankLength / footprintZ - 2) / 6);
  const tone = 1 + (hash3(plankSeed, 11, layout.seed) - 0.5) * 0.2 * resolved;
  const warmth = (hash3(plankSeed, 13, layout.seed) - 0.5) * 0.08 * resolved;

  // Grain: noise stretched along the board, fading once its streaks shrink below a pixel.
  const grainVisibility = clamp01((PLANK_WIDTH / 16 / footprintX - 0.7) / 1.5);
  let grain = 0;
  if (grainVisibility > 0) {
    const streak = valueNoise2(across * 16, floorZ * 1.4, plankSeed) - 0.5;
    const figure = Math.sin((across * 3 + 2.5 * valueNoise2(across * 2, floorZ * 0.7, plankSeed + 1)) * Math.PI * 2);
    grain = (streak * 0.16 + figure * 0.045) * grainVisibility;
  }

  // Grooves between boards (long sides) and butt joints (short ends), drawn with pixel coverage.
  const sideDistancePx = (Math.min(across, 1 - across) * PLANK_WIDTH) / footprintX;
  const endDistancePx = (Math.min(alongFraction, 1 - alongFraction) * plankLength) / footprintZ;
  const groove = Math.max(
    grooveDarkness(sideDistancePx, GROOVE_WIDTH / footprintX),
    grooveDarkness(endDistancePx, GROOVE_WIDTH / footprintZ) * resolved,
  );

  const shade = (tone + grain) * (1 - 0.5 * groove);
  out.r = baseR * shade * (1 + warmth);
  out.g = baseG * shade;
  out.b = baseB * shade * (1 - warmth);
}

function grooveDarkness(distancePx: number, widthPx: number): number {
  const halfWidth = Math.max(0.6, widthPx / 2);
  const t = distancePx / halfWidth;
  if (t >= 1) return 0;
  return Math.min(1, widthPx) * (1 - t * t);
}
