import { fractalNoise2, hash3 } from '../value-noise.ts';
import { SRGB_TO_LINEAR } from './color-space.ts';
import type { WoodLook } from './wood-looks.ts';

/**
 * A stock of board faces, textured once and looked up per pixel. Every plank on the floor shows one of
 * these boards (mirrored, shifted, tinted), so the per-pixel work is a texture lookup, not noise.
 *
 * The figure of a board comes from where it was sawn from the log: growth rings are cones around the pith,
 * and the board's face cuts through them. Flat-sawn boards pass close to the pith and show nested arches
 * (cathedrals); rift- and quarter-sawn boards pass far from it and show straight lines. The style-free part
 * (distance to the pith, pore streaks, blotches, where the sapwood starts) is computed once per call;
 * each style colours it and builds its mip levels.
 */
export const BOARD_STOCK = {
  /** Physical size of a stock board: wide and long enough for every style's planks. */
  width: 0.2,
  length: 2.4,
  texelsAcross: 96,
  texelsAlong: 256,
  count: 12,
} as const;

export interface BoardFigures {
  /** Per texel (board, along, across), metres from the pith. */
  ring: Float32Array;
  /** Fine pore streaks, -1..1. */
  pores: Float32Array;
  /** Blotchy variation, -1..1. */
  mottle: Float32Array;
  /** Metres from the heartwood/sapwood boundary, positive on the sapwood side. */
  sap: Float32Array;
  /** Per board, whether it was sawn flat (cathedrals) or rift (straight lines). */
  flatSawn: Uint8Array;
}

/** A style's boards: linear RGB per texel, with mip levels (each half the size of the one before). */
export interface BoardTextureSet {
  levels: BoardTextureLevel[];
  /** Metres per texel at level 0, across and along the board. */
  texelAcross: number;
  texelAlong: number;
  /** Whether each board shows sapwood. */
  count: number;
  flatSawn: Uint8Array;
  /** Mean colour of all boards, linear RGB (what the floor averages to far away). */
  mean: [number, number, number];
}

export interface BoardTextureLevel {
  /** Texels across and along one board at this level. */
  across: number;
  along: number;
  /** count × along × across × 3 (linear RGB). */
  rgb: Float32Array;
}

const FIGURE_SEED = 7919;

/**
 * Darkness across one growth ring (0 = start of the ring): earlywood, a band of large pores at the start of
 * each ring, reads as a dark line; the denser latewood after it is plain.
 */
const RING_STEPS = 256;
const RING_PROFILE = new Float32Array(RING_STEPS);
let ringSum = 0;
for (let k = 0; k < RING_STEPS; k++) {
  const f = k / RING_STEPS;
  const d = (f - 0.14) / 0.07;
  // A sharp earlywood band, then latewood darkening a little toward the next ring.
  RING_PROFILE[k] = Math.min(1, Math.exp(-d * d) + 0.3 * f * f);
  ringSum += RING_PROFILE[k]!;
}
const RING_MEAN = ringSum / RING_STEPS;

/** Half-width of the blend between heartwood and sapwood, metres. */
const SAP_TRANSITION = 0.01;

/** Ring phase by distance from the pith, in steps of RING_TABLE_STEP metres, up to 0.6 m. */
const RING_TABLE_STEP = 0.0001;
const RING_TABLE_SIZE = 6000;

/**
 * Growth rings are not evenly spaced: good and bad years make them wider and narrower, a few years alike in
 * a row. The table gives the (fractional) ring count at each distance from the pith.
 */
function ringPhaseTable(spacing: number, seed: number): Float32Array {
  const table = new Float32Array(RING_TABLE_SIZE);
  let ring = 0;
  let ringStart = 0;
  let width = spacing;
  let trend = 1;
  for (let i = 0; i < RING_TABLE_SIZE; i++) {
    const rho = i * RING_TABLE_STEP;
    while (rho >= ringStart + width) {
      ringStart += width;
      ring++;
      trend = 0.7 * trend + 0.3 * (0.6 + 0.8 * hash3(ring, 11, seed));
      width = spacing * trend * (0.75 + 0.5 * hash3(ring, 12, seed));
    }
    table[i] = ring + (rho - ringStart) / width;
  }
  return table;
}

export function makeBoardFigures(): BoardFigures {
  const { texelsAcross: ns, texelsAlong: nt, count } = BOARD_STOCK;
  const size = count * nt * ns;
  const ring = new Float32Array(size);
  const pores = new Float32Array(size);
  const mottle = new Float32Array(size);
  const sap = new Float32Array(size);
  const flatSawn = new Uint8Array(count);
  const figures: BoardFigures = { ring, pores, mottle, sap, flatSawn };
  // Smooth fields are evaluated on coarse grids and interpolated: noise per texel would cost more than
  // everything else the renderer does.
  const scratch: FigureScratch = {
    wobble: new Float32Array(nt * ns),
    knots0: new Float64Array(ns),
    knots1: new Float64Array(ns),
    blotch: new Float32Array(nt * ns),
  };
  for (let b = 0; b < count; b++) boardFigure(figures, b, scratch);
  return figures;
}

/** Per-board arrays that makeBoardFigures reuses from one board to the next. */
interface FigureScratch {
  wobble: Float32Array;
  knots0: Float64Array;
  knots1: Float64Array;
  blotch: Float32Array;
}

/**
 * One board's figure (board `b`). A function of its own, called once per board: V8 makes its loops fast once,
 * not again for each loop of one long function it reaches (decision 028).
 */
function boardFigure(figures: BoardFigures, b: number, scratch: FigureScratch): void {
  const { width, length, texelsAcross: ns, texelsAlong: nt } = BOARD_STOCK;
  const { flatSawn } = figures;
  const { wobble, knots0, knots1, blotch } = scratch;
  const texelS = width / ns;
  const texelT = length / nt;
  const r = (k: number) => figureHash(b, k);
  const flat = b % 3 !== 2;
  flatSawn[b] = flat ? 1 : 0;
  // Pith position: under the board for flat-sawn, well off to one side for rift-sawn.
  const pithX = flat ? width * (0.15 + 0.7 * r(1)) : (r(1) < 0.5 ? -1 : 1) * (0.25 + 0.35 * r(2)) + width / 2;
  const depth = flat ? 0.035 + 0.03 * r(3) : 0.01 + 0.05 * r(3);
  // The log is not quite parallel to the board: the depth to the pith swells and shrinks along it, which
  // is what draws the arches.
  const swell = flat ? 0.012 + 0.02 * r(4) : 0.004 * r(4);
  const wavelength = 1.2 + 1.8 * r(5);
  const phase = r(6) * Math.PI * 2;
  const drift = (r(7) - 0.5) * 0.02;
  const sapSide = r(8) < 0.5 ? 1 : -1;
  const sapAt = width * (0.2 + 0.6 * r(9));
  let knotRow = -1;
  fillSmooth(wobble, ns, nt, 4, (s, t) => 0.0025 * (fractalNoise2(s * 25, t * 1.2 + b * 17, 2, FIGURE_SEED + 1) - 0.5), texelS, texelT);
  fillSmooth(blotch, ns, nt, 8, (s, t) => 2 * fractalNoise2(s * 12, t * 2.5 + b * 29, 3, FIGURE_SEED + 4) - 1, texelS, texelT);
  for (let j = 0; j < nt; j++) {
    const t = (j + 0.5) * texelT;
    const y = depth + swell * Math.sin((2 * Math.PI * t) / wavelength + phase);
    const centre = pithX + drift * t;
    const sapEdge = sapAt + 0.08 * (fractalNoise2(t * 0.9, b * 3.1, 3, FIGURE_SEED + 3) - 0.5);
    const row = (b * nt + j) * ns;
    // Pores: short streaks along the board, a few texels long, each column of texels its own.
    const knot = (j + 0.5) / PORE_TEXELS;
    const k0 = Math.floor(knot);
    const fk = knot - k0;
    const blend = fk * fk * (3 - 2 * fk);
    if (k0 !== knotRow) {
      knotRow = k0;
      poreKnots(b, k0, ns, knots0, knots1);
    }
    figureRow(figures, row, ns, texelS, centre, y, wobble, blotch, j * ns, knots0, knots1, blend, sapSide, sapEdge);
  }
}

/** Board `b`'s k-th figure number (0..1). */
function figureHash(b: number, k: number): number {
  return hash3(b, k, FIGURE_SEED);
}

/** The pores of board `b` at knot rows k0 and k0 + 1, one per column of texels. */
function poreKnots(b: number, k0: number, ns: number, knots0: Float64Array, knots1: Float64Array): void {
  for (let i = 0; i < ns; i++) {
    knots0[i] = hash3(i + b * 977, k0, FIGURE_SEED + 2);
    knots1[i] = hash3(i + b * 977, k0 + 1, FIGURE_SEED + 2);
  }
}

/** One row of texels across a board (from `row`): its distance to the pith, pores, mottle and sapwood side. */
function figureRow(
  figures: BoardFigures,
  row: number,
  ns: number,
  texelS: number,
  centre: number,
  y: number,
  wobble: Float32Array,
  blotch: Float32Array,
  fieldRow: number,
  knots0: Float64Array,
  knots1: Float64Array,
  blend: number,
  sapSide: number,
  sapEdge: number,
): void {
  const { ring, pores, mottle, sap } = figures;
  for (let i = 0; i < ns; i++) {
    const s = (i + 0.5) * texelS;
    const dx = s - centre;
    ring[row + i] = Math.sqrt(dx * dx + y * y) + wobble[fieldRow + i]!;
    pores[row + i] = 2 * (knots0[i]! + (knots1[i]! - knots0[i]!) * blend) - 1;
    mottle[row + i] = blotch[fieldRow + i]!;
    sap[row + i] = sapSide * (s - sapEdge);
  }
}

/** Length of a pore streak, in texels along the board. */
const PORE_TEXELS = 5;

/** Fills an ns × nt field from samples every `step` texels, bilinearly interpolated. */
function fillSmooth(
  out: Float32Array,
  ns: number,
  nt: number,
  step: number,
  field: (s: number, t: number) => number,
  texelS: number,
  texelT: number,
): void {
  const cs = Math.ceil(ns / step) + 1;
  const ct = Math.ceil(nt / step) + 1;
  const coarse = new Float32Array(cs * ct);
  for (let j = 0; j < ct; j++) for (let i = 0; i < cs; i++) coarse[j * cs + i] = field(i * step * texelS, j * step * texelT);
  for (let j = 0; j < nt; j++) {
    const v = j / step;
    const j0 = Math.floor(v);
    const fv = v - j0;
    for (let i = 0; i < ns; i++) {
      const u = i / step;
      const i0 = Math.floor(u);
      const fu = u - i0;
      const a = coarse[j0 * cs + i0]!;
      const b = coarse[j0 * cs + i0 + 1]!;
      const c = coarse[(j0 + 1) * cs + i0]!;
      const d = coarse[(j0 + 1) * cs + i0 + 1]!;
      out[j * ns + i] = (a + (b - a) * fu) * (1 - fv) + (c + (d - c) * fu) * fv;
    }
  }
}

function linearColor(srgb: readonly [number, number, number]): [number, number, number] {
  return [SRGB_TO_LINEAR[srgb[0]]!, SRGB_TO_LINEAR[srgb[1]]!, SRGB_TO_LINEAR[srgb[2]]!];
}

/** Colours the figures for one style (only as much of each stock board as the style's planks are wide). */
export function makeBoardTextures(figures: BoardFigures, look: WoodLook, styleSeed: number): BoardTextureSet {
  const { width, length, texelsAcross, texelsAlong: nt, count } = BOARD_STOCK;
  const texelS = width / texelsAcross;
  const ns = Math.max(2, Math.min(texelsAcross, Math.round(look.plankWidth / texelS)));
  const base = linearColor(look.color);
  const colours: BoardColours = {
    look,
    base,
    grain: linearColor(look.grainColor),
    sapColor: look.sapwood ? linearColor(look.sapwood.color) : base,
    ringPhase: ringPhaseTable(look.ringSpacing, styleSeed),
    ns,
  };
  const rgb = new Float32Array(count * nt * ns * 3);
  const sum = new Float64Array(3);
  for (let b = 0; b < count; b++) {
    const hasSap = look.sapwood !== undefined && hash3(b, 1, styleSeed) < look.sapwood.share;
    for (let j = 0; j < nt; j++) colourRow(figures, colours, b, j, hasSap, rgb, sum);
  }
  // Scale to the style's mean colour, so the floor averages to what the style promises.
  const texels = count * nt * ns;
  scaleColours(rgb, (base[0] * texels) / sum[0]!, (base[1] * texels) / sum[1]!, (base[2] * texels) / sum[2]!);
  const levels: BoardTextureLevel[] = [{ across: ns, along: nt, rgb }];
  while (levels[levels.length - 1]!.across > 1 || levels[levels.length - 1]!.along > 1) levels.push(halve(levels[levels.length - 1]!, count));
  return {
    levels,
    texelAcross: look.plankWidth / ns,
    texelAlong: length / nt,
    count,
    flatSawn: figures.flatSawn,
    mean: base,
  };
}

/** What makeBoardTextures colours every texel of a style with. */
interface BoardColours {
  look: WoodLook;
  /** Linear RGB of the wood, its grain and its sapwood. */
  base: [number, number, number];
  grain: [number, number, number];
  sapColor: [number, number, number];
  /** ringPhaseTable's rings for the style. */
  ringPhase: Float32Array;
  /** Texels across each board kept for the style. */
  ns: number;
}

/**
 * Row `j` of board `b`, coloured into `rgb` and added to `sum` (linear RGB). The loops over texels are functions
 * of their own, each called many times: V8 makes each fast once, where one function with all the loops was made
 * fast again at each loop it reached and thrown back at the next (decision 028).
 */
function colourRow(figures: BoardFigures, colours: BoardColours, b: number, j: number, hasSap: boolean, rgb: Float32Array, sum: Float64Array): void {
  const { texelsAcross, texelsAlong: nt } = BOARD_STOCK;
  const { look, base, grain, sapColor, ringPhase, ns } = colours;
  const source = (b * nt + j) * texelsAcross;
  const target = (b * nt + j) * ns;
  for (let i = 0; i < ns; i++) {
    const k = source + i;
    const rho = figures.ring[k]!;
    // Rings closer than about two texels would alias in the texture itself: fade them to their mean.
    const neighbour = i + 1 < texelsAcross ? figures.ring[k + 1]! : figures.ring[k - 1]!;
    const along = j + 1 < nt ? figures.ring[k + texelsAcross]! : figures.ring[k - texelsAcross]!;
    const cyclesPerTexel = Math.max(Math.abs(neighbour - rho), Math.abs(along - rho)) / look.ringSpacing;
    const resolve = Math.min(1, Math.max(0, (0.45 - cyclesPerTexel) / 0.2));
    const phase = ringPhase[Math.min(RING_TABLE_SIZE - 1, (rho / RING_TABLE_STEP) | 0)]!;
    // The earlywood line is a band of pores: broken up by them, not a drawn stroke.
    const pores = figures.pores[k]!;
    const line = RING_PROFILE[((phase - Math.floor(phase)) * RING_STEPS) | 0]! * (0.75 + 0.45 * pores);
    const g = look.grainStrength * (RING_MEAN + (line - RING_MEAN) * resolve);
    const m = 1 + look.mottle * figures.mottle[k]! + look.pores * pores;
    let r = (base[0] + (grain[0] - base[0]) * g) * m;
    let gr = (base[1] + (grain[1] - base[1]) * g) * m;
    let bl = (base[2] + (grain[2] - base[2]) * g) * m;
    if (hasSap) {
      const x = figures.sap[k]! / SAP_TRANSITION;
      const w = x <= -1 ? 0 : x >= 1 ? 1 : 0.5 + 0.5 * Math.sin((x * Math.PI) / 2);
      const grainShare = 1 - 0.5 * g;
      r += (sapColor[0] * grainShare * m - r) * w;
      gr += (sapColor[1] * grainShare * m - gr) * w;
      bl += (sapColor[2] * grainShare * m - bl) * w;
    }
    const o = (target + i) * 3;
    rgb[o] = r;
    rgb[o + 1] = gr;
    rgb[o + 2] = bl;
    sum[0]! += r;
    sum[1]! += gr;
    sum[2]! += bl;
  }
}

/** Multiplies each texel's red, green and blue by the gains. */
function scaleColours(rgb: Float32Array, gainR: number, gainG: number, gainB: number): void {
  for (let o = 0; o < rgb.length; o += 3) {
    rgb[o]! *= gainR;
    rgb[o + 1]! *= gainG;
    rgb[o + 2]! *= gainB;
  }
}

/** The next mip level: 2×2 (or 2×1 once a side is down to one texel) box average, board by board. */
function halve(level: BoardTextureLevel, count: number): BoardTextureLevel {
  const across = Math.max(1, level.across >> 1);
  const along = Math.max(1, level.along >> 1);
  const rgb = new Float32Array(count * along * across * 3);
  for (let b = 0; b < count; b++) for (let j = 0; j < along; j++) halveRow(level, b, j, across, along, rgb);
  return { across, along, rgb };
}

/** Row `j` of board `b` of the next mip level (`across` × `along` texels a board) into `rgb`. A function of its own, as colourRow. */
function halveRow(level: BoardTextureLevel, b: number, j: number, across: number, along: number, rgb: Float32Array): void {
  const stepS = level.across > 1 ? 2 : 1;
  const stepT = level.along > 1 ? 2 : 1;
  const norm = 1 / (stepS * stepT);
  for (let i = 0; i < across; i++) {
    const o = ((b * along + j) * across + i) * 3;
    for (let dj = 0; dj < stepT; dj++) {
      for (let di = 0; di < stepS; di++) {
        const src = ((b * level.along + j * stepT + dj) * level.across + i * stepS + di) * 3;
        rgb[o]! += level.rgb[src]!;
        rgb[o + 1]! += level.rgb[src + 1]!;
        rgb[o + 2]! += level.rgb[src + 2]!;
      }
    }
    rgb[o]! *= norm;
    rgb[o + 1]! *= norm;
    rgb[o + 2]! *= norm;
  }
}
