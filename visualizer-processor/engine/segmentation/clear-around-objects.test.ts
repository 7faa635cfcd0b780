import { describe, expect, it } from 'vitest';
import { cellsAroundObjects } from './clear-around-objects.ts';

describe('cellsAroundObjects', () => {
  it('marks the object cells and the margin beside, below and above them, nothing further', () => {
    // A 9 × 9 grid with one object cell in the middle (4, 4): 1 cell either side, 2 below, none above.
    const seen = new Float32Array(81);
    seen[4 * 9 + 4] = 0.5;
    const near = cellsAroundObjects(seen, 9, 9, { side: 1, down: 2, up: 0 });
    const marked: string[] = [];
    for (let y = 0; y < 9; y++) for (let x = 0; x < 9; x++) if (near[y * 9 + x]) marked.push(`${x},${y}`);
    expect(marked).toEqual(['3,4', '4,4', '5,4', '3,5', '4,5', '5,5', '3,6', '4,6', '5,6']);
  });

  it('marks nothing where no run saw an object', () => {
    expect([...cellsAroundObjects(new Float32Array(16), 4, 4, { side: 2, down: 2, up: 2 })].every((cell) => cell === 0)).toBe(true);
  });
});
