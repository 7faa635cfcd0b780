import { describe, expect, it } from 'vitest';
import { horizonAt, vanishingPoint } from './floor-camera.ts';
import { estimateCamera } from './prepare-floor.ts';
import { renderCameraRoom, type CameraRoomScene } from './testing/camera-room.ts';

const BASE: CameraRoomScene = {
  width: 768,
  height: 576,
  focalPerLongSide: 0.72,
  pitchDegrees: 10,
  yawDegrees: 0,
  cameraHeight: 1.4,
  room: { left: -2, right: 2.3, far: 6.5, ceiling: 2.5 },
  floor: 'plain',
  seed: 9,
};

/** The estimate for a rendered room, from its lines and its true floor, as the renderer makes it. */
function estimate(scene: CameraRoomScene) {
  const room = renderCameraRoom(scene);
  const { width, height } = scene;
  const gray = new Float32Array(width * height);
  const floor = new Float32Array(width * height);
  for (let i = 0; i < gray.length; i++) {
    gray[i] = 0.299 * room.rgb[i * 3]! + 0.587 * room.rgb[i * 3 + 1]! + 0.114 * room.rgb[i * 3 + 2]!;
    floor[i] = room.floorMask[i]! / 255;
  }
  const result = estimateCamera({ width, height, scale: 1, rgb: room.rgb, gray, floor });
  return { result, truth: room.camera };
}

/** Angle (degrees) between where the estimate and the truth see a direction, from the image centre. */
function angleBetween(a: { x: number; y: number }, b: { x: number; y: number }, scene: CameraRoomScene): number {
  const f = scene.focalPerLongSide * Math.max(scene.width, scene.height);
  const ray = (p: { x: number; y: number }) => [(p.x - scene.width / 2) / f, (p.y - scene.height / 2) / f, 1] as const;
  const [u, v] = [ray(a), ray(b)];
  const cos = (u[0] * v[0] + u[1] * v[1] + u[2] * v[2]) / (Math.hypot(...u) * Math.hypot(...v));
  return (Math.acos(Math.min(1, cos)) * 180) / Math.PI;
}

describe('the camera estimate from a room’s lines', () => {
  it.each([
    { view: 'looking straight down a corridor-like room (one vanishing point)', scene: { ...BASE, room: { ...BASE.room, far: 12 } } },
    { view: 'at an angle to the room (two vanishing points)', scene: { ...BASE, yawDegrees: 25, floor: 'tiles' as const } },
    { view: 'turned the other way, nearly level', scene: { ...BASE, yawDegrees: -35, pitchDegrees: 3 } },
    { view: 'looking steeply down at the floor', scene: { ...BASE, pitchDegrees: 40, yawDegrees: 15, floor: 'tiles' as const } },
  ])('finds the room’s axis and horizon $view', ({ scene }) => {
    const { result, truth } = estimate(scene);
    expect(result.source).toBe('lines');
    const found = vanishingPoint(result.camera, result.camera.along)!;
    const expected = vanishingPoint(truth, truth.along)!;
    // The plank direction within a degree (about 10 px at this size, near the image centre).
    expect(angleBetween(found, expected, scene)).toBeLessThan(1);
  });

  it.each([0.45, 1])('finds the focal length of a lens other than a phone’s main camera (%s × the long side)', (focalPerLongSide) => {
    const scene: CameraRoomScene = { ...BASE, focalPerLongSide, pitchDegrees: 8, yawDegrees: 28, floor: 'tiles' };
    const { result, truth } = estimate(scene);
    expect(result.source).toBe('lines');
    expect(result.camera.focal / truth.focal).toBeGreaterThan(0.92);
    expect(result.camera.focal / truth.focal).toBeLessThan(1.08);
    const found = vanishingPoint(result.camera, result.camera.along)!;
    const expected = vanishingPoint(truth, truth.along)!;
    expect(Math.hypot(found.x - expected.x, found.y - expected.y)).toBeLessThan(6);
  });

  it('finds the horizon of a photo whose verticals were straightened (level, centre moved)', () => {
    // A level camera whose horizon sits well above the middle: a phone photo would need a tilt for that,
    // and its verticals would converge; these stay parallel.
    const scene: CameraRoomScene = { ...BASE, pitchDegrees: 0, yawDegrees: 12, principalShift: -0.12 };
    const { result, truth } = estimate(scene);
    expect(result.source).toBe('lines');
    expect(horizonAt(result.camera, scene.width / 2)).toBeCloseTo(horizonAt(truth, scene.width / 2), 0);
    const found = vanishingPoint(result.camera, result.camera.along)!;
    const expected = vanishingPoint(truth, truth.along)!;
    expect(Math.hypot(found.x - expected.x, found.y - expected.y)).toBeLessThan(3);
  });
});
