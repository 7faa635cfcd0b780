/** The types of hash3.mjs (plain JavaScript: see there why). */

/** A 32-bit integer hash of up to three integers, as a float in [0, 1). */
export function hash3(a: number, b: number, c?: number): number;
