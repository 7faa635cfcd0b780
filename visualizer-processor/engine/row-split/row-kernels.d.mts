/** The types of row-kernels.mjs (plain JavaScript: see there why). */

/** `applyCoefficients`' inputs, worked out once for the whole photo, and its output, the mask. */
export interface CoefficientRowsArgs {
  /** The coefficient grids, `cw` × `ch`. */
  a: Float32Array;
  b: Float32Array;
  cw: number;
  ch: number;
  /** The full-size photo, RGB, `width` × `height`. */
  rgb: Uint8Array;
  width: number;
  height: number;
  threshold: number;
  /** Per photo column, its left coefficient column and the weight of the right one. */
  x0s: Int32Array;
  wxs: Float32Array;
  /** Per coefficient cell, the least and the most its `a·I + b` can be over brightness 0..1. */
  least: Float32Array;
  most: Float32Array;
  /** 0 or 255 per photo pixel. */
  mask: Uint8Array;
}

/** One `boxMean`: its input, the row pass's output (the column pass's input) and the result. */
export interface BoxMeanArgs {
  input: Float32Array;
  rows: Float32Array;
  out: Float32Array;
  width: number;
  height: number;
  radius: number;
}

/** What layPlankRows reads of a style's look (wood-looks.ts' WoodLook has more). */
export interface PlankLook {
  plankWidth: number;
  minLength: number;
  maxLength: number;
  flatSawn: number;
  boardTone: number;
  boardWarmth: number;
  bevel: number;
  jointDarkness: number;
}

/** `layPlanks`' inputs (lay-planks.ts, prepare-floor.ts and wood-board-textures.ts say what each is) and its output. */
export interface PlankRowsArgs {
  /** The photo, RGB. */
  photo: Uint8Array;
  /** A copy of the photo the new floor is laid into. */
  output: Uint8Array;
  width: number;
  alpha: Uint8Array;
  rowStart: Int32Array;
  rowEnd: Int32Array;
  homography: number[];
  minW: number;
  light: { width: number; height: number; scale: number; values: Float32Array };
  tint: readonly [number, number, number];
  grain: number;
  look: PlankLook;
  boards: {
    levels: { across: number; along: number; rgb: Float32Array }[];
    texelAcross: number;
    texelAlong: number;
    count: number;
    flatSawn: Uint8Array;
    mean: readonly [number, number, number];
  };
  seed: number;
  /** color-space.ts' LINEAR_TO_SRGB. */
  linearToSrgb: Uint8Array;
}

export function applyCoefficientRows(args: CoefficientRowsArgs, from: number, to: number): void;
export function boxMeanAlongRows(args: BoxMeanArgs, from: number, to: number): void;
export function boxMeanAlongColumns(args: BoxMeanArgs, from: number, to: number): void;
export function layPlankRows(args: PlankRowsArgs, from: number, to: number): void;

export interface RowKernelArgs {
  applyCoefficientRows: CoefficientRowsArgs;
  boxMeanAlongRows: BoxMeanArgs;
  boxMeanAlongColumns: BoxMeanArgs;
  layPlankRows: PlankRowsArgs;
}
export type RowKernelName = keyof RowKernelArgs;
export const ROW_KERNELS: { [K in RowKernelName]: (args: RowKernelArgs[K], from: number, to: number) => void };
