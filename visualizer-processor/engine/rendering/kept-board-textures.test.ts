import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_WOOD_STYLE } from '../../../contracts/wood-styles.ts';
import { BOARD_SOURCES, BOARDS_RUNTIME, boardTexturesOfStyle, keptBoardsName, keptBoardTextures } from './kept-board-textures.ts';
import { makeBoardFigures, makeBoardTextures, type BoardTextureSet } from './wood-board-textures.ts';
import { WOOD_LOOKS } from './wood-looks.ts';

let directory: string;

beforeEach(() => {
  directory = mkdtempSync(path.join(tmpdir(), 'kept-boards-'));
});

afterEach(() => {
  rmSync(directory, { recursive: true, force: true });
});

const figures = makeBoardFigures();
const look = WOOD_LOOKS.walnut;

/** The walnut boards, counting how many times they are made. */
function walnut(made: { count: number }, seed = 5): { boards: BoardTextureSet; keeping: Promise<void> } {
  return keptBoardTextures('walnut', look, seed, () => (made.count++, makeBoardTextures(figures, look, seed)), { directory });
}

function expectSameBoards(actual: BoardTextureSet, expected: BoardTextureSet): void {
  expect(actual.levels.map(({ across, along }) => [across, along])).toEqual(expected.levels.map(({ across, along }) => [across, along]));
  for (const [k, level] of actual.levels.entries()) {
    expect(Buffer.from(level.rgb.buffer, level.rgb.byteOffset, level.rgb.byteLength).equals(Buffer.from(expected.levels[k]!.rgb.buffer, expected.levels[k]!.rgb.byteOffset, expected.levels[k]!.rgb.byteLength))).toBe(true);
  }
  expect([actual.texelAcross, actual.texelAlong, actual.count, actual.mean, [...actual.flatSawn]]).toEqual([
    expected.texelAcross,
    expected.texelAlong,
    expected.count,
    expected.mean,
    [...expected.flatSawn],
  ]);
}

describe('the wood styles’ boards kept on disk (decision 034)', () => {
  it('are made once, kept, and read back by the next process as the same numbers', async () => {
    const made = { count: 0 };
    const first = walnut(made);
    await first.keeping;
    expect(made.count).toBe(1);
    expect(readdirSync(directory)).toEqual([keptBoardsName('walnut', look, 5)]);

    const again = walnut(made);
    expect(made.count).toBe(1);
    expectSameBoards(again.boards, first.boards);
    expectSameBoards(again.boards, makeBoardTextures(figures, look, 5));
  });

  it('are the renderer’s own boards for a style, kept or not', async () => {
    const made = boardTexturesOfStyle(DEFAULT_WOOD_STYLE, { directory });
    await made.keeping;
    const read = boardTexturesOfStyle(DEFAULT_WOOD_STYLE, { directory });
    expectSameBoards(read.boards, made.boards);
    expect(read.boards).not.toBe(made.boards);
  });

  it.each([
    { damage: 'a number changed', change: (bytes: Buffer) => (bytes[bytes.length - 7]! ^= 1, bytes) },
    { damage: 'cut short', change: (bytes: Buffer) => bytes.subarray(0, bytes.length - 12) },
    { damage: 'no header', change: (bytes: Buffer) => bytes.subarray(bytes.indexOf(0x0a) + 1) },
    { damage: 'a header of null', change: (bytes: Buffer) => Buffer.concat([Buffer.from('null'), bytes.subarray(bytes.indexOf(0x0a))]) },
  ])('are made again when the kept file is $damage, and kept whole again', async ({ change }) => {
    const made = { count: 0 };
    const { boards, keeping } = walnut(made);
    await keeping;
    const file = path.join(directory, keptBoardsName('walnut', look, 5));
    writeFileSync(file, change(readFileSync(file)));

    const again = walnut(made);
    expect(made.count).toBe(2);
    expectSameBoards(again.boards, boards);
    await again.keeping;
    expect(walnut(made).boards.levels.length).toBe(boards.levels.length);
    expect(made.count).toBe(2);
  });

  it('are named by the style’s look, its seed and the board code, so a change to any is never read from an older file', () => {
    const name = keptBoardsName('walnut', look, 5);
    expect(keptBoardsName('walnut', look, 6)).not.toBe(name);
    expect(keptBoardsName('walnut', { ...look, grainStrength: look.grainStrength + 0.01 }, 5)).not.toBe(name);
    expect(keptBoardsName('hickory', look, 5)).not.toBe(name);
    expect(keptBoardsName('walnut', { ...look }, 5)).toBe(name);
  });

  it('are named by the JavaScript engine that made them: a Node upgrade never reads boards of another engine’s arithmetic', () => {
    const name = keptBoardsName('walnut', look, 5);
    expect(keptBoardsName('walnut', look, 5, { runtime: BOARDS_RUNTIME })).toBe(name);
    expect(keptBoardsName('walnut', look, 5, { runtime: 'v8 12.4.254.21-node.33 x64' })).not.toBe(name);
    expect(BOARDS_RUNTIME).toBe(`v8 ${process.versions.v8} ${process.arch}`);
  });

  it('are made, and nothing kept, when the board sources are not beside the code (a bundled build): the render goes on', async () => {
    const made = { count: 0 };
    const sources = [path.join(directory, 'wood-board-textures.js')];
    const { boards, keeping } = keptBoardTextures('walnut', look, 5, () => (made.count++, makeBoardTextures(figures, look, 5)), { directory, sources });
    await keeping;
    expect(made.count).toBe(1);
    expectSameBoards(boards, makeBoardTextures(figures, look, 5));
    expect(readdirSync(directory)).toEqual([]);
  });

  it('hashes every module the boards are computed by: wood-board-textures.ts and what it imports, all the way down', () => {
    const imported = new Set<string>();
    const visit = (file: string) => {
      if (imported.has(file)) return;
      imported.add(file);
      // Value imports only: a type import adds no code.
      for (const [, from] of readFileSync(file, 'utf8').matchAll(/^import (?!type )[^;]*? from '(\.[^']+)';$/gm)) visit(path.resolve(path.dirname(file), from!));
    };
    visit(BOARD_SOURCES[0]!);
    expect([...imported].sort()).toEqual([...BOARD_SOURCES].sort());
  });

  it('are made, and not kept, where the folder cannot be written', async () => {
    const notAFolder = path.join(directory, 'a-file');
    writeFileSync(notAFolder, '');
    const made = { count: 0 };
    const { boards, keeping } = keptBoardTextures('walnut', look, 5, () => (made.count++, makeBoardTextures(figures, look, 5)), { directory: path.join(notAFolder, 'kept') });
    await keeping;
    expect(made.count).toBe(1);
    expect(boards.levels[0]!.rgb.length).toBeGreaterThan(0);
    expect(readdirSync(directory)).toEqual(['a-file']);
  });

  it('leave no earlier file of the style behind once newer boards are kept', async () => {
    const made = { count: 0 };
    await walnut(made, 5).keeping;
    const earlier = keptBoardsName('walnut', look, 5);
    // Another look of the same style (its seed stands in for a change to the look or the code).
    await walnut(made, 6).keeping;
    expect(readdirSync(directory)).toEqual([keptBoardsName('walnut', look, 6)]);
    expect(readdirSync(directory)).not.toContain(earlier);
  });
});
