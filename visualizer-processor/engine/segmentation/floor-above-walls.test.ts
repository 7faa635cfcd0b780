import { describe, expect, it } from 'vitest';
import { cellsAboveWalls } from './floor-above-walls.ts';

describe('cellsAboveWalls', () => {
  it('marks the cells with a run of wall that every run saw below them, not those above a thin line or a disputed wall', () => {
    // One column of 20 cells, top to bottom: 4 cells (floor-like top), 6 cells of wall in every run, 10 cells.
    const wall = new Float32Array(20);
    wall.fill(1, 4, 10);
    const above = cellsAboveWalls(wall, 1, 20, 5);
    expect([...above]).toEqual([1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    // A wall only half the runs saw, or a line thinner than the limit, marks nothing.
    expect(cellsAboveWalls(Float32Array.from(wall, (share) => share / 2), 1, 20, 5).includes(1)).toBe(false);
    expect(cellsAboveWalls(wall, 1, 20, 7).includes(1)).toBe(false);
  });
});
