import { describe, expect, it } from 'vitest';
import { emptyMask } from './floor-mask.ts';
import type { EvaluationCase } from './score-floor-masks.ts';
import { judgeMask, largestPieces, simulateVisitor, summariseVisitor } from './visitor-view.ts';
import { fillRect } from '../testing/fill-mask-rect.ts';

/** A 100×100 photo whose bottom half is floor. */
function floorCase(): EvaluationCase {
  const truth = emptyMask(100, 100);
  fillRect(truth, 0, 50, 100, 100, 255);
  return { id: 'room', set: 'real', photo: { width: 100, height: 100, pixels: Buffer.alloc(30_000) }, truth };
}

describe('the visitor’s view', () => {
  it('measures the largest connected piece of each error, not their sum', () => {
    const { truth } = floorCase();
    const predicted = emptyMask(100, 100);
    fillRect(predicted, 0, 50, 100, 100, 255);
    // Missed: two pieces of 3×10 = 30 and 2×10 = 20 pixels; painted: one 10×5 piece on the wall.
    fillRect(predicted, 0, 60, 3, 70, 0);
    fillRect(predicted, 50, 60, 52, 70, 0);
    fillRect(predicted, 20, 10, 30, 15, 255);
    expect(largestPieces(predicted, truth)).toEqual({ missed: 0.003, painted: 0.005 });
    expect(judgeMask(predicted, truth).believable).toBe(true);
  });

  it('does not believe a second floor over 2 % of the photo, nor a painted thing over 1 %', () => {
    const { truth } = floorCase();
    const secondFloor = emptyMask(100, 100);
    fillRect(secondFloor, 0, 50, 100, 100, 255);
    fillRect(secondFloor, 0, 80, 21, 90, 0);
    expect(judgeMask(secondFloor, truth)).toMatchObject({ missed: 0.021, believable: false });
    const paintedChair = emptyMask(100, 100);
    fillRect(paintedChair, 0, 50, 100, 100, 255);
    fillRect(paintedChair, 40, 30, 51, 40, 255);
    expect(judgeMask(paintedChair, truth)).toMatchObject({ painted: 0.011, believable: false });
  });

  it('taps the largest wrong region, renders with every tap so far and the first render’s rug choice, and reports a tap that hurt', async () => {
    const item = floorCase();
    const requests: unknown[] = [];
    const show = async (_photo: unknown, request: { taps?: readonly { x: number; y: number; floor: boolean }[]; rugs?: 'keep' | 'replace' }) => {
      requests.push(request);
      const mask = emptyMask(100, 100);
      fillRect(mask, 0, 50, 100, 100, 255);
      const taps = request.taps?.length ?? 0;
      // First render: a 20×20 piece of floor missed. The tap fixes it, but paints the wall above (a worse render).
      if (taps === 0) fillRect(mask, 40, 70, 60, 90, 0);
      else fillRect(mask, 0, 20, 100, 50, 255);
      return { mask, rugs: 'replace' as const };
    };
    const score = await simulateVisitor(item, show, 2);
    expect(requests[0]).toEqual({});
    expect(requests[1]).toEqual({ taps: [{ x: 49.5 / 100, y: 79.5 / 100, floor: true }], rugs: 'replace' });
    expect(score.steps.map((step) => step.iou)).toEqual([0.92, 0.625, 0.625]);
    const summary = summariseVisitor([score]);
    expect(summary.believable).toEqual([0, 0, 0]);
    expect(summary.worstTapDrop).toMatchObject({ id: 'room', tap: 1 });
    expect(summary.worstTapDrop!.drop).toBeCloseTo(0.295, 6);
    expect(summary.tapsThatHurt.map((tap) => tap.tap)).toEqual([1]);
  });
});
