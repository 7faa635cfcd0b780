import { describe, expect, it } from 'vitest';
import { SCENE_CLASS } from '../engine/segmentation/scene-classes.ts';
import { defaultRugChoice, describeRugCovering } from './default-rug-choice.ts';

/**
 * A 100×100 photo: wall above row 40, floor below, and the network's classes on a grid of the same size (wall and
 * floor). `covering(x, y)` marks rug or carpet on the floor; the kept floor is the floor without it, the replaced
 * floor all of it.
 */
function floors(covering: (x: number, y: number) => boolean) {
  const size = 100;
  const mask = Buffer.alloc(size * size);
  const rugsReplacedMask = Buffer.alloc(size * size);
  const classes = new Uint8Array(size * size).fill(SCENE_CLASS.wall);
  for (let y = 40; y < size; y++) {
    for (let x = 0; x < size; x++) {
      classes[y * size + x] = SCENE_CLASS.floor;
      rugsReplacedMask[y * size + x] = 255;
      if (!covering(x, y)) mask[y * size + x] = 255;
    }
  }
  return { width: size, height: size, mask, rugsReplacedMask, scene: { width: size, height: size, classes } };
}

/** Neither floor nor covering where `thing(x, y)`, and the network's class there `name`. */
function standing(floor: ReturnType<typeof floors>, thing: (x: number, y: number) => boolean, name: number) {
  for (let y = 0; y < floor.height; y++) {
    for (let x = 0; x < floor.width; x++) {
      if (!thing(x, y)) continue;
      const i = y * floor.width + x;
      floor.mask[i] = 0;
      floor.rugsReplacedMask[i] = 0;
      floor.scene.classes[i] = name;
    }
  }
  return floor;
}

describe('the rug choice a photo starts with', () => {
  it('keeps an area rug: its outline ends on bare floor', () => {
    const covering = describeRugCovering(floors((x, y) => x >= 30 && x < 70 && y >= 60 && y < 85));
    expect(covering.coveringShare).toBeCloseTo(0.1, 3);
    expect(covering.bareFloorContact).toBe(1);
    expect(defaultRugChoice(covering)).toBe('keep');
  });

  it('replaces a fitted carpet: it runs from wall to wall, and only a strip of floor by the door is bare', () => {
    const covering = describeRugCovering(floors((x, y) => !(y >= 92 && x < 20)));
    expect(covering.coveringShare).toBeGreaterThan(0.5);
    expect(covering.bareFloorContact).toBeLessThan(0.25);
    expect(covering.bareFarEdge).toBe(0);
    expect(covering.bareWallEdge).toBe(0);
    expect(defaultRugChoice(covering)).toBe('replace');
  });

  it('keeps a large rug whose far edge meets the things standing on it, where the floor meets the wall bare', () => {
    // A shag rug over most of the floor: a stool, a pouf and a radiator's foot stand along its far side (columns
    // 20-99, rows 40-52), and only the boards left of them (columns 0-19, rows 40-45) show between rug and wall.
    // Its outline meets those boards along a fifth of its length and the far edge is a fifth bare: the two
    // measures a fitted carpet also gives once the engine takes a rug out cleanly (no piece left inside it).
    const rug = standing(
      floors((x, y) => x >= 20 || y >= 46),
      (x, y) => x >= 20 && y >= 40 && y < 53,
      SCENE_CLASS.chair,
    );
    const covering = describeRugCovering(rug);
    expect(covering.bareFloorContact).toBeLessThan(0.25);
    expect(covering.bareFarEdge).toBeLessThan(0.25);
    expect(covering.bareWallEdge).toBe(1);
    expect(defaultRugChoice(covering)).toBe('keep');
  });

  it('keeps a large rug with bare floor showing behind it, though furniture on it hides most of its outline', () => {
    // Behind the rug's left half a strip of boards runs to the wall (rows 40–45); its right half reaches the wall,
    // and a sofa stands on it (columns 10–89, rows 60–79, neither floor nor rug).
    const sofa = (x: number, y: number) => x >= 10 && x < 90 && y >= 60 && y < 80;
    const rugFloors = floors((x, y) => x >= 50 || y >= 46);
    for (let y = 60; y < 80; y++) for (let x = 10; x < 90; x++) if (sofa(x, y)) rugFloors.rugsReplacedMask[y * 100 + x] = 0;
    const covering = describeRugCovering(rugFloors);
    expect(covering.bareFloorContact).toBeLessThan(0.25);
    expect(covering.bareFarEdge).toBeCloseTo(0.5, 2);
    expect(defaultRugChoice(covering)).toBe('keep');
  });

  it('keeps a door mat even where it meets the wall: too small to be the floor', () => {
    const covering = describeRugCovering(floors((x, y) => x >= 45 && x < 55 && y >= 40 && y < 48));
    expect(covering.coveringShare).toBeLessThan(0.02);
    expect(defaultRugChoice(covering)).toBe('keep');
  });

  it('offers nothing to replace when the engine found one floor only', () => {
    const { width, height, mask } = floors(() => false);
    expect(describeRugCovering({ width, height, mask })).toEqual({ coveringShare: 0, bareFloorContact: 1, bareFarEdge: 1, bareWallEdge: 1 });
  });
});
