import { describe, expect, it } from 'vitest';
import { percentiles } from './percentiles.ts';

/** What the light's estimate did before: a float32 copy, sorted, read at floor(n · fraction). */
function bySort(values: number[], fractions: readonly number[]): number[] {
  if (values.length === 0) return fractions.map(() => 0);
  const sorted = Float32Array.from(values).sort();
  return fractions.map((fraction) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!);
}

function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 32;
  };
}

const FRACTIONS = [0, 0.001, 0.1, 0.25, 0.5, 0.5001, 0.7, 0.75, 0.85, 0.9, 0.999, 1];

describe('percentiles', () => {
  it('gives what sorting the float32 copy gives, for samples with many repeats, ties and both zeros', () => {
    const next = random(7);
    for (let trial = 0; trial < 300; trial++) {
      const length = 1 + Math.floor(next() * (trial < 50 ? 12 : 4000));
      const kind = trial % 4;
      const values = Array.from({ length }, () => {
        const r = next();
        if (kind === 0) return r * 10 - 3; // continuous, negatives too
        if (kind === 1) return Math.floor(r * 5) - 2; // few distinct values
        if (kind === 2) return r < 0.3 ? 0 : r < 0.6 ? -0 : r - 0.8; // both zeros, around them
        return Math.log(r + 1e-9) / 2; // like the light's log units
      });
      const got = percentiles(values, FRACTIONS);
      const expected = bySort(values, FRACTIONS);
      for (let k = 0; k < FRACTIONS.length; k++) expect(Object.is(got[k], expected[k]), `trial ${trial}, fraction ${FRACTIONS[k]}: ${got[k]} vs ${expected[k]}`).toBe(true);
    }
  });

  it('rounds to float32 as the sort did, and leaves NaN last', () => {
    expect(percentiles([0.1, 0.2, 0.3], [0.5])).toEqual([Math.fround(0.2)]);
    const withNaN = [3, Number.NaN, 1, 2];
    expect(percentiles(withNaN, [0, 0.5, 0.75, 1])).toEqual(bySort(withNaN, [0, 0.5, 0.75, 1]));
    expect(percentiles([], [0.5])).toEqual([0]);
  });
});
