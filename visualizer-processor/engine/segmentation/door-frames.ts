/**
 * Floor seen through a door or a glass panel (decision 012's log, session 31): every network run calls it floor, for
 * it is the same floor going on beyond, but the hand labels call it the door or the glass, and a visitor sees wood laid
 * through a glass door. Such an opening is framed: two long straight uprights (the frame's sides) that stand on the
 * floor and rise far above where the floor ends beside them, and between their feet a straight line (the door's bottom
 * rail, a sill or a threshold). A thing standing on the floor has no such pair: a table's or a chair's legs end below
 * the floor's far edge behind them, a wall's corner stands at the floor's far edge, with no floor beyond its foot.
 *
 * On the refined floor at the guide's size, on its brightness (each pixel the mean of its three channels): an upright is
 * a chain of steps across the row (right minus left neighbour, at least `minStep` and the largest of the row's three),
 * followed up the photo a column either way at a time with gaps of at most `gap` rows, at least `minLength` of the
 * guide's height long, whose foot lies within `footReach` pixels of the floor and whose top rises at least `rise` of
 * the guide's height above the highest floor within `riseWindow` of the width round it. Two uprights `minGap` to
 * `maxGap` of the width apart, the shorter at least `slender` times as long as they are apart, frame an opening when
 * a step down the column (of at least `minStep`) lies within `sillReach` rows of the straight line between their feet
 * on at least `sill` of the columns between them. The floor between the two uprights and above that line, from
 * `sillReach` rows above it up to the lower upright's top, leaves.
 *
 * Off (decision 012's log, session 31): on the tuning part it takes hall-airport's glass panel (0.879 -> 0.966 IoU,
 * believable) and nothing else, but held back it takes a strip of floor along the wall's foot between a table's leg and
 * a chair's (IoU -0.012) for no precision.
 */

export const DOOR_FRAME_LIMITS = {
  /** Least step across (grey levels) of an upright's edge, and down a column of the sill's. */
  minStep: 24,
  /** Most rows without a step an upright's chain may jump. */
  gap: 3,
  /** Least length of an upright, as a share of the guide's height. */
  minLength: 0.3,
  /** Most distance (guide pixels) from an upright's foot to the nearest floor. */
  footReach: 4,
  /** Least rise of an upright's top above the highest floor near it, as a share of the guide's height. */
  rise: 0.15,
  /** Half width of the columns round an upright where the highest floor is read, as a share of the guide's width. */
  riseWindow: 0.03,
  /** Least and most distance between the two uprights' feet, as a share of the guide's width. */
  minGap: 0.05,
  maxGap: 0.5,
  /**
   * Least length of the shorter upright, as a multiple of the distance between the feet: a door is two and a half
   * times as tall as it is wide or more (seen at a slant, narrower), a table's frame or a cupboard's sides about twice.
   */
  slender: 2.5,
  /** Most rows between the sill's step and the line between the feet. */
  sillReach: 4,
  /** Least share of the columns between the uprights with the sill's step. */
  sill: 0.7,
};

export type DoorFrameLimits = typeof DOOR_FRAME_LIMITS;

/** An upright edge: its foot (lowest point) and top. */
export interface Upright {
  footX: number;
  footY: number;
  topX: number;
  topY: number;
}

/** Floor pixels (1 in `floor`, raw RGB `rgb`, `width` × `height`) seen through a framed opening: 1 there. */
export function floorThroughFrames(
  floor: Uint8Array,
  rgb: Uint8Array,
  width: number,
  height: number,
  limits: DoorFrameLimits = DOOR_FRAME_LIMITS,
): Uint8Array {
  const out = new Uint8Array(width * height);
  if (!floor.includes(1)) return out;
  const grey = greyOf(rgb, width, height);
  const across = stepsAcross(grey, width, height, limits.minStep);
  const uprights = uprightsOnFloor(across, floor, width, height, limits);
  if (uprights.length < 2) return out;
  const minGap = limits.minGap * width;
  const maxGap = limits.maxGap * width;
  for (let i = 0; i < uprights.length; i++) {
    for (let j = 0; j < uprights.length; j++) {
      const left = uprights[i]!;
      const right = uprights[j]!;
      const gap = right.footX - left.footX;
      if (gap < minGap || gap > maxGap) continue;
      if (Math.min(left.footY - left.topY, right.footY - right.topY) < limits.slender * gap) continue;
      const share = sillShare(grey, width, height, left, right, limits);
      if (share < limits.sill) continue;
      markAboveSill(floor, width, left, right, limits.sillReach, out);
    }
  }
  return out;
}

function greyOf(rgb: Uint8Array, w: number, h: number): Float32Array {
  const grey = new Float32Array(w * h);
  for (let i = 0; i < grey.length; i++) grey[i] = (rgb[3 * i]! + rgb[3 * i + 1]! + rgb[3 * i + 2]!) / 3;
  return grey;
}

/** 1 where the step across the row (right neighbour minus left) is at least `minStep` and the largest of the row's three. */
function stepsAcross(grey: Float32Array, w: number, h: number, minStep: number): Uint8Array {
  const size = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 1; x < w - 1; x++) size[y * w + x] = Math.abs(grey[y * w + x + 1]! - grey[y * w + x - 1]!);
  }
  const on = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const s = size[i]!;
      if (s >= minStep && s >= size[i - 1]! && s >= size[i + 1]!) on[i] = 1;
    }
  }
  return on;
}

/** The uprights: chains of steps across followed up from each unvisited step, long enough, standing on the floor and rising far above it. */
function uprightsOnFloor(
  across: Uint8Array,
  floor: Uint8Array,
  w: number,
  h: number,
  limits: DoorFrameLimits,
): Upright[] {
  const minLength = limits.minLength * h;
  const floorTop = highestFloorRows(floor, w, h);
  const window = Math.max(1, Math.round(limits.riseWindow * w));
  const visited = new Uint8Array(w * h);
  const found: Upright[] = [];
  for (let y = h - 1; y >= 0; y--) {
    for (let x = 1; x < w - 1; x++) {
      const start = y * w + x;
      if (!across[start] || visited[start]) continue;
      let cx = x;
      let cy = y;
      let topX = x;
      let topY = y;
      visited[start] = 1;
      for (;;) {
        let next = -1;
        for (let up = 1; up <= limits.gap + 1 && next < 0; up++) {
          const ny = cy - up;
          if (ny < 0) break;
          for (const dx of [0, -1, 1]) {
            const nx = cx + dx;
            if (nx < 1 || nx >= w - 1) continue;
            if (across[ny * w + nx]) {
              next = ny * w + nx;
              break;
            }
          }
        }
        if (next < 0) break;
        visited[next] = 1;
        cy = Math.floor(next / w);
        cx = next - cy * w;
        topX = cx;
        topY = cy;
      }
      if (y - topY < minLength) continue;
      if (!nearFloor(floor, w, h, x, y, limits.footReach)) continue;
      let highest = h;
      for (let c = Math.max(0, x - window); c <= Math.min(w - 1, x + window); c++)
        highest = Math.min(highest, floorTop[c]!);
      if (highest - topY < limits.rise * h) continue;
      found.push({ footX: x, footY: y, topX, topY });
    }
  }
  return found;
}

/** Per column, the highest row of floor (the height where there is none). */
function highestFloorRows(floor: Uint8Array, w: number, h: number): Int32Array {
  const top = new Int32Array(w).fill(h);
  for (let y = h - 1; y >= 0; y--) for (let x = 0; x < w; x++) if (floor[y * w + x]) top[x] = y;
  return top;
}

function nearFloor(floor: Uint8Array, w: number, h: number, x: number, y: number, reach: number): boolean {
  for (let yy = Math.max(0, y - reach); yy <= Math.min(h - 1, y + reach); yy++) {
    for (let xx = Math.max(0, x - reach); xx <= Math.min(w - 1, x + reach); xx++) if (floor[yy * w + xx]) return true;
  }
  return false;
}

/** The share of the columns strictly between the two feet with a step down the column near the line between them. */
function sillShare(
  grey: Float32Array,
  w: number,
  h: number,
  left: Upright,
  right: Upright,
  limits: DoorFrameLimits,
): number {
  let hits = 0;
  let columns = 0;
  for (let x = left.footX + 1; x < right.footX; x++) {
    const line = left.footY + ((right.footY - left.footY) * (x - left.footX)) / (right.footX - left.footX);
    columns++;
    const y0 = Math.max(1, Math.round(line) - limits.sillReach);
    const y1 = Math.min(h - 2, Math.round(line) + limits.sillReach);
    for (let y = y0; y <= y1; y++) {
      if (Math.abs(grey[(y + 1) * w + x]! - grey[(y - 1) * w + x]!) >= limits.minStep) {
        hits++;
        break;
      }
    }
  }
  return columns ? hits / columns : 0;
}

function markAboveSill(
  floor: Uint8Array,
  w: number,
  left: Upright,
  right: Upright,
  reach: number,
  out: Uint8Array,
): void {
  for (let x = left.footX + 1; x < right.footX; x++) {
    const line = left.footY + ((right.footY - left.footY) * (x - left.footX)) / (right.footX - left.footX);
    const bottom = Math.round(line) - reach;
    for (let y = Math.max(0, left.topY, right.topY); y < bottom; y++) if (floor[y * w + x]) out[y * w + x] = 1;
  }
}
