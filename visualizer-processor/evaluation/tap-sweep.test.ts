import { describe, expect, it } from 'vitest';
import { emptyMask, type FloorMask } from './floor-mask.ts';
import { fillRect } from '../testing/fill-mask-rect.ts';
import { scoreSweptTap, seededRandom, summariseSweep, sweepTaps, textSeed, type SweepTap } from './tap-sweep.ts';
import { errorRegions } from './tap-simulator.ts';

/** A room 100 × 80: floor below row 40; the render paints a chair's leg (a 3 px column) and a box, and misses a patch. */
function scene(): { truth: FloorMask; render: FloorMask } {
  const truth = emptyMask(100, 80);
  fillRect(truth, 0, 40, 100, 80, 255);
  // The chair's leg and the box stand on the floor: not floor in the label.
  fillRect(truth, 20, 30, 23, 60, 0);
  fillRect(truth, 60, 50, 75, 65, 0);
  const render = emptyMask(100, 80);
  fillRect(render, 0, 40, 100, 80, 255);
  // Missed: a 10 × 6 patch of floor.
  fillRect(render, 40, 70, 50, 76, 0);
  return { truth, render };
}

const at = (mask: FloorMask, tap: { x: number; y: number }) =>
  mask.mask[Math.floor(tap.y * mask.height) * mask.width + Math.floor(tap.x * mask.width)]!;

describe('the tap sweep', () => {
  it('taps "not floor" on every painted piece and "this is floor" on every missed one, inside each piece', () => {
    const { truth, render } = scene();
    const taps = sweepTaps(render, truth, 'room', { pieces: 4, points: 3, minPiece: 0.001 });
    const notFloor = taps.filter((tap) => !tap.floor);
    const floor = taps.filter((tap) => tap.floor);
    // Painted: the box (225 px) and the leg's foot on the floor (3 × 20 = 60 px); missed: the patch (60 px).
    expect(notFloor).toHaveLength(6);
    expect(floor).toHaveLength(3);
    expect(notFloor.map((tap) => tap.piece).sort()).toEqual([0, 0, 0, 1, 1, 1]);
    for (const tap of notFloor) {
      expect(at(render, tap)).toBe(255);
      expect(at(truth, tap)).toBe(0);
    }
    for (const tap of floor) {
      expect(at(render, tap)).toBe(0);
      expect(at(truth, tap)).toBe(255);
      expect(tap.pieceShare).toBeCloseTo(60 / 8000);
    }
    // The leg is 3 px wide: its taps are on its middle column, where all four neighbours are leg.
    for (const tap of notFloor.filter((t) => t.piece === 1)) expect(Math.floor(tap.x * 100)).toBe(21);
  });

  it('gives the same points every run, other points with another seed or photo, and leaves out small pieces', () => {
    const { truth, render } = scene();
    const once = sweepTaps(render, truth, 'room');
    expect(sweepTaps(render, truth, 'room')).toEqual(once);
    expect(sweepTaps(render, truth, 'room', { seed: 2 })).not.toEqual(once);
    expect(sweepTaps(render, truth, 'other room')).not.toEqual(once);
    // At 1 % of the photo (80 px) the leg and the missed patch are left out; one piece, one point.
    const big = sweepTaps(render, truth, 'room', { minPiece: 0.01, points: 1 });
    expect(big).toHaveLength(1);
    expect(big[0]).toMatchObject({ floor: false, piece: 0 });
  });

  it('draws numbers in [0, 1) from a seed, the same for the same seed', () => {
    const a = seededRandom(textSeed('a'));
    const values = Array.from({ length: 100 }, a);
    expect(values.every((v) => v >= 0 && v < 1)).toBe(true);
    expect(new Set(values).size).toBe(100);
    const again = seededRandom(textSeed('a'));
    expect(Array.from({ length: 100 }, again)).toEqual(values);
  });

  it('scores a tap by the IoU it adds or takes, and counts what it turned right and wrong', () => {
    const { truth, render } = scene();
    const tap: SweepTap = { x: 0.215, y: 0.5, floor: false, piece: 1, pieceShare: 60 / 8000 };
    // A tap that clears the leg's foot and, with it, a 10 × 10 block of real floor beside it.
    const after = { ...render, mask: Buffer.from(render.mask) };
    fillRect(after, 20, 40, 23, 60, 0);
    fillRect(after, 23, 40, 33, 50, 0);
    const scored = scoreSweptTap('room', tap, render, after, truth);
    expect(scored.turnedRight).toBeCloseTo(60 / 8000);
    expect(scored.turnedWrong).toBeCloseTo(100 / 8000);
    expect(scored.change).toBeCloseTo(scored.after.iou - scored.before.iou);
    expect(scored.change).toBeLessThan(-0.01);

    const good = { ...render, mask: Buffer.from(render.mask) };
    fillRect(good, 20, 40, 23, 60, 0);
    const better = scoreSweptTap('room', tap, render, good, truth);
    expect(better.change).toBeGreaterThan(0);

    const [notFloor, floor] = summariseSweep([scored, better]);
    expect(notFloor).toMatchObject({ kind: 'not floor', taps: 2, photos: 1, gained: 1 });
    expect(notFloor!.hurt).toEqual([scored]);
    expect(notFloor!.worst).toBe(scored);
    expect(floor).toMatchObject({ kind: 'this is floor', taps: 0, hurt: [] });
  });

  it('measures how much of the piece it lands on a tap made right', () => {
    const { truth, render } = scene();
    const [tap] = sweepTaps(render, truth, 'room', { points: 1 }).filter((t) => t.floor);
    const { label } = errorRegions(render, truth);
    expect(tap!.pieceId).toBe(label[Math.floor(tap!.y * 80) * 100 + Math.floor(tap!.x * 100)]);
    // The tap fills the left 4 of the missed patch's 10 columns.
    const after = { ...render, mask: Buffer.from(render.mask) };
    fillRect(after, 40, 70, 44, 76, 255);
    const partly = scoreSweptTap('room', tap!, render, after, truth, undefined, label);
    expect(partly.pieceTaken).toBeCloseTo(24 / 60);
    const whole = { ...render, mask: Buffer.from(render.mask) };
    fillRect(whole, 40, 70, 50, 76, 255);
    expect(scoreSweptTap('room', tap!, render, whole, truth, undefined, label).pieceTaken).toBe(1);
    // Without the labels, no take.
    expect(scoreSweptTap('room', tap!, render, whole, truth).pieceTaken).toBeUndefined();
    const [, floor] = summariseSweep([partly, scoreSweptTap('room', tap!, render, whole, truth, undefined, label)]);
    expect(floor).toMatchObject({ medianPieceTaken: (24 / 60 + 1) / 2, underAQuarter: 0 });
  });
});
