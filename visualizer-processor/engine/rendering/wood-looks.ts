import type { WoodStyleId } from '../../../contracts/wood-styles.ts';

/**
 * What each wood style looks like: board sizes as sold, and colour as finished boards look under neutral
 * light. Colours are sRGB averages of a board's face; the grain, the variation between boards and within
 * them are what make a species recognisable from across a room:
 * - natural white oak: light tan with a faint grey cast, moderate straight-to-cathedral grain, wide planks;
 * - honey oak: red oak under an amber stain, the strong cathedral grain of plain-sawn strip flooring;
 * - walnut: chocolate brown, smooth and closed-grained, with some boards lighter, some almost black;
 * - grey-washed oak: oak under a grey-white wash, low saturation, the open grain showing darker;
 * - hickory: the most contrast of the five, cream sapwood beside brown heartwood, often in the same board.
 */
export interface WoodLook {
  /** Plank width (face, metres) and the range of plank lengths. */
  plankWidth: number;
  minLength: number;
  maxLength: number;
  /** Mean face colour, sRGB. */
  color: readonly [number, number, number];
  /** Colour of the darkest grain (latewood lines), sRGB. */
  grainColor: readonly [number, number, number];
  /** How far the grain goes toward grainColor (0..1). */
  grainStrength: number;
  /** Distance between growth rings, metres. */
  ringSpacing: number;
  /** Share of boards sawn flat (cathedral figure) rather than rift/quarter (straight lines). */
  flatSawn: number;
  /** Lightness spread between boards (standard deviation, fraction). */
  boardTone: number;
  /** Red-versus-blue spread between boards (fraction). */
  boardWarmth: number;
  /** Blotchy variation within a board (fraction). */
  mottle: number;
  /** Fine pore streaks' contrast (negative: pores lighter than the wood, as under a white wash). */
  pores: number;
  /** Heartwood/sapwood contrast: share of boards showing a sapwood band, and the sapwood's colour. */
  sapwood?: { share: number; color: readonly [number, number, number] };
  /** Width of the eased edge (micro-bevel) on each side of a joint, metres, and how dark the joint looks. */
  bevel: number;
  jointDarkness: number;
}

export const WOOD_LOOKS: Record<WoodStyleId, WoodLook> = {
  'natural-white-oak': {
    plankWidth: 0.178,
    minLength: 0.9,
    maxLength: 2.4,
    color: [200, 172, 136],
    grainColor: [150, 118, 84],
    grainStrength: 0.75,
    ringSpacing: 0.0035,
    flatSawn: 0.6,
    boardTone: 0.06,
    boardWarmth: 0.03,
    mottle: 0.05,
    pores: 0.07,
    bevel: 0.0012,
    jointDarkness: 0.45,
  },
  'honey-oak': {
    plankWidth: 0.083,
    minLength: 0.45,
    maxLength: 1.8,
    color: [192, 138, 82],
    grainColor: [132, 80, 40],
    grainStrength: 0.85,
    ringSpacing: 0.004,
    flatSawn: 0.85,
    boardTone: 0.08,
    boardWarmth: 0.05,
    mottle: 0.06,
    pores: 0.07,
    bevel: 0.0006,
    jointDarkness: 0.4,
  },
  walnut: {
    plankWidth: 0.127,
    minLength: 0.6,
    maxLength: 2.1,
    color: [112, 76, 54],
    grainColor: [70, 44, 30],
    grainStrength: 0.6,
    ringSpacing: 0.005,
    flatSawn: 0.7,
    boardTone: 0.12,
    boardWarmth: 0.05,
    mottle: 0.08,
    pores: 0.04,
    sapwood: { share: 0.08, color: [150, 112, 80] },
    bevel: 0.001,
    jointDarkness: 0.35,
  },
  'grey-washed-oak': {
    plankWidth: 0.19,
    minLength: 1.0,
    maxLength: 2.4,
    color: [170, 162, 150],
    grainColor: [118, 108, 96],
    grainStrength: 0.8,
    ringSpacing: 0.0035,
    flatSawn: 0.6,
    boardTone: 0.06,
    boardWarmth: 0.015,
    mottle: 0.05,
    pores: -0.05,
    bevel: 0.0015,
    jointDarkness: 0.45,
  },
  hickory: {
    plankWidth: 0.127,
    minLength: 0.6,
    maxLength: 2.1,
    color: [176, 134, 92],
    grainColor: [120, 80, 48],
    grainStrength: 0.7,
    ringSpacing: 0.003,
    flatSawn: 0.7,
    boardTone: 0.14,
    boardWarmth: 0.05,
    mottle: 0.14,
    pores: 0.08,
    sapwood: { share: 0.6, color: [214, 186, 146] },
    bevel: 0.001,
    jointDarkness: 0.4,
  },
};
