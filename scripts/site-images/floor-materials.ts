// Procedural floor coverings, defined in world metres so they can be viewed in perspective or flat.
// Each material takes surface coordinates plus the pixel footprint: fine detail (grain, fibres,
// grout) fades out once it is smaller than a pixel, which is what keeps distant floors clean.

import { clamp01, fbm, hash2, mix, mixRgb, scaleRgb, smoothstep, valueNoise, type Rgb } from './noise.ts';

/** (across, along) in metres plus pixel footprint in both directions. */
export type FloorMaterial = (across: number, along: number, footprintAcross: number, footprintAlong: number) => Rgb;

/** How strongly a feature of this period survives at this footprint (1 = crisp, 0 = averaged away). */
function detail(period: number, footprint: number): number {
  return clamp01(1.4 - (footprint / period) * 1.6);
}

/** Darkening factor for a seam of half-width `halfWidth` at distance `distance`, antialiased by footprint. */
function seamShade(distance: number, halfWidth: number, footprint: number, darkness: number): number {
  const soft = Math.max(footprint * 0.75, halfWidth * 0.5);
  const inside = 1 - smoothstep(halfWidth - soft, halfWidth + soft, distance);
  // A seam narrower than a pixel shows as a faint line, not a full-strength one.
  const strength = Math.min(1, (halfWidth * 2.5) / Math.max(footprint, 1e-6));
  return 1 - darkness * inside * strength;
}

export interface PlankFloorStyle {
  plankWidth: number;
  minLength: number;
  maxLength: number;
  /** Plank tones; each plank picks a point between two neighbours so the floor reads as sorted boards. */
  tones: readonly Rgb[];
  /** Darkness of the latewood lines, 0..1. */
  grainContrast: number;
  /** Growth rings per metre across the board face. */
  ringFrequency: number;
  seamDarkness: number;
  /** Micro-bevel: light edge on one side of each seam, as on eased-edge vinyl and prefinished boards. */
  bevelHighlight: number;
  /** Raised grain shading, as on embossed-in-register LVP. */
  emboss: number;
  /** How wild the figure is: 1 = pronounced cathedrals and wavy lines, 0.3 = calm, nearly straight grain. */
  figure: number;
  seed: number;
}

export function plankFloor(style: PlankFloorStyle): FloorMaterial {
  const { plankWidth, seed } = style;
  const lengthRange = style.maxLength - style.minLength;

  const grainAt = (localAcross: number, localAlong: number, plankSeed: number): number => {
    // Flat-sawn figure: growth rings are cones around the pith, so a board cut beside it shows nested
    // arches ("cathedrals") along its length. The pith sits just off the board, at a per-plank spot.
    const cut = hash2(Math.floor(plankSeed * 6151), 4, seed);
    // About a third of boards are rift-like (pith far away: straight lines), the rest show arches.
    const pithDistance = cut < 0.35 ? 2.5 : 0.08 + 0.35 * cut;
    const pithAcross = plankSeed > 0.5 ? plankWidth * (1 + pithDistance) : -plankWidth * pithDistance;
    const pithAlong = hash2(Math.floor(plankSeed * 9973), 3, seed) * 1.2;
    const taper = (0.09 + 0.08 * hash2(Math.floor(plankSeed * 7919), 5, seed)) * style.figure;
    const radial = Math.sqrt((localAcross - pithAcross) ** 2 + (taper * (localAlong - pithAlong)) ** 2);
    const warp = fbm(localAlong * 1.6 + plankSeed * 17, localAcross * 3 + plankSeed * 5, seed + 3, 3);
    const ringPosition = radial * style.ringFrequency + warp * 1.3 * style.figure;
    const ring = ringPosition - Math.floor(ringPosition);
    // Earlywood fades gradually into a darker latewood band, then snaps back at the next ring.
    const latewood = smoothstep(0.45, 0.92, ring) * (1 - smoothstep(0.92, 1, ring));
    const bandStrength = 0.55 + 0.9 * valueNoise(radial * 30, localAlong * 2, seed + 8);
    return latewood * bandStrength;
  };

  return (across, along, footprintAcross, footprintAlong) => {
    const row = Math.floor(across / plankWidth);
    const rowLength = style.minLength + lengthRange * hash2(row, 1, seed);
    const stagger = hash2(row, 2, seed) * rowLength;
    const shifted = along + stagger;
    const segment = Math.floor(shifted / rowLength);
    const plankSeed = hash2(row, segment, seed + 7);
    const localAcross = across - row * plankWidth;
    const localAlong = shifted - segment * rowLength;

    const toneIndex = plankSeed * (style.tones.length - 1);
    const lower = Math.floor(toneIndex);
    const tone = mixRgb(style.tones[lower] ?? style.tones[0]!, style.tones[lower + 1] ?? style.tones[lower]!, toneIndex - lower);

    const ringDetail = detail(1 / style.ringFrequency, footprintAcross);
    const grain = grainAt(localAcross, localAlong, plankSeed);
    let shade = 1 - style.grainContrast * grain * ringDetail - style.grainContrast * 0.35 * (1 - ringDetail);

    // Long fine streaks (pores and ray fleck), only where they are bigger than a pixel.
    const streakDetail = detail(0.004, footprintAcross);
    if (streakDetail > 0) {
      const streak = valueNoise(localAcross * 260 + plankSeed * 50, localAlong * 4, seed + 11);
      shade -= (streak - 0.5) * 0.12 * streakDetail;
    }
    if (style.emboss > 0 && ringDetail > 0) {
      const neighbour = grainAt(localAcross + 0.0015, localAlong, plankSeed);
      shade += (grain - neighbour) * style.emboss * ringDetail;
    }
    // Broad mottling so no two planks are perfectly flat in colour.
    shade += (fbm(localAlong * 1.3 + plankSeed * 9, localAcross * 8, seed + 5, 3) - 0.5) * 0.16;

    const distanceAcross = Math.min(localAcross, plankWidth - localAcross);
    const distanceAlong = Math.min(localAlong, rowLength - localAlong);
    shade *= seamShade(distanceAcross, 0.0009, footprintAcross, style.seamDarkness);
    shade *= seamShade(distanceAlong, 0.0009, footprintAlong, style.seamDarkness * 0.85);
    if (style.bevelHighlight > 0) {
      const edge = 1 - smoothstep(0.001, 0.004, localAcross);
      shade += edge * style.bevelHighlight * detail(0.003, footprintAcross);
    }
    return scaleRgb(tone, shade);
  };
}

export interface TileFloorStyle {
  tileWidth: number;
  tileLength: number;
  groutWidth: number;
  groutColor: Rgb;
  tones: readonly Rgb[];
  /** Strength of the marble-look veining printed on porcelain. */
  veining: number;
  /** Offset each row by this fraction of a tile (0 = grid, 0.5 = brick, 0.33 = a third). */
  rowOffset: number;
  seed: number;
}

export function tileFloor(style: TileFloorStyle): FloorMaterial {
  const { seed } = style;
  return (across, along, footprintAcross, footprintAlong) => {
    const row = Math.floor(along / style.tileLength);
    const shiftedAcross = across + row * style.rowOffset * style.tileWidth;
    const column = Math.floor(shiftedAcross / style.tileWidth);
    const localAcross = shiftedAcross - column * style.tileWidth;
    const localAlong = along - row * style.tileLength;
    const tileSeed = hash2(column, row, seed);
    const tone = mixRgb(style.tones[0]!, style.tones[1] ?? style.tones[0]!, tileSeed);

    let shade = 1 + (fbm(across * 2.2, along * 2.2, seed + 1, 4) - 0.5) * 0.12;
    if (style.veining > 0) {
      const vein = Math.abs(Math.sin((across * 3 + along * 1.4 + fbm(across * 1.6, along * 1.6, seed + 2, 5) * 6) * Math.PI));
      const veinDetail = detail(0.01, Math.max(footprintAcross, footprintAlong) * 0.5);
      shade -= Math.pow(1 - vein, 28) * style.veining * (0.3 + 0.7 * veinDetail) + (1 - vein) * style.veining * 0.15;
    }
    shade += (tileSeed - 0.5) * 0.05;
    const color = scaleRgb(tone, shade);

    const halfGrout = style.groutWidth / 2;
    const distanceAcross = Math.min(localAcross, style.tileWidth - localAcross);
    const distanceAlong = Math.min(localAlong, style.tileLength - localAlong);
    const groutAcross = 1 - seamShade(distanceAcross, halfGrout, footprintAcross, 1);
    const groutAlong = 1 - seamShade(distanceAlong, halfGrout, footprintAlong, 1);
    const grout = Math.max(groutAcross, groutAlong);
    return mixRgb(color, style.groutColor, grout);
  };
}

export interface CarpetStyle {
  base: Rgb;
  /** Second colour heathered into the pile. */
  fleck: Rgb;
  fibreContrast: number;
  seed: number;
}

/** Cut-pile carpet: fibre tips catch light at random, with soft pile-direction shading. */
export function carpet(style: CarpetStyle): FloorMaterial {
  const { seed } = style;
  return (across, along, footprintAcross, footprintAlong) => {
    const footprint = Math.max(footprintAcross, footprintAlong);
    const fibreDetail = detail(0.0025, footprint);
    const tuftDetail = detail(0.005, footprint);
    const clusters = valueNoise(across * 220, along * 220, seed + 6);
    const tufts = valueNoise(across * 420, along * 420, seed);
    const fibres = valueNoise(across * 1300, along * 1100, seed + 1);
    const pile = fbm(across * 3.5, along * 3.5, seed + 2, 4);
    const fleckAmount = smoothstep(0.72, 0.9, valueNoise(across * 700, along * 700, seed + 3)) * fibreDetail;
    let shade = 1 + (pile - 0.5) * 0.22;
    shade += ((tufts - 0.5) * 0.9 + (fibres - 0.5) * 0.6) * style.fibreContrast * fibreDetail;
    shade += (clusters - 0.5) * 0.5 * style.fibreContrast * tuftDetail;
    return scaleRgb(mixRgb(style.base, style.fleck, fleckAmount * 0.6), shade);
  };
}

export interface CarpetTileStyle {
  tileSize: number;
  tones: readonly Rgb[];
  /** Rib spacing of the loop pile, metres. */
  ribSpacing: number;
  seed: number;
}

/** Commercial carpet tile laid quarter-turn: the rib direction alternates like a checkerboard. */
export function carpetTile(style: CarpetTileStyle): FloorMaterial {
  const { seed, tileSize } = style;
  return (across, along, footprintAcross, footprintAlong) => {
    const column = Math.floor(across / tileSize);
    const row = Math.floor(along / tileSize);
    const quarterTurned = (column + row) % 2 === 0;
    const localAcross = across - column * tileSize;
    const localAlong = along - row * tileSize;
    const tileSeed = hash2(column, row, seed);
    const tone = mixRgb(style.tones[0]!, style.tones[1] ?? style.tones[0]!, tileSeed * 0.6 + (quarterTurned ? 0.35 : 0));

    const ribCoordinate = quarterTurned ? across : along;
    const ribFootprint = quarterTurned ? footprintAcross : footprintAlong;
    const ribDetail = detail(style.ribSpacing, ribFootprint);
    const wobble = (fbm(across * 20, along * 20, seed + 4, 3) - 0.5) * 0.6;
    const rib = 0.5 + 0.5 * Math.sin(((ribCoordinate / style.ribSpacing) + wobble) * Math.PI * 2);
    const loops = valueNoise(across * 900, along * 900, seed + 5);
    let shade = 1 - rib * 0.18 * ribDetail - 0.09 * (1 - ribDetail) + (loops - 0.5) * 0.16 * detail(0.002, ribFootprint);
    // Each tile's pile lies slightly differently, which is what makes quarter-turn visible from afar.
    shade *= quarterTurned ? 0.86 : 1.06;
    const distanceAcross = Math.min(localAcross, tileSize - localAcross);
    const distanceAlong = Math.min(localAlong, tileSize - localAlong);
    shade *= seamShade(distanceAcross, 0.0008, footprintAcross, 0.25);
    shade *= seamShade(distanceAlong, 0.0008, footprintAlong, 0.25);
    return scaleRgb(tone, shade);
  };
}

export interface SubfloorStyle {
  sheetWidth: number;
  sheetLength: number;
  tone: Rgb;
  seed: number;
}

/** Oriented-strand board subfloor: pressed wood flakes, sheet seams and a nailing grid. */
export function subfloor(style: SubfloorStyle): FloorMaterial {
  const { seed } = style;
  return (across, along, footprintAcross, footprintAlong) => {
    const footprint = Math.max(footprintAcross, footprintAlong);
    const flakeDetail = detail(0.02, footprint);
    const flakes = valueNoise(across * 60 + valueNoise(across * 8, along * 8, seed) * 2, along * 22, seed + 1);
    const flakes2 = valueNoise(across * 22, along * 65 + valueNoise(across * 6, along * 6, seed + 2) * 2, seed + 3);
    let shade = 1 + ((flakes - 0.5) * 0.2 + (flakes2 - 0.5) * 0.16) * flakeDetail;
    shade += (fbm(across * 1.5, along * 1.5, seed + 4, 3) - 0.5) * 0.1;
    const column = Math.floor(across / style.sheetWidth);
    const row = Math.floor(along / style.sheetLength);
    const localAcross = across - column * style.sheetWidth;
    const localAlong = along - row * style.sheetLength;
    shade *= seamShade(Math.min(localAcross, style.sheetWidth - localAcross), 0.0015, footprintAcross, 0.55);
    shade *= seamShade(Math.min(localAlong, style.sheetLength - localAlong), 0.0015, footprintAlong, 0.55);
    const tone = mixRgb(style.tone, scaleRgb(style.tone, 0.85), hash2(column, row, seed));
    return scaleRgb(tone, shade * mix(0.97, 1.03, hash2(column, row, seed + 9)));
  };
}
