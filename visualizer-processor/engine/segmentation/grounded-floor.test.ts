import { describe, expect, it } from 'vitest';
import { keepGroundedFloor } from './grounded-floor.ts';

function grid(rows: string[]): { cells: Uint8Array; width: number; height: number } {
  const width = rows[0]!.length;
  return { cells: Uint8Array.from(rows.join('').split(''), (c) => (c === '#' ? 1 : 0)), width, height: rows.length };
}

function cellsOf(rows: string[], mark: string): Uint8Array {
  return Uint8Array.from(rows.join('').split(''), (c) => (c === mark ? 1 : 0));
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
  it('keeps floor seen past a rug that lies on the bottom, and never returns the rug itself', () => {
    const left = '######~~~~~~';
    const rows = ['............', '....##......', '....##......', '............', '......######', '......######', ...Array<string>(9).fill(left)];
    const width = 12;
    const height = rows.length;
    const floor = cellsOf(rows, '#');
    const rug = cellsOf(rows, '~');
    const bare = ['............', '............', '............', '............', '............', '............', ...Array<string>(9).fill('######......')];
    // Without the rug the strip behind it floats and is small beside the bare floor on the left: it goes.
    expect(show(keepGroundedFloor(floor, width, height), width)).toEqual(bare);
    expect(show(keepGroundedFloor(floor, width, height, { through: rug }), width)).toEqual([
      ...bare.slice(0, 4),
      '......######',
      '......######',
      ...bare.slice(6),
    ]);
  });

  it('does not ground floor through a rug that itself floats', () => {
    const rows = [
      '............',
      '..##~~......',
      '..##~~......',
      '............',
      '............',
      '............',
      '............',
      '............',
      '############',
      '############',
    ];
    const width = 12;
    const kept = keepGroundedFloor(cellsOf(rows, '#'), width, rows.length, { through: cellsOf(rows, '~') });
    expect(show(kept, width).slice(0, 3)).toEqual(['............', '............', '............']);
  });
});
