import { acrossDirection, cross, dot, normalize, type FloorCamera, type Vec3 } from './floor-camera.ts';
import type { LineSegment } from './detect-line-segments.mjs';

/**
 * Estimates the camera from the room's straight lines, assuming a "Manhattan" room: walls, floor boards,
 * baseboards, door frames and most furniture edges run along three directions at right angles, one of them
 * vertical. Every segment is a vote (weighted by length): vertical ones fix how the camera leans, the rest
 * fix the horizon and the room's turn against the camera (its yaw), i.e. the vanishing points on the
 * horizon. This covers one-point views (looking straight down a corridor: one vanishing point, the other
 * at infinity) and two-point views (at an angle: two finite ones) with the same search.
 *
 * With too few lines to trust, a handheld phone's typical pose stands in (level, tilted down a little, the
 * room square to the camera), moved up when needed so the whole floor lies below the horizon.
 */

export interface CameraEstimate {
  camera: FloorCamera;
  /**
   * What fixed the camera: the lines (horizon and room axis), the lines for the room's axis only (the
   * horizon is a typical phone's), or nothing (a typical phone's pose, square to the room).
   */
  source: 'lines' | 'axis-only' | 'default';
  /** A phone's camera (principal point at the centre) or a photo whose verticals were straightened. */
  pose: 'phone' | 'level';
  /** Segments that agreed with the chosen vanishing points (for debugging and tests). */
  inliers: { vertical: LineSegment[]; along: LineSegment[]; across: LineSegment[] };
}

export interface CameraEstimateInput {
  width: number;
  height: number;
  segments: readonly LineSegment[];
  /** Segments found on the floor mask's outline: floor/wall junctions and the feet of furniture. */
  outlineSegments?: readonly LineSegment[];
  /** Per image column, the highest floor row (Infinity where a column has no floor). */
  floorTop: Float32Array;
  /** Whether an image point lies well inside the floor. */
  isOnFloor?: (x: number, y: number) => boolean;
}

/** A phone's main camera sees about 69° along its long side (26 mm equivalent). */
export const DEFAULT_FOCAL_PER_LONG_SIDE = 0.72;
/** From a phone's ultra-wide (about 120°) to a short telephoto. */
const MIN_FOCAL_PER_LONG_SIDE = 0.3;
const MAX_FOCAL_PER_LONG_SIDE = 1.3;
/** Where a phone is held for a room photo, metres above the floor. */
export const DEFAULT_CAMERA_HEIGHT = 1.4;
/** Typical downward tilt of a handheld room photo. */
const DEFAULT_PITCH = (8 * Math.PI) / 180;
/** How far (sine of the angle) a segment may miss a direction and still count, in the final vote. */
const TOLERANCE = Math.sin((1.2 * Math.PI) / 180);
/** The coarse search steps by degrees: it votes with a wider tolerance, which is narrowed as it refines. */
const COARSE_TOLERANCE = Math.sin((4 * Math.PI) / 180);
const MIDDLE_TOLERANCE = Math.sin((2 * Math.PI) / 180);
const OUTLINE_WEIGHT = 1.5;
const MAX_SEGMENTS = 200;
/** How far straightening may move a photo's centre, as a fraction of its height. */
const MAX_SHIFT = 0.3;

interface WeightedSegment {
  segment: LineSegment;
  weight: number;
  /** Image endpoints relative to the principal point's x (y stays absolute: cy is searched for). */
  ax: number;
  ay: number;
  bx: number;
  by: number;
  /** Lies on the floor, so it cannot be vertical. */
  onFloor: boolean;
}

/** Unit normal of the plane through the camera centre and a segment (its "interpretation plane"). */
function segmentNormal(s: WeightedSegment, focal: number, cy: number, out: Float64Array): void {
  const ax = s.ax / focal;
  const ay = (s.ay - cy) / focal;
  const bx = s.bx / focal;
  const by = (s.by - cy) / focal;
  // (ax, ay, 1) × (bx, by, 1)
  const nx = ay - by;
  const ny = bx - ax;
  const nz = ax * by - ay * bx;
  const length = Math.hypot(nx, ny, nz) || 1;
  out[0] = nx / length;
  out[1] = ny / length;
  out[2] = nz / length;
}

function agreement(error: number, tolerance: number): number {
  const t = error / tolerance;
  return t >= 1 ? 0 : 1 - t * t;
}

/**
 * The search runs with a phone main camera's focal length first. When the room shows both of its
 * horizontal directions converging (a view at an angle), the two vanishing points also tell the focal
 * length (their rays from the camera are at right angles); a wide-angle photo is then searched again with
 * its own, and the better-agreeing answer kept.
 */
export function estimateFloorCamera(input: CameraEstimateInput): SearchResult {
  const longSide = Math.max(input.width, input.height);
  const first = estimateWithFocal(input, DEFAULT_FOCAL_PER_LONG_SIDE * longSide);
  if (first.source !== 'lines') return first;
  const { camera } = first;
  const length = (list: readonly LineSegment[]) => list.reduce((sum, s) => sum + s.length, 0);
  if (length(first.inliers.along) < 0.3 * longSide || length(first.inliers.across) < 0.3 * longSide) return first;
  // The search made the two points agree with its focal length; fitted to their own lines alone, they may not.
  const v1 = meetingPoint(first.inliers.along);
  const v2 = meetingPoint(first.inliers.across);
  if (!v1 || !v2) return first;
  const product = -((v1.x - camera.cx) * (v2.x - camera.cx) + (v1.y - camera.cy) * (v2.y - camera.cy));
  if (!(product > 0)) return first;
  const focal = Math.sqrt(product);
  // Only a clear difference is worth a second search, and only within what phones and lenses take.
  if (focal < MIN_FOCAL_PER_LONG_SIDE * longSide || focal > MAX_FOCAL_PER_LONG_SIDE * longSide || Math.abs(focal / camera.focal - 1) < 0.08) return first;
  // The lens changes the pose only a little: the second search looks near the first one's answer.
  const second = estimateWithFocal(input, focal, { tilt: first.tilt, yaw: first.yaw });
  return second.source === 'lines' && second.score > first.score * 1.02 ? second : first;
}

/** Least-squares point where segments' lines meet; null when they are (nearly) parallel. */
function meetingPoint(segments: readonly LineSegment[]): { x: number; y: number } | null {
  let saa = 0;
  let sab = 0;
  let sbb = 0;
  let sac = 0;
  let sbc = 0;
  for (const s of segments) {
    // The line a·x + b·y + c = 0 with (a, b) unit, weighted by length.
    const a = s.y2 - s.y1;
    const b = s.x1 - s.x2;
    const norm = Math.hypot(a, b) || 1;
    const [na, nb] = [a / norm, b / norm];
    const nc = -(na * s.x1 + nb * s.y1);
    const w = s.length;
    saa += w * na * na;
    sab += w * na * nb;
    sbb += w * nb * nb;
    sac += w * na * nc;
    sbc += w * nb * nc;
  }
  const determinant = saa * sbb - sab * sab;
  if (determinant < 1e-6 * (saa + sbb) ** 2) return null;
  return { x: (-sac * sbb + sbc * sab) / determinant, y: (-sbc * saa + sac * sab) / determinant };
}

interface SearchResult extends CameraEstimate {
  score: number;
  /** The chosen tilt (for a straightened photo, the tilt its horizon would mean) and yaw, radians. */
  tilt: number;
  yaw: number;
}

function estimateWithFocal(input: CameraEstimateInput, focal: number, near?: { tilt: number; yaw: number }): SearchResult {
  const { width, height } = input;
  const cx = width / 2;
  const centreY = height / 2;
  const segments: WeightedSegment[] = [];
  const add = (segment: LineSegment, factor: number, onFloor: boolean) =>
    segments.push({
      segment,
      weight: factor * segment.length * Math.min(1, Math.max(0.3, segment.contrast / 24)),
      ax: segment.x1 - cx,
      ay: segment.y1,
      bx: segment.x2 - cx,
      by: segment.y2,
      onFloor,
    });
  for (const segment of input.segments) add(segment, 1, input.isOnFloor?.((segment.x1 + segment.x2) / 2, (segment.y1 + segment.y2) / 2) ?? false);
  // The outline's segments are floor edges: horizontal in the room, whatever their slant in the image.
  for (const segment of input.outlineSegments ?? []) add(segment, OUTLINE_WEIGHT, true);
  // The strongest few hundred carry the vote; the rest only cost time.
  segments.sort((a, b) => b.weight - a.weight);
  segments.length = Math.min(segments.length, MAX_SEGMENTS);
  const count = segments.length;
  const weights = Float64Array.from(segments, (s) => s.weight);
  const onFloor = Uint8Array.from(segments, (s) => (s.onFloor ? 1 : 0));
  const totalWeight = weights.reduce((sum, w) => sum + w, 0);
  const normals = new Float64Array(count * 3);
  const verticalAgreement = new Float64Array(count);
  let tolerance = COARSE_TOLERANCE;
  const computeNormals = (cy: number) => {
    const normal = new Float64Array(3);
    for (let i = 0; i < count; i++) {
      segmentNormal(segments[i]!, focal, cy, normal);
      normals.set(normal, i * 3);
    }
  };

  /**
   * Scores one pose (lean and principal point) for every yaw: each segment counts as much as it agrees
   * with the vertical or one of the two horizontal room directions.
   */
  const scoreYaws = (up: Vec3, yaws: readonly number[]) => {
    for (let i = 0; i < count; i++) {
      const e = Math.abs(normals[i * 3]! * up[0] + normals[i * 3 + 1]! * up[1] + normals[i * 3 + 2]! * up[2]);
      verticalAgreement[i] = onFloor[i] ? 0 : agreement(e, tolerance);
    }
    const forward = forwardOnFloor(up);
    const right = cross(forward, up);
    let best = { score: -1, yaw: 0 };
    for (const yaw of yaws) {
      const c = Math.cos(yaw);
      const s = Math.sin(yaw);
      const d1x = c * forward[0] + s * right[0];
      const d1y = c * forward[1] + s * right[1];
      const d1z = c * forward[2] + s * right[2];
      const d2x = -s * forward[0] + c * right[0];
      const d2y = -s * forward[1] + c * right[1];
      const d2z = -s * forward[2] + c * right[2];
      let score = 0;
      for (let i = 0; i < count; i++) {
        const nx = normals[i * 3]!;
        const ny = normals[i * 3 + 1]!;
        const nz = normals[i * 3 + 2]!;
        const e1 = Math.abs(nx * d1x + ny * d1y + nz * d1z);
        const e2 = Math.abs(nx * d2x + ny * d2y + nz * d2z);
        const e = e1 < e2 ? e1 : e2;
        let a = verticalAgreement[i]!;
        if (e < tolerance) {
          const t = e / tolerance;
          if (1 - t * t > a) a = 1 - t * t;
        }
        score += weights[i]! * a;
      }
      if (score > best.score) best = { score, yaw };
    }
    return best;
  };

  const radians = (d: number) => (d * Math.PI) / 180;
  /** A phone: principal point at the centre, tilted by `tilt` (down is positive) and rolled. */
  const phonePose = (tilt: number, roll: number): Pose => ({
    kind: 'phone',
    up: [Math.sin(roll) * Math.cos(tilt), -Math.cos(roll) * Math.cos(tilt), -Math.sin(tilt)],
    cy: centreY,
    tilt,
    roll,
  });
  /** A photo with straightened verticals: level, the principal point moved so the horizon sits at horizonY. */
  const levelPose = (horizonY: number, roll: number): Pose => ({
    kind: 'level',
    up: [Math.sin(roll), -Math.cos(roll), 0],
    cy: horizonY,
    tilt: 0,
    roll,
  });
  const horizonOf = (pose: Pose) => pose.cy - (pose.up[2] * focal) / pose.up[1];
  const floorLimit = floorTopLimit(input.floorTop, height, cx);
  // A straightened photo's centre moves by a fraction of its height, not off the image.
  const allowed = (pose: Pose) =>
    horizonOf(pose) <= floorLimit(-pose.up[0] / pose.up[1]) && (pose.kind === 'phone' || Math.abs(pose.cy - centreY) <= MAX_SHIFT * height);
  // Mild preferences where the lines leave a choice: a phone over a straightened photo, little roll, a usual tilt.
  const prior = (pose: Pose) =>
    (pose.kind === 'phone' ? 1 : 0.99) *
    (0.85 + 0.15 * Math.exp(-0.5 * (pose.roll / radians(2)) ** 2)) *
    (0.92 + 0.08 * Math.exp(-0.5 * ((pose.tilt - DEFAULT_PITCH) / radians(20)) ** 2));

  let best: { score: number; yaw: number; pose: Pose } | null = null;
  const consider = (pose: Pose, yaws: readonly number[]) => {
    if (!allowed(pose)) return;
    const result = scoreYaws(pose.up, yaws);
    const score = result.score * prior(pose);
    if (!best || score > best.score) best = { score, yaw: result.yaw, pose };
  };
  // The coarse grid: every 2° of tilt and 3° of yaw, roll level (the refinements find a roll of a few
  // degrees); near a given answer, only around it.
  const degreesOf = (r: number) => (r * 180) / Math.PI;
  const tiltRange = near ? [Math.round(degreesOf(near.tilt)) - 8, Math.round(degreesOf(near.tilt)) + 8] : [-16, 60];
  const coarseYaws = near
    ? Array.from({ length: 11 }, (_, i) => near.yaw + radians(3 * i - 15))
    : Array.from({ length: 30 }, (_, i) => radians(3 * i - 45));
  computeNormals(centreY);
  for (let tilt = tiltRange[0]!; tilt <= tiltRange[1]!; tilt += 2) consider(phonePose(radians(tilt), 0), coarseYaws);
  for (let tilt = Math.max(-16, tiltRange[0]!); tilt <= Math.min(30, tiltRange[1]!); tilt += 2) {
    const horizonY = centreY - focal * Math.tan(radians(tilt));
    computeNormals(horizonY);
    consider(levelPose(horizonY, 0), coarseYaws);
  }

  // Refine around the best pose, twice, each time finer and with a narrower tolerance.
  const refine = (tiltStep: number, rollStep: number, yawStep: number, narrower: number) => {
    const around: { score: number; yaw: number; pose: Pose } = best ?? { score: 0, yaw: 0, pose: phonePose(DEFAULT_PITCH, 0) };
    tolerance = narrower;
    best = null;
    const yaws = Array.from({ length: 13 }, (_, i) => around.yaw + (i - 6) * yawStep);
    for (let dr = -2; dr <= 2; dr++) {
      const roll = around.pose.roll + dr * rollStep;
      for (let dt = -4; dt <= 4; dt++) {
        if (around.pose.kind === 'phone') {
          computeNormals(centreY);
          consider(phonePose(around.pose.tilt + dt * tiltStep, roll), yaws);
        } else {
          const tilt = Math.atan((centreY - around.pose.cy) / focal) + dt * tiltStep;
          const horizonY = centreY - focal * Math.tan(tilt);
          computeNormals(horizonY);
          consider(levelPose(horizonY, roll), yaws);
        }
      }
    }
  };
  refine(radians(0.5), radians(1.5), radians(0.5), MIDDLE_TOLERANCE);
  refine(radians(0.125), radians(0.25), radians(0.1), TOLERANCE);
  let chosen: { score: number; yaw: number; pose: Pose } = best ?? { score: 0, yaw: 0, pose: phonePose(DEFAULT_PITCH, 0) };

  // Enough agreeing line length to trust: a few room edges' worth.
  const trusted = chosen.score >= 0.6 * Math.max(width, height) && chosen.score >= 0.08 * totalWeight;
  let source: CameraEstimate['source'] = 'default';
  if (trusted) {
    chosen = { ...chosen, ...polish(chosen.pose, chosen.yaw) };
    source = 'lines';
    // Lines that all run across the image (a wall seen square on) fix the room's axis but not the horizon:
    // the vote hardly changes when the horizon moves. Then the usual tilt stands in for it.
    const tiltNow = chosen.pose.kind === 'phone' ? chosen.pose.tilt : Math.atan((centreY - chosen.pose.cy) / focal);
    const scoreAt = (tilt: number) => {
      const pose = chosen.pose.kind === 'phone' ? phonePose(tilt, chosen.pose.roll) : levelPose(centreY - focal * Math.tan(tilt), chosen.pose.roll);
      if (!allowed(pose)) return 0;
      computeNormals(pose.cy);
      return scoreYaws(pose.up, [chosen.yaw]).score;
    };
    const here = scoreAt(tiltNow);
    if (Math.max(scoreAt(tiltNow - radians(3)), scoreAt(tiltNow + radians(3))) > 0.9 * here) {
      source = 'axis-only';
      chosen = { ...chosen, pose: typicalPose(chosen.pose.roll) };
    }
  } else {
    chosen = { score: 0, yaw: 0, pose: typicalPose(0) };
  }

  /** The usual pose, tilted up just enough that the whole floor is below the horizon. */
  function typicalPose(roll: number): Pose {
    let tilt = DEFAULT_PITCH;
    while (!allowed(phonePose(tilt, roll)) && tilt < radians(70)) tilt += radians(0.5);
    return phonePose(tilt, roll);
  }

  /**
   * Least squares on the segments that agree with the vote's winner, each tied to the direction it agreed
   * with: the vote's grid is a fraction of a degree, the lines themselves are more precise than that.
   */
  function polish(pose: Pose, yaw: number): { pose: Pose; yaw: number } {
    const kind = pose.kind;
    const tiltOf = (p: Pose) => (p.kind === 'phone' ? p.tilt : Math.atan((centreY - p.cy) / focal));
    const make = (tilt: number, roll: number) => (kind === 'phone' ? phonePose(tilt, roll) : levelPose(centreY - focal * Math.tan(tilt), roll));
    // Which direction each segment agreed with: 0 vertical, 1 along, 2 across, -1 none.
    const assignment = new Int8Array(count);
    computeNormals(pose.cy);
    const [d0, d1, d2] = directions(pose.up, yaw);
    for (let i = 0; i < count; i++) {
      const n: Vec3 = [normals[i * 3]!, normals[i * 3 + 1]!, normals[i * 3 + 2]!];
      const errors = [onFloor[i] ? Infinity : Math.abs(dot(n, d0)), Math.abs(dot(n, d1)), Math.abs(dot(n, d2))];
      const k = errors.indexOf(Math.min(...errors));
      assignment[i] = errors[k]! < TOLERANCE ? k : -1;
    }
    const cost = (params: readonly number[]) => {
      const candidate = make(params[0]!, params[1]!);
      if (!allowed(candidate)) return Infinity;
      computeNormals(candidate.cy);
      const ds = directions(candidate.up, params[2]!);
      let total = 0;
      for (let i = 0; i < count; i++) {
        const k = assignment[i]!;
        if (k < 0) continue;
        const d = ds[k]!;
        const e = normals[i * 3]! * d[0] + normals[i * 3 + 1]! * d[1] + normals[i * 3 + 2]! * d[2];
        total += weights[i]! * e * e;
      }
      return total;
    };
    const params = [tiltOf(pose), pose.roll, yaw];
    let current = cost(params);
    for (let step = radians(0.2); step > radians(0.005); step /= 2) {
      let improved = true;
      while (improved) {
        improved = false;
        for (let p = 0; p < 3; p++) {
          for (const sign of [-1, 1]) {
            const trial = [...params];
            trial[p]! += sign * step;
            const value = cost(trial);
            if (value < current) {
              current = value;
              params[p] = trial[p]!;
              improved = true;
            }
          }
        }
      }
    }
    return { pose: make(params[0]!, params[1]!), yaw: params[2]! };
  }

  const { up, cy } = chosen.pose;
  const along = normalize(directions(up, chosen.yaw)[1]);
  const camera: FloorCamera = { focal, cx, cy, up, along, across: acrossDirection(up, along), height: DEFAULT_CAMERA_HEIGHT };
  computeNormals(cy);
  return {
    score: chosen.score,
    tilt: chosen.pose.kind === 'phone' ? chosen.pose.tilt : Math.atan((centreY - chosen.pose.cy) / focal),
    yaw: chosen.yaw,
    camera,
    source,
    pose: chosen.pose.kind,
    inliers: classifyInliers(camera, segments, normals),
  };
}

interface Pose {
  kind: 'phone' | 'level';
  up: Vec3;
  cy: number;
  tilt: number;
  roll: number;
}

/** The vertical and the two horizontal room directions for a lean and a yaw. */
function directions(up: Vec3, yaw: number): [Vec3, Vec3, Vec3] {
  const forward = forwardOnFloor(up);
  const right = cross(forward, up);
  const c = Math.cos(yaw);
  const s = Math.sin(yaw);
  return [
    up,
    [c * forward[0] + s * right[0], c * forward[1] + s * right[1], c * forward[2] + s * right[2]],
    [-s * forward[0] + c * right[0], -s * forward[1] + c * right[1], -s * forward[2] + c * right[2]],
  ];
}

/** The horizontal direction the camera looks along (its optical axis with the tilt taken out). */
function forwardOnFloor(up: Vec3): Vec3 {
  const z: Vec3 = [0, 0, 1];
  const k = dot(z, up);
  return normalize([z[0] - k * up[0], z[1] - k * up[1], z[2] - k * up[2]]);
}

/**
 * For a horizon of a given slope, the lowest it may sit (its height at the centre column): every floor
 * pixel must lie below it, with a little margin so the far floor does not stretch to infinity.
 */
function floorTopLimit(floorTop: Float32Array, height: number, cx: number): (slope: number) => number {
  const margin = 0.015 * height;
  const offsets: number[] = [];
  const tops: number[] = [];
  for (let x = 0; x < floorTop.length; x++) {
    if (!Number.isFinite(floorTop[x]!)) continue;
    offsets.push(x + 0.5 - cx);
    tops.push(floorTop[x]!);
  }
  const limits = new Float64Array(offsets.length);
  // The search asks for the same few slopes (one per roll) thousands of times.
  const known = new Map<number, number>();
  return (slope) => {
    if (offsets.length === 0) return height;
    const cached = known.get(slope);
    if (cached !== undefined) return cached;
    for (let i = 0; i < offsets.length; i++) limits[i] = tops[i]! - margin - slope * offsets[i]!;
    limits.sort();
    // A few stray columns (a mislabelled speck high up) may poke above; the renderer treats them as far floor.
    const limit = limits[Math.floor(limits.length * 0.02)]!;
    known.set(slope, limit);
    return limit;
  };
}

function classifyInliers(camera: FloorCamera, segments: readonly WeightedSegment[], normals: Float64Array): CameraEstimate['inliers'] {
  const vertical: LineSegment[] = [];
  const along: LineSegment[] = [];
  const across: LineSegment[] = [];
  segments.forEach((s, i) => {
    const n: Vec3 = [normals[i * 3]!, normals[i * 3 + 1]!, normals[i * 3 + 2]!];
    if (!s.onFloor && Math.abs(dot(n, camera.up)) < TOLERANCE) vertical.push(s.segment);
    else if (Math.abs(dot(n, camera.along)) < TOLERANCE) along.push(s.segment);
    else if (Math.abs(dot(n, camera.across)) < TOLERANCE) across.push(s.segment);
  });
  return { vertical, along, across };
}
