import { describe, expect, it } from 'vitest';
import { takeOutRugs, type RugVotes } from './take-out-rugs.ts';

/**
 * A 100 × 80 scene grid: wall above row 30, boards below. Each test paints a rug and the two runs' votes.
 * `paint(x, y)` gives a cell's colour, its floor and rug shares (0, 0.5 or 1 of the two runs) and whether the
 * engine's floor holds it (the engine keeps only cells every run called floor).
 */
const width = 100;
const height = 80;
type Cell = { rgb: [number, number, number]; floorShare: number; rugShare: number };

function scene(paint: (x: number, y: number) => Cell) {
  const rgb = new Uint8Array(width * height * 3);
  const votes: RugVotes = { floor: new Float32Array(width * height), rug: new Float32Array(width * height) };
  const floor = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const cell = paint(x, y);
      // A little weave, under the edge step.
      const weave = ((x * 7 + y * 13) % 5) - 2;
      rgb.set(cell.rgb.map((c) => c + weave), i * 3);
      votes.floor[i] = cell.floorShare;
      votes.rug[i] = cell.rugShare;
      floor[i] = cell.floorShare === 1 ? 1 : 0;
    }
  }
  return { floor, votes, image: { width, height, rgb } };
}

const at = (grid: Uint8Array, x: number, y: number) => grid[y * width + x];
const WALL: Cell = { rgb: [215, 210, 200], floorShare: 0, rugShare: 0 };
const BOARDS: Cell = { rgb: [170, 125, 85], floorShare: 1, rugShare: 0 };

describe('taking out a rug the network took for floor', () => {
  // A grey rug over most of the boards (columns 10–89, rows 45–79). Both runs called it floor, except a band
  // along its far border (rows 45–49) that one run called rug.
  const rug = (x: number, y: number) => x >= 10 && x < 90 && y >= 45;
  const greyRug = (rugColour: [number, number, number]) =>
    scene((x, y) =>
      y < 30
        ? WALL
        : rug(x, y)
          ? { rgb: rugColour, floorShare: y < 50 ? 0.5 : 1, rugShare: y < 50 ? 0.5 : 0 }
          : BOARDS,
    );

  it('grows the rug out from where the runs disagreed and leaves the boards', () => {
    const { floor, votes, image } = greyRug([120, 120, 125]);
    const kept = takeOutRugs(floor, votes, image);
    expect(at(floor, 50, 70)).toBe(1);
    for (const [x, y] of [[50, 70], [15, 78], [85, 52]] as const) expect(at(kept, x, y)).toBe(0);
    for (const [x, y] of [[50, 35], [5, 70], [95, 78]] as const) expect(at(kept, x, y)).toBe(1);
  });

  it('keeps the floor when no edge stopped the growth and the floor left looks the same', () => {
    // The "rug" is the boards' colour, so the growth runs over all the boards it reaches; a table leg down the
    // left (column 5) keeps a strip of boards apart, of the same colour as everything grown.
    const boardsLike = greyRug([172, 127, 88]);
    const { floor, votes } = boardsLike;
    for (let y = 30; y < height; y++) {
      const i = y * width + 5;
      floor[i] = 0;
      votes.floor[i] = 0;
      boardsLike.image.rgb.set([40, 40, 40], i * 3);
    }
    expect(takeOutRugs(floor, votes, boardsLike.image)).toEqual(floor);
  });

  it('leaves the floor beside a rug the network did see, though the runs disagreed along its edge', () => {
    // The rug (rows 45–79) is rug in both runs and not floor. Along its edge (rows 43–44) one run said rug.
    // The boards are in shade next to it (rows 38–44) and lit behind (rows 30–37): grown from the edge, the
    // shade would go, and it differs from the lit boards enough to pass for a rug.
    const { floor, votes, image } = scene((x, y) =>
      y < 30
        ? WALL
        : y >= 45 && x >= 10 && x < 90
          ? { rgb: [120, 120, 125], floorShare: 0, rugShare: 1 }
          : y >= 43 && x >= 10 && x < 90
            ? { rgb: [150, 110, 75], floorShare: 0.5, rugShare: 0.5 }
            : y >= 38
              ? { rgb: [150, 110, 75], floorShare: 1, rugShare: 0 }
              : { rgb: [200, 160, 120], floorShare: 1, rugShare: 0 },
    );
    expect(takeOutRugs(floor, votes, image)).toEqual(floor);
  });

  it('keeps a covering that runs to the far wall: it is carpet, the floor itself', () => {
    // The "rug" spans every column from the wall down to row 70; boards only in a strip at the front.
    const { floor, votes, image } = scene((_x, y) =>
      y < 30 ? WALL : y < 70 ? { rgb: [120, 120, 125], floorShare: y < 35 ? 0.5 : 1, rugShare: y < 35 ? 0.5 : 0 } : BOARDS,
    );
    expect(takeOutRugs(floor, votes, image)).toEqual(floor);
  });

  it('keeps a shadow: a darker patch of the boards own hue is not a rug', () => {
    // The same layout as the grey rug, but the "rug" is the boards at 60 % of their light.
    const { floor, votes, image } = greyRug([102, 75, 51]);
    expect(takeOutRugs(floor, votes, image)).toEqual(floor);
  });

  it("takes the rug's shaded pile too: darker with the same hue, beyond the drift from its lit part", () => {
    // The grey rug's front half is in shade: from row 60 it darkens by 7 a row to 40 % of its light at row 70.
    const shaded = (y: number): [number, number, number] => {
      const light = Math.max(50, 120 - 7 * Math.max(0, y - 60));
      return [light, light, light + 3];
    };
    const { floor, votes, image } = scene((x, y) =>
      y < 30 ? WALL : rug(x, y) ? { rgb: shaded(y), floorShare: y < 50 ? 0.5 : 1, rugShare: y < 50 ? 0.5 : 0 } : BOARDS,
    );
    const kept = takeOutRugs(floor, votes, image);
    for (const [x, y] of [[50, 55], [50, 75], [15, 78]] as const) expect(at(kept, x, y)).toBe(0);
    for (const [x, y] of [[50, 35], [5, 70], [95, 78]] as const) expect(at(kept, x, y)).toBe(1);
  });

  it('grows the rug within the drift alone when its shade would run to the far wall', () => {
    // Behind the rug's left part, grey floor in shade (rows 30–39) brightens in steps to the rug's grey (rows
    // 40–44): through shade the growth would take it to the wall; within the drift it stops near the rug.
    const { floor, votes, image } = scene((x, y) => {
      if (y < 30) return WALL;
      if (rug(x, y)) return { rgb: [120, 120, 125], floorShare: y < 50 ? 0.5 : 1, rugShare: y < 50 ? 0.5 : 0 };
      if (x >= 60 || y >= 45) return BOARDS;
      const light = y < 40 ? 55 : 55 + 13 * (y - 39);
      return { rgb: [light, light, light + 3], floorShare: 1, rugShare: 0 };
    });
    const kept = takeOutRugs(floor, votes, image);
    for (const [x, y] of [[50, 70], [85, 52]] as const) expect(at(kept, x, y)).toBe(0);
    for (const [x, y] of [[30, 35], [95, 70], [70, 35]] as const) expect(at(kept, x, y)).toBe(1);
  });
  describe('how many cells the runs disputed weighs how far the rug must stand from the floor in colour', () => {
    // The grey rug again, but one run called only 110 of its cells rug (row 45, and row 46 to column 39): 2.2 %
    // of the floor, under `minSplit`, a share an invisible change of the photo can move across it.
    const weaklyDisputed = (rugColour: [number, number, number]) =>
      scene((x, y) => {
        if (y < 30) return WALL;
        if (!rug(x, y)) return BOARDS;
        const disputed = y === 45 || (y === 46 && x < 40);
        return { rgb: rugColour, floorShare: disputed ? 0.5 : 1, rugShare: disputed ? 0.5 : 0 };
      });

    it('takes out a rug far from the floor in colour though few cells were disputed', () => {
      const { floor, votes, image } = weaklyDisputed([120, 120, 125]);
      const kept = takeOutRugs(floor, votes, image);
      for (const [x, y] of [[50, 70], [15, 78], [85, 52]] as const) expect(at(kept, x, y)).toBe(0);
      for (const [x, y] of [[50, 35], [5, 70], [95, 78]] as const) expect(at(kept, x, y)).toBe(1);
    });

    it('keeps a covering nearer the floor in colour when few cells were disputed', () => {
      // 28 from the boards: enough for a rug the runs disputed at `minSplit`, not at 2.2 %.
      const { floor, votes, image } = weaklyDisputed([150, 125, 105]);
      expect(takeOutRugs(floor, votes, image)).toEqual(floor);
    });

    it('takes out a rug nearer the floor in colour when many cells were disputed', () => {
      // 21 from the boards, under `minContrast`, but the runs disputed 8.7 % of the floor (rows 45–49). A band
      // the network did not call floor (row 44, columns 9 and 90) parts it from the boards, as a dark rug border does.
      const { floor, votes, image } = scene((x, y) => {
        if (y < 30) return WALL;
        if (rug(x, y)) return { rgb: [182, 137, 97], floorShare: y < 50 ? 0.5 : 1, rugShare: y < 50 ? 0.5 : 0 };
        if ((y === 44 && x >= 9 && x <= 90) || (y > 44 && (x === 9 || x === 90))) return { rgb: [30, 30, 30], floorShare: 0, rugShare: 0 };
        return BOARDS;
      });
      const kept = takeOutRugs(floor, votes, image);
      for (const [x, y] of [[50, 70], [15, 78], [85, 52]] as const) expect(at(kept, x, y)).toBe(0);
      for (const [x, y] of [[50, 35], [5, 70], [95, 78]] as const) expect(at(kept, x, y)).toBe(1);
    });
  });
});
