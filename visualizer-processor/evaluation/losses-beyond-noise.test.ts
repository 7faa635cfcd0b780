import { describe, expect, it } from 'vitest';
import { lossesBeyondNoise, type JudgedPhoto } from './losses-beyond-noise.ts';

const judged = (...photos: [string, number, boolean][]): JudgedPhoto[] =>
  photos.map(([id, precision, believable]) => ({ id, precision, believable }));

describe('losses beyond the engine’s own noise', () => {
  const file = judged(['steady', 0.9, true], ['flips', 0.8, true], ['drifts', 0.7, false]);
  const nudge = judged(['steady', 0.9, true], ['flips', 0.6, false], ['drifts', 0.65, false]);

  it('counts a photo every reference renders believably and the input does not', () => {
    const upload = judged(['steady', 0.9, false], ['flips', 0.8, true], ['drifts', 0.7, false]);
    expect(lossesBeyondNoise(upload, [file, nudge]).believability).toEqual(['steady']);
  });

  it('does not count a believability lost where a nudge loses it too', () => {
    const upload = judged(['steady', 0.9, true], ['flips', 0.6, false], ['drifts', 0.7, false]);
    expect(lossesBeyondNoise(upload, [file, nudge]).believability).toEqual([]);
    // Against the file alone, the same upload loses it.
    expect(lossesBeyondNoise(upload, [file]).believability).toEqual(['flips']);
  });

  it('counts precision only when it falls more than 0.01 below the lowest reference', () => {
    const upload = judged(['steady', 0.885, true], ['flips', 0.595, true], ['drifts', 0.645, false]);
    // steady: 0.885 < 0.9 - 0.01; flips: 0.595 is within 0.01 of the nudge's 0.6; drifts: 0.645 is 0.005 below 0.65.
    expect(lossesBeyondNoise(upload, [file, nudge]).precision).toEqual(['steady']);
  });

  it('refuses references that judge other photos', () => {
    expect(() => lossesBeyondNoise(file, [judged(['steady', 0.9, true])])).toThrow(/same photos/);
  });
});
