import { describe, expect, it } from 'vitest';
import type { EvaluationCase } from './score-floor-masks.ts';
import { visitorOverlay } from './visitor-overlay.ts';

/** A 4 × 1 grey photo whose true floor is its first two pixels. */
const item = {
  id: 'strip',
  set: 'real',
  photo: { width: 4, height: 1, pixels: Buffer.alloc(12, 100) },
  truth: { width: 4, height: 1, mask: Buffer.from([255, 255, 0, 0]) },
} as unknown as EvaluationCase;
const mask = (...floor: number[]) => ({ width: 4, height: 1, mask: Buffer.from(floor.map((f) => f * 255)) });
const pixel = (image: Buffer, i: number) => [...image.subarray(i * 3, i * 3 + 3)];

describe('the visitor overlay', () => {
  it('tints right floor green, missed floor blue and painted non-floor red', () => {
    const image = visitorOverlay(item, mask(1, 0, 1, 0));
    const [right, missed, painted, untouched] = [0, 1, 2, 3].map((i) => pixel(image, i));
    expect(right![1]).toBeGreaterThan(right![0]!);
    expect(missed![2]).toBeGreaterThan(missed![0]!);
    expect(painted![0]).toBeGreaterThan(painted![2]!);
    expect(untouched).toEqual([55, 55, 55]);
  });

  it('shows what a tap fixed in cyan and what it broke in yellow', () => {
    const image = visitorOverlay(item, mask(1, 1, 1, 0), mask(1, 0, 0, 0));
    const [fixed, broken] = [1, 2].map((i) => pixel(image, i));
    expect(fixed![1]).toBeGreaterThan(fixed![0]! + 50);
    expect(fixed![2]).toBeGreaterThan(fixed![0]! + 50);
    expect(broken![0]).toBeGreaterThan(broken![2]! + 50);
    expect(broken![1]).toBeGreaterThan(broken![2]! + 50);
  });
});
