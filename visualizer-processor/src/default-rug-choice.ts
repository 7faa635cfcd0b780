import type { RugChoice } from '../../contracts/visualizer-webhook.ts';
import type { FloorMask } from '../engine/floor-engine.ts';
import { SCENE_CLASS } from '../engine/segmentation/scene-classes.ts';

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
  /**
   * Where the floor meets the room's walls (the network's wall, door, window or curtain just above the topmost cell
   * of floor or covering in a column), at most this share may be bare floor the render keeps for the covering to be
   * the floor's own: a fitted carpet is what meets the walls, an area rug leaves floor between it and them.
   */
  maxBareWallEdge: 0.25,
  /** How far above a column's topmost cell of floor or covering a wall is looked for, as a share of the grid's height. */
  wallReach: 0.01,
} as const;

/** What bounds a room where its floor ends: the covering that reaches them is the floor's own. */
const ROOM_EDGE_CLASSES = new Set<number>([SCENE_CLASS.wall, SCENE_CLASS.door, SCENE_CLASS.windowpane, SCENE_CLASS.curtain]);

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
  /**
   * Of the columns where the floor with rugs replaced meets a wall (`wallReach`), the share where what meets it is
   * floor the render keeps. 1 when no column meets a wall, or the network's classes are not known: nothing then
   * shows the covering running to the walls. Read on the floor's outer edge against the room, it does not hang on
   * the pieces the engine leaves as floor inside a rug (those lie under the rug's own far edge, not at a wall).
   */
  bareWallEdge: number;
}

/** The rug or carpet that "Replace carpet and rugs too" would lay wood on, and where its outline ends. */
export function describeRugCovering(floor: FloorMask): RugCovering {
  const { mask, rugsReplacedMask, width, height } = floor;
  if (!rugsReplacedMask) return { coveringShare: 0, bareFloorContact: 1, bareFarEdge: 1, bareWallEdge: 1 };
  let covering = 0;
  // The same floor both ways (no run saw a rug: the engine hands the kept floor back as the replaced one) covers nothing.
  if (rugsReplacedMask !== mask) for (let i = 0; i < mask.length; i++) if (rugsReplacedMask[i]! >= 128 && mask[i]! < 128) covering++;
  // Nothing covered: no outline, and every column's far edge is kept floor. The answer the grid below would give,
  // without it (most photos have no rug; this comes between the floor and the woods: decision 028, session 20).
  if (covering === 0) return { coveringShare: 0, bareFloorContact: 1, bareFarEdge: 1, bareWallEdge: 1 };
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
  const farEdge = farEdgeCounts(grid, gridWidth, gridHeight, floor.scene?.classes);
  return {
    coveringShare: mask.length ? covering / mask.length : 0,
    bareFloorContact: outline ? onFloor / outline : 1,
    bareFarEdge: farEdge.columns ? farEdge.bare / farEdge.columns : 1,
    bareWallEdge: farEdge.wallColumns ? farEdge.bareWallColumns / farEdge.wallColumns : 1,
  };
}

/**
 * Per column of the grid (1 kept floor, 2 covering, 0 anything else), its topmost cell of either: how many columns
 * have one and how many of those are kept floor; and of the columns where a room's edge (`classes`, the scene on
 * the same grid) lies within `wallReach` above that cell, how many and how many kept floor.
 */
function farEdgeCounts(
  grid: Uint8Array,
  gridWidth: number,
  gridHeight: number,
  classes: Uint8Array | undefined,
): { columns: number; bare: number; wallColumns: number; bareWallColumns: number } {
  const reach = Math.max(1, Math.round(RUG_DEFAULT_LIMITS.wallReach * gridHeight));
  const counts = { columns: 0, bare: 0, wallColumns: 0, bareWallColumns: 0 };
  for (let gx = 0; gx < gridWidth; gx++) {
    for (let gy = 0; gy < gridHeight; gy++) {
      const kind = grid[gy * gridWidth + gx]!;
      if (!kind) continue;
      counts.columns++;
      if (kind === 1) counts.bare++;
      if (classes && meetsRoomEdge(classes, gridWidth, gx, gy, reach)) {
        counts.wallColumns++;
        if (kind === 1) counts.bareWallColumns++;
      }
      break;
    }
  }
  return counts;
}

function meetsRoomEdge(classes: Uint8Array, gridWidth: number, gx: number, gy: number, reach: number): boolean {
  for (let y = gy - 1; y >= Math.max(0, gy - reach); y--) if (ROOM_EDGE_CLASSES.has(classes[y * gridWidth + gx]!)) return true;
  return false;
}

/**
 * The choice a photo's first render shows. A covering that reaches the walls is the floor itself, the job a
 * flooring contractor is asked for most: replaced. An area rug lies on floor the render replaces around it:
 * kept, as the architecture asks ("area rugs stay in front unless the visitor asks otherwise"). The far edge
 * tells a large rug with furniture on it from a fitted carpet: the more of a rug the engine takes out of the
 * floor, the less of its outline meets bare floor (it meets the sofa and the wall instead of the band of rug
 * that had passed for floor), but the floor beyond it still shows (decision 017). Both of those read the floor the
 * render keeps, pieces the engine leaves inside a rug included; where the floor meets the walls is read on the room's
 * own edge, so a rug taken out more cleanly still shows as an area rug by the bare floor between it and a wall.
 */
export function defaultRugChoice(covering: RugCovering): RugChoice {
  return covering.coveringShare >= RUG_DEFAULT_LIMITS.minCoveringShare &&
    covering.bareFloorContact <= RUG_DEFAULT_LIMITS.maxBareFloorContact &&
    covering.bareFarEdge <= RUG_DEFAULT_LIMITS.maxBareFarEdge &&
    covering.bareWallEdge <= RUG_DEFAULT_LIMITS.maxBareWallEdge
    ? 'replace'
    : 'keep';
}
