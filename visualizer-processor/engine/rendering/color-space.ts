/**
 * sRGB <-> linear light. Light and texture are combined in linear light (multiplying sRGB values darkens
 * mid-tones twice); photos come and go as 8-bit sRGB, so both directions are tables.
 */

/** Linear value (0..1) of each 8-bit sRGB level. */
export const SRGB_TO_LINEAR = new Float32Array(256);
for (let level = 0; level < 256; level++) {
  const c = level / 255;
  SRGB_TO_LINEAR[level] = c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** Steps of the linear -> sRGB table over 0..1; fine enough that neighbouring steps differ by under one level. */
export const LINEAR_STEPS = 4096;

/** 8-bit sRGB level of linear value i / LINEAR_STEPS (values above 1 clip). */
export const LINEAR_TO_SRGB = new Uint8Array(LINEAR_STEPS + 1);
for (let i = 0; i <= LINEAR_STEPS; i++) {
  const c = i / LINEAR_STEPS;
  const encoded = c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055;
  LINEAR_TO_SRGB[i] = Math.round(encoded * 255);
}

export function linearToSrgbByte(value: number): number {
  if (!(value > 0)) return 0;
  if (value >= 1) return 255;
  return LINEAR_TO_SRGB[(value * LINEAR_STEPS + 0.5) | 0]!;
}

export function srgbToLinear(value: number): number {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** Rec. 709 luminance of linear RGB. */
export function luminance(r: number, g: number, b: number): number {
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
