import { acrossDirection, cross, dot, normalize, type FloorCamera, type Vec3 } from './floor-camera.ts';
import type { LineSegment } from './detect-line-segments.ts';

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
  /** What fixed the horizon and the plank direction. */
  source: 'lines' | 'default';
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
/** Where a phone is held for a room photo, metres above the floor. */
export const DEFAULT_CAMERA_HEIGHT = 1.4;
/** Typical downward tilt of a handheld room photo. */
const DEFAULT_PITCH = (8 * Math.PI) / 180;
const VERTICAL_TOLERANCE = Math.sin((1.5 * Math.PI) / 180);
const HORIZONTAL_TOLERANCE = Math.sin((1.2 * Math.PI) / 180);
const OUTLINE_WEIGHT = 1.5;
const MAX_SEGMENTS = 300;

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

export function estimateFloorCamera(input: CameraEstimateInput): CameraEstimate {
  const { width, height } = input;
  const focal = DEFAULT_FOCAL_PER_LONG_SIDE * Math.max(width, height);
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
      verticalAgreement[i] = onFloor[i] ? 0 : agreement(e, VERTICAL_TOLERANCE);
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
        if (e < HORIZONTAL_TOLERANCE) {
          const t = e / HORIZONTAL_TOLERANCE;
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
  const allowed = (pose: Pose) => horizonOf(pose) <= floorLimit(-pose.up[0] / pose.up[1]);
  // Mild preferences where the lines leave a choice: a phone over a straightened photo, little roll, a usual tilt.
  const prior = (pose: Pose) =>
    (pose.kind === 'phone' ? 1 : 0.97) *
    (1 - 0.01 * Math.abs(pose.roll / radians(1))) *
    (0.92 + 0.08 * Math.exp(-0.5 * ((pose.tilt - DEFAULT_PITCH) / radians(20)) ** 2));

  let best: { score: number; yaw: number; pose: Pose } | null = null;
  const consider = (pose: Pose, yaws: readonly number[]) => {
    if (!allowed(pose)) return;
    const result = scoreYaws(pose.up, yaws);
    const score = result.score * prior(pose);
    if (!best || score > best.score) best = { score, yaw: result.yaw, pose };
  };
  const coarseYaws = Array.from({ length: 30 }, (_, i) => radians(3 * i - 45));
  const coarseRolls = [-3, 0, 3].map(radians);
  computeNormals(centreY);
  for (let tilt = -20; tilt <= 65; tilt += 2) for (const roll of coarseRolls) consider(phonePose(radians(tilt), roll), coarseYaws);
  for (let tilt = -20; tilt <= 40; tilt += 2) {
    const horizonY = centreY - focal * Math.tan(radians(tilt));
    computeNormals(horizonY);
    for (const roll of coarseRolls) consider(levelPose(horizonY, roll), coarseYaws);
  }

  // Refine around the best pose, twice, each time finer.
  const refine = (tiltStep: number, rollStep: number, yawStep: number) => {
    const around: { score: number; yaw: number; pose: Pose } = best ?? { score: 0, yaw: 0, pose: phonePose(DEFAULT_PITCH, 0) };
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
  refine(radians(0.5), radians(1), radians(0.5));
  refine(radians(0.125), radians(0.25), radians(0.1));
  let chosen: { score: number; yaw: number; pose: Pose } = best ?? { score: 0, yaw: 0, pose: phonePose(DEFAULT_PITCH, 0) };

  // Enough agreeing line length to trust: a few room edges' worth.
  const trusted = chosen.score >= 0.6 * Math.max(width, height) && chosen.score >= 0.08 * totalWeight;
  if (!trusted) {
    // The usual pose, tilted up just enough that the whole floor is below the horizon.
    let tilt = DEFAULT_PITCH;
    while (!allowed(phonePose(tilt, 0)) && tilt < radians(70)) tilt += radians(0.5);
    chosen = { score: 0, yaw: 0, pose: phonePose(tilt, 0) };
  }
  const { up, cy } = chosen.pose;
  const forward = forwardOnFloor(up);
  const right = cross(forward, up);
  const yaw = chosen.yaw;
  const along = normalize([
    Math.cos(yaw) * forward[0] + Math.sin(yaw) * right[0],
    Math.cos(yaw) * forward[1] + Math.sin(yaw) * right[1],
    Math.cos(yaw) * forward[2] + Math.sin(yaw) * right[2],
  ]);
  const camera: FloorCamera = { focal, cx, cy, up, along, across: acrossDirection(up, along), height: DEFAULT_CAMERA_HEIGHT };
  computeNormals(cy);
  return {
    camera,
    source: trusted ? 'lines' : 'default',
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
  const columns: Array<[number, number]> = [];
  for (let x = 0; x < floorTop.length; x++) if (Number.isFinite(floorTop[x]!)) columns.push([x + 0.5 - cx, floorTop[x]!]);
  return (slope) => {
    if (columns.length === 0) return height;
    const limits = columns.map(([dx, top]) => top - margin - slope * dx).sort((a, b) => a - b);
    // A few stray columns (a mislabelled speck high up) may poke above; the renderer treats them as far floor.
    return limits[Math.floor(limits.length * 0.02)]!;
  };
}

function classifyInliers(camera: FloorCamera, segments: readonly WeightedSegment[], normals: Float64Array): CameraEstimate['inliers'] {
  const vertical: LineSegment[] = [];
  const along: LineSegment[] = [];
  const across: LineSegment[] = [];
  segments.forEach((s, i) => {
    const n: Vec3 = [normals[i * 3]!, normals[i * 3 + 1]!, normals[i * 3 + 2]!];
    if (!s.onFloor && Math.abs(dot(n, camera.up)) < VERTICAL_TOLERANCE) vertical.push(s.segment);
    else if (Math.abs(dot(n, camera.along)) < HORIZONTAL_TOLERANCE) along.push(s.segment);
    else if (Math.abs(dot(n, camera.across)) < HORIZONTAL_TOLERANCE) across.push(s.segment);
  });
  return { vertical, along, across };
}
