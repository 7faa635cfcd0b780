import { describe, expect, it } from 'vitest';
import { ZOOMED_MARGIN_REGROWTH_LIMITS, zoomedMarginRegrowth } from './zoomed-margin-regrowth.ts';

const FLOOR: [number, number, number] = [150, 120, 90];
/** The floor in sun: the same hue, brighter (every channel the same factor in sRGB keeps the linear hue). */
const SUNLIT: [number, number, number] = [180, 144, 108];
const POT: [number, number, number] = [170, 80, 50];

/**
 * A scene on the scene grid drawn with a character for each 4 × 4 cells. Every whole-photo run saw floor everywhere
 * but at 'P' (a thing they saw); what the zoomed runs saw as a thing is 'z' (the floor's colour), 's' (the floor in
 * sun) and 'p' (a terracotta pot); '#' floor, '*' the floor in sun, 'r' floor a run called rug, 'g' floor a zoomed run
 * called a door or a mirror; 'q' is what the zoomed runs saw as a thing, of the floor's colour but rough (a fine checker
 * of light and dark in the guide's brightness: a rug's pile). The margin is one cell round every thing, as the engine's.
 */
function scene(rows: string[], { pot = POT, sun = SUNLIT } = {}) {
  const scale = 4;
  const width = rows[0]!.length * scale;
  const height = rows.length * scale;
  const size = width * height;
  const mark = (i: number) => rows[Math.floor(Math.floor(i / width) / scale)]![Math.floor((i % width) / scale)]!;
  const wholeRunObjects = new Float32Array(size);
  const zoomedObjects = new Uint8Array(size);
  const zoomedGlass = new Uint8Array(size);
  const rugKnown = new Uint8Array(size);
  const unanimousFloor = new Uint8Array(size);
  const rgb = new Uint8Array(size * 3);
  // The guide's brightness, one pixel a cell: even, but a fine checker at 'q'.
  const brightness = new Float32Array(size);
  for (let i = 0; i < size; i++) {
    const m = mark(i);
    wholeRunObjects[i] = m === 'P' ? 1 : 0;
    zoomedObjects[i] = 'zspq'.includes(m) ? 1 : 0;
    brightness[i] = m === 'q' ? (((i % width) + Math.floor(i / width)) % 2 ? 0.3 : 0.7) : 0.5;
    zoomedGlass[i] = m === 'g' ? 1 : 0;
    rugKnown[i] = m === 'r' ? 1 : 0;
    unanimousFloor[i] = m === 'P' ? 0 : 1;
    rgb.set(m === 'p' || m === 'P' ? pot : m === 's' || m === '*' ? sun : FLOOR, i * 3);
  }
  const margin = new Uint8Array(size);
  const wholeRunMargin = new Uint8Array(size);
  for (let i = 0; i < size; i++) {
    const x = i % width;
    const y = (i - x) / width;
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const j = i + dy * width + dx;
        if (x + dx < 0 || x + dx >= width || y + dy < 0 || y + dy >= height) continue;
        if (wholeRunObjects[j]! > 0 || zoomedObjects[j] || zoomedGlass[j]) margin[i] = 1;
        if (wholeRunObjects[j]! > 0) wholeRunMargin[i] = 1;
      }
    }
  }
  const floor = new Uint8Array(size);
  for (let i = 0; i < size; i++) floor[i] = unanimousFloor[i] && !margin[i] ? 1 : 0;
  const inputs = {
    unanimousFloor,
    margin,
    wholeRunMargin,
    wholeRunObjects,
    zoomedObjects,
    zoomedGlass,
    floor,
    rugKnown,
    rgb,
    guide: { brightness: { width, height, values: brightness }, radius: 1 },
  };
  const grow = (limits = ZOOMED_MARGIN_REGROWTH_LIMITS) => zoomedMarginRegrowth(inputs, width, height, limits);
  const at = (mask: Uint8Array, column: number, row: number) =>
    mask[(row * scale + scale / 2) * width + column * scale + scale / 2];
  /** A mask at a cell of the grid. */
  const cell = (mask: Uint8Array, x: number, y: number) => mask[y * width + x];
  return { grow, at, cell };
}

describe('the floor given back where only the zoomed runs saw a thing', () => {
  it('grows back over the sunlit floor beside a pot the zoomed runs took with it, and leaves the pot', () => {
    const { grow, at } = scene([
      '################',
      '################',
      '#####ppsss******',
      '#####ppsss******',
      '#####ppsss******',
      '################',
      '################',
      '################',
    ]);
    const grown = grow();
    expect(at(grown, 7, 3)).toBe(1);
    expect(at(grown, 9, 2)).toBe(1);
    expect(at(grown, 5, 3)).toBe(0);
    expect(at(grown, 6, 3)).toBe(0);
    // A pot of the floor's own colour is floor to every cue here: it comes back too (what the hue test holds).
    expect(
      at(
        scene(['################', '#####ppzzz######', '#####ppzzz######', '################'], { pot: FLOOR }).grow(),
        5,
        1,
      ),
    ).toBe(1);
  });

  it('does not cross a sharp step in brightness, nor grow where a whole run saw a thing', () => {
    // A band of sun 1.8 times as bright (linear) from the top of the grid to its foot, with straight edges of its own
    // (the step is read along the growth on the 3 × 3 averaged grid: round an outline's corner it is gentler, and the
    // hue test is then what keeps a thing out).
    const { grow, at, cell } = scene(
      [
        '#####Pzsss######',
        '#####Pzsss######',
        '#####Pzsss######',
        '#####Pzsss######',
        '#####Pzsss######',
        '#####Pzsss######',
      ],
      { sun: [195, 156, 117] },
    );
    const grown = grow();
    expect(at(grown, 8, 3)).toBe(0);
    expect(at(grown, 6, 3)).toBe(0);
    // With any step allowed, the sunlit cells come back, and through them the floor's colour beside the whole runs'
    // thing, but not that thing's margin (the cell next to it).
    const loose = grow({ ...ZOOMED_MARGIN_REGROWTH_LIMITS, step: Infinity });
    expect(at(loose, 8, 3)).toBe(1);
    expect(at(loose, 6, 3)).toBe(1);
    expect(cell(loose, 24, 13)).toBe(0);
  });

  it('does not grow into cells far rougher than the sure floor near them (a rug no run called a rug)', () => {
    const { grow, at } = scene([
      '################',
      '################',
      '#####zzzqqqq####',
      '#####zzzqqqq####',
      '################',
      '################',
    ]);
    const guarded = grow({ ...ZOOMED_MARGIN_REGROWTH_LIMITS, rougher: 1.5 });
    expect(at(guarded, 6, 2)).toBe(1);
    expect(at(guarded, 9, 2)).toBe(0);
    expect(at(guarded, 10, 3)).toBe(0);
    // Without the test the rough cells, of the floor's colour, come back with the smooth ones.
    const unguarded = grow({ ...ZOOMED_MARGIN_REGROWTH_LIMITS, rougher: Infinity });
    expect(at(unguarded, 9, 2)).toBe(1);
    expect(at(unguarded, 10, 3)).toBe(1);
  });

  it('grows from sure floor only: not beside a rug, nor near glass', () => {
    const rug = scene([
      'rrrrrrrrrrrrrrrr',
      'rrrrrrrrrrrrrrrr',
      'rrrrrzzzzrrrrrrr',
      'rrrrrzzzzrrrrrrr',
      'rrrrrrrrrrrrrrrr',
      'rrrrrrrrrrrrrrrr',
    ]);
    expect(rug.grow().includes(1)).toBe(false);
    const glass = scene([
      '################',
      '################',
      '#####gzzzz######',
      '#####gzzzz######',
      '################',
      '################',
    ]);
    const grown = glass.grow();
    expect(glass.at(grown, 6, 2)).toBe(0);
    expect(glass.at(grown, 9, 2)).toBe(1);
  });
});
