import type { RugChoice } from '../../contracts/visualizer-webhook.ts';
import type { FloorMask } from '../engine/floor-engine.ts';

/** Measured on the real set (decision 017). */
export const RUG_DEFAULT_LIMITS = {
  /** A covering smaller than this share of the photo is a mat or an area rug whatever it touches. */
  minCoveringShare: 0.02,
  /** Of the covering's outline, at most this share may meet bare floor for it to be the floor's own covering. */
  maxBareFloorContact: 0.25,
  /**
   * Of the floor's far edge (the farthest floor cell of each column, with rugs replaced), at most this share may be
   * bare floor the render keeps for it to be the floor's own covering: an area rug leaves floor showing between it
   * and the walls, a fitted carpet runs to them.
   */
  maxBareFarEdge: 0.25,
} as const;

export interface RugCovering {
  /** Share of the photo that is rug or carpet: floor when replaced, not floor when kept (0..1). */
  coveringShare: number;
  /**
   * Of the covering's outline on the network's grid (the frame's edge left out), the share that meets floor
   * the render keeps as floor: an area rug ends on floor, a fitted carpet at walls, doors and furniture.
   */
  bareFloorContact: number;
  /**
   * Of the far edge of the floor with rugs replaced (its topmost cell in each column of the grid), the share that is
   * floor the render keeps: bare floor seen beyond the covering, towards the walls.
   */
  bareFarEdge: number;
}

/** The rug or carpet that "Replace carpet and rugs too" would lay wood on, and where its outline ends. */
export function describeRugCovering(floor: FloorMask): RugCovering {
  const { mask, rugsReplacedMask, width, height } = floor;
  if (!rugsReplacedMask) return { coveringShare: 0, bareFloorContact: 1, bareFarEdge: 1 };
  let covering = 0;
  for (let i = 0; i < mask.length; i++) if (rugsReplacedMask[i]! >= 128 && mask[i]! < 128) covering++;
  // The outline is read on a coarse grid (the network's, or about 128 cells a side), where a rug's fringe or a
  // chair leg is below one cell: the question is what the covering meets, not its exact edge.
  const gridWidth = floor.scene?.width ?? Math.min(width, 128);
  const gridHeight = floor.scene?.height ?? Math.min(height, 128);
  const cell = (gx: number, gy: number): 0 | 1 | 2 => {
    const i = Math.min(height - 1, Math.floor(((gy + 0.5) * height) / gridHeight)) * width + Math.min(width - 1, Math.floor(((gx + 0.5) * width) / gridWidth));
    if (mask[i]! >= 128) return 1; // kept floor
    return rugsReplacedMask[i]! >= 128 ? 2 : 0; // covering : anything else
  };
  const grid = new Uint8Array(gridWidth * gridHeight);
  for (let gy = 0; gy < gridHeight; gy++) for (let gx = 0; gx < gridWidth; gx++) grid[gy * gridWidth + gx] = cell(gx, gy);
  let outline = 0;
  let onFloor = 0;
  for (let gy = 0; gy < gridHeight; gy++) {
    for (let gx = 0; gx < gridWidth; gx++) {
      if (grid[gy * gridWidth + gx] !== 2) continue;
      for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]] as const) {
        const nx = gx + dx;
        const ny = gy + dy;
        if (nx < 0 || ny < 0 || nx >= gridWidth || ny >= gridHeight) continue;
        const next = grid[ny * gridWidth + nx]!;
        if (next === 2) continue;
        outline++;
        if (next === 1) onFloor++;
      }
    }
  }
  let columns = 0;
  let bareColumns = 0;
  for (let gx = 0; gx < gridWidth; gx++) {
    for (let gy = 0; gy < gridHeight; gy++) {
      const kind = grid[gy * gridWidth + gx]!;
      if (!kind) continue;
      columns++;
      if (kind === 1) bareColumns++;
      break;
    }
  }
  return {
    coveringShare: mask.length ? covering / mask.length : 0,
    bareFloorContact: outline ? onFloor / outline : 1,
    bareFarEdge: columns ? bareColumns / columns : 1,
  };
}

/**
 * The choice a photo's first render shows. A covering that reaches the walls is the floor itself, the job a
 * flooring contractor is asked for most: replaced. An area rug lies on floor the render replaces around it:
 * kept, as the architecture asks ("area rugs stay in front unless the visitor asks otherwise"). The far edge
 * tells a large rug with furniture on it from a fitted carpet: the more of a rug the engine takes out of the
 * floor, the less of its outline meets bare floor (it meets the sofa and the wall instead of the band of rug
 * that had passed for floor), but the floor beyond it still shows (decision 017).
 */
export function defaultRugChoice(covering: RugCovering): RugChoice {
  return covering.coveringShare >= RUG_DEFAULT_LIMITS.minCoveringShare &&
    covering.bareFloorContact <= RUG_DEFAULT_LIMITS.maxBareFloorContact &&
    covering.bareFarEdge <= RUG_DEFAULT_LIMITS.maxBareFarEdge
    ? 'replace'
    : 'keep';
}
