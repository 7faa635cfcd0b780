import type { StepTrace } from '../engine/segmentation/find-floor-with-segmenter.ts';
import { isFloor, type FloorMask } from './floor-mask.ts';

/**
 * Which step takes the floor the network saw (issue 34, session 21). Switching a step off alone (the visitor's
 * variants) says what the engine would be without it, but the steps lean on each other (without the object margin the
 * zoomed runs' things take nothing at all); this follows one render through its steps instead and names, for each
 * pixel of true floor the bare network painted and the render did not, the step that took it: the last step on the
 * scene grid that took its cell from floor (belief at least one half) to not floor, or, where the cell is floor at
 * the end, the refinement (the guided filter and its threshold, or a step that pins the refined floor).
 */

/** The steps on the scene grid, in the order floorAndRug runs them ('runs': the belief before any). */
export const GRID_STEPS = [
  'runs',
  'unanimous',
  'margin',
  'grounded',
  'takeOutRugs',
  'zoomedWalls',
  'wallBelow',
  'rugOutlines',
  'roughRugs',
  'zoomedMarginRegrowth',
  'splitVoteRegrowth',
  'photoColours',
  'wholeRugs',
  'rugIslands',
  'rugRim',
  'rugEdge',
] as const;
/** The refined floor at the guide's size ('filter': the guided filter's, before any pin). */
export const GUIDE_STEPS = [
  'filter',
  'floorToEdges',
  'objectBases',
  'unlikePieces',
  'roughThings',
  'closedOutlines',
  'roughClosedThings',
  'standingColumns',
  'frontFaces',
  'doorFrames',
] as const;

/** What one floorAndRug call went through: each step's belief (grid) or refined floor (guide), copied. */
export interface TracedFloor {
  grid: Map<string, Float32Array>;
  guide: Map<string, Uint8Array>;
}

/** A trace for the tuning, and the floors it saw made, in order (a photo's first render makes the kept floor, then the replaced). */
export function stepTracer(): { trace: StepTrace; floors: TracedFloor[] } {
  const floors: TracedFloor[] = [];
  const trace: StepTrace = (step, at, values) => {
    if (step === 'runs') floors.push({ grid: new Map(), guide: new Map() });
    const floor = floors.at(-1)!;
    if (at === 'grid') floor.grid.set(step, Float32Array.from(values));
    else floor.guide.set(step, Uint8Array.from(values));
  };
  return { trace, floors };
}

/** The causes `floorTakenBy` names, in the order it reports them. */
export const CAUSES = [
  'no run saw floor in its cell',
  'unanimous: the other run saw a thing',
  'unanimous: the other run saw something else',
  "margin: a whole run's thing",
  "margin: a zoomed run's thing",
  'margin: the ring round a thing',
  ...GRID_STEPS.slice(3),
  'guided filter and threshold',
  ...GUIDE_STEPS.slice(1),
  'full size (the filter applied to the photo)',
] as const;

export interface FloorTaken {
  /** Pixels of the union (painted or true floor). */
  union: number;
  /** Missed floor the bare network painted, per cause (CAUSES), in pixels. */
  byCause: Map<string, number>;
  /** Missed floor the bare network missed too. */
  networkToo: number;
}

/**
 * Per missed pixel of `shown` that `bare` painted, the cause (above). `wholeRunThings`: the share of whole-photo runs
 * that saw a thing, per cell; `zoomedThings`: 1 where a zoomed run did (counted as the margin counts them).
 */
export function floorTakenBy(
  shown: FloorMask,
  truth: FloorMask,
  bare: FloorMask,
  traced: TracedFloor,
  grid: { width: number; height: number },
  guide: { width: number; height: number },
  wholeRunThings: Float32Array,
  zoomedThings?: Uint8Array,
): FloorTaken {
  const { width, height } = truth;
  const byCause = new Map<string, number>(CAUSES.map((cause) => [cause, 0]));
  const gridSteps = GRID_STEPS.filter((step) => traced.grid.has(step)).map(
    (step) => [step, traced.grid.get(step)!] as const,
  );
  const guideSteps = GUIDE_STEPS.filter((step) => traced.guide.has(step)).map(
    (step) => [step, traced.guide.get(step)!] as const,
  );
  let union = 0;
  let networkToo = 0;
  for (let y = 0; y < height; y++) {
    const cy = Math.min(grid.height - 1, Math.floor((y * grid.height) / height));
    const gy = Math.min(guide.height - 1, Math.floor((y * guide.height) / height));
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const painted = isFloor(shown, i);
      const floor = isFloor(truth, i);
      if (painted || floor) union++;
      if (painted || !floor) continue;
      if (!isFloor(bare, i)) {
        networkToo++;
        continue;
      }
      const cell = cy * grid.width + Math.min(grid.width - 1, Math.floor((x * grid.width) / width));
      const g = gy * guide.width + Math.min(guide.width - 1, Math.floor((x * guide.width) / width));
      const cause = causeAt(cell, g, gridSteps, guideSteps, wholeRunThings, zoomedThings);
      byCause.set(cause, byCause.get(cause)! + 1);
    }
  }
  return { union, byCause, networkToo };
}

function causeAt(
  cell: number,
  g: number,
  gridSteps: readonly (readonly [string, Float32Array])[],
  guideSteps: readonly (readonly [string, Uint8Array])[],
  wholeRunThings: Float32Array,
  zoomedThings?: Uint8Array,
): string {
  if (!gridSteps.length || gridSteps[0]![1][cell]! < 0.5) return CAUSES[0];
  const last = gridSteps.at(-1)![1];
  if (last[cell]! >= 0.5) {
    // Floor on the grid to the end: the refinement took it.
    let before = 1;
    for (const [step, refined] of guideSteps) {
      if (before && !refined[g]) return step === 'filter' ? 'guided filter and threshold' : step;
      before = refined[g]!;
    }
    return 'full size (the filter applied to the photo)';
  }
  let taker = '';
  for (let k = 1; k < gridSteps.length; k++) {
    if (gridSteps[k - 1]![1][cell]! >= 0.5 && gridSteps[k]![1][cell]! < 0.5) taker = gridSteps[k]![0];
  }
  if (taker === 'unanimous') return wholeRunThings[cell]! > 0 ? CAUSES[1] : CAUSES[2];
  if (taker === 'margin') {
    if (wholeRunThings[cell]! > 0) return CAUSES[3];
    if (zoomedThings?.[cell]) return CAUSES[4];
    return CAUSES[5];
  }
  return taker || CAUSES[0];
}
