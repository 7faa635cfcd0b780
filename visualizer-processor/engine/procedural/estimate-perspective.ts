import { hash3 } from '../value-noise.ts';

/**
 * Estimates the vanishing point the floor recedes to, from the floor region's own outline. Where a side
 * wall meets the floor, the region's leftmost (or rightmost) pixel per row traces a straight line toward the
 * vanishing point; both lines meet there. RANSAC fits each line so furniture that bites into the outline is
 * ignored. With one line or none, the horizon falls back to a typical handheld camera's (a little above the
 * floor's far edge, not below 45% of the height).
 */
export interface FloorPerspective {
  /** Vanishing point in analysis-image pixels; its y is the horizon. */
  vanishingX: number;
  horizonY: number;
  source: 'two-walls' | 'one-wall' | 'default';
}

interface Line {
  /** x = slope * y + intercept */
  slope: number;
  intercept: number;
  inliers: number;
}

function fitLineRansac(points: Array<[number, number]>, seed: number): Line | null {
  if (points.length < 12) return null;
  let best: Line | null = null;
  for (let attempt = 0; attempt < 200; attempt++) {
    const a = points[Math.floor(hash3(attempt, 1, seed) * points.length)]!;
    const b = points[Math.floor(hash3(attempt, 2, seed) * points.length)]!;
    if (Math.abs(a[0] - b[0]) < 4) continue;
    const slope = (a[1] - b[1]) / (a[0] - b[0]);
    const intercept = a[1] - slope * a[0];
    const tolerance = 1.5 * Math.sqrt(1 + slope * slope);
    let inliers = 0;
    for (const [y, x] of points) if (Math.abs(slope * y + intercept - x) < tolerance) inliers++;
    if (!best || inliers > best.inliers) best = { slope, intercept, inliers };
  }
  if (!best || best.inliers < Math.max(10, points.length * 0.2)) return null;
  // Refine by least squares on the inliers.
  const tolerance = 1.5 * Math.sqrt(1 + best.slope * best.slope);
  let sy = 0;
  let sx = 0;
  let syy = 0;
  let sxy = 0;
  let n = 0;
  for (const [y, x] of points) {
    if (Math.abs(best.slope * y + best.intercept - x) >= tolerance) continue;
    sy += y;
    sx += x;
    syy += y * y;
    sxy += x * y;
    n++;
  }
  const denominator = n * syy - sy * sy;
  if (denominator === 0) return best;
  const slope = (n * sxy - sy * sx) / denominator;
  return { slope, intercept: (sx - slope * sy) / n, inliers: n };
}

export function estimatePerspective(region: Uint8Array, width: number, height: number): FloorPerspective {
  const leftEdge: Array<[number, number]> = [];
  const rightEdge: Array<[number, number]> = [];
  let floorTop = height;
  for (let y = 0; y < height; y++) {
    let left = -1;
    let right = -1;
    for (let x = 0; x < width; x++) {
      if (!region[y * width + x]) continue;
      if (left < 0) left = x;
      right = x;
    }
    if (left < 0) continue;
    floorTop = Math.min(floorTop, y);
    if (left > 1) leftEdge.push([y, left]);
    if (right < width - 2) rightEdge.push([y, right]);
  }
  // A wall/floor line runs down and outward: left edges move left as y grows, right edges move right.
  const leftLine = fitLineRansac(leftEdge, 17);
  const rightLine = fitLineRansac(rightEdge, 29);
  const left = leftLine && leftLine.slope < -0.2 ? leftLine : null;
  const right = rightLine && rightLine.slope > 0.2 ? rightLine : null;
  const highestHorizon = floorTop - Math.max(2, height * 0.02);
  const defaultHorizon = Math.min(highestHorizon, Math.max(height * 0.45, floorTop - height * 0.12));

  if (left && right) {
    const horizonY = (right.intercept - left.intercept) / (left.slope - right.slope);
    const vanishingX = left.slope * horizonY + left.intercept;
    if (horizonY < highestHorizon && horizonY > -height && vanishingX > -width && vanishingX < 2 * width) {
      return { vanishingX, horizonY, source: 'two-walls' };
    }
  }
  const single = left ?? right;
  if (single) {
    return { vanishingX: single.slope * defaultHorizon + single.intercept, horizonY: defaultHorizon, source: 'one-wall' };
  }
  return { vanishingX: width / 2, horizonY: defaultHorizon, source: 'default' };
}
