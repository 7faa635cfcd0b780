import { describe, expect, it } from 'vitest';
import { keepGroundedFloor } from './grounded-floor.ts';

function grid(rows: string[]): { cells: Uint8Array; width: number; height: number } {
  const width = rows[0]!.length;
  return { cells: Uint8Array.from(rows.join('').split(''), (c) => (c === '#' ? 1 : 0)), width, height: rows.length };
}

function show(cells: Uint8Array, width: number): string[] {
  const rows: string[] = [];
  for (let i = 0; i < cells.length; i += width) rows.push(Array.from(cells.subarray(i, i + width), (v) => (v ? '#' : '.')).join(''));
  return rows;
}

describe('keeping the floor that stands on the bottom of the frame', () => {
  it('drops a small island higher up (a table top) and keeps the floor it floats over', () => {
    const { cells, width, height } = grid([
      '............',
      '....##......',
      '....##......',
      '............',
      '##########..',
      '############',
      '############',
      '############',
      '############',
      '############',
    ]);
    expect(show(keepGroundedFloor(cells, width, height), width)).toEqual([
      '............',
      '............',
      '............',
      '............',
      '##########..',
      '############',
      '############',
      '############',
      '############',
      '############',
    ]);
  });

  it('keeps a large piece cut off by a sofa across the frame', () => {
    const { cells, width, height } = grid([
      '............',
      '############',
      '############',
      '############',
      '............',
      '............',
      '............',
      '............',
      '............',
      '#####.......',
    ]);
    const kept = keepGroundedFloor(cells, width, height);
    expect(show(kept, width)).toEqual(show(cells, width));
  });
});
