import type { FloorFinish, Paint, RoomSceneSpec, SceneObject } from './room-ray-tracer.ts';

/** One rendered evaluation room: what it stages and the scene to trace. */
export interface RenderedRoomCase {
  id: string;
  hard: string;
  scene: RoomSceneSpec;
}

const WIDTH = 640;
const HEIGHT = 480;
const WHITE_WALLS: [number, number, number] = [226, 224, 218];
const CEILING: [number, number, number] = [236, 236, 232];

function table(
  x: number,
  z: number,
  width: number,
  depth: number,
  height: number,
  top: Paint,
  legs: Paint,
  legRadius = 0.02,
): SceneObject[] {
  const inset = 0.06;
  const objects: SceneObject[] = [
    {
      kind: 'box',
      min: [x - width / 2, height - 0.035, z - depth / 2],
      max: [x + width / 2, height, z + depth / 2],
      paint: top,
    },
  ];
  for (const sx of [-1, 1]) {
    for (const sz of [-1, 1]) {
      objects.push({
        kind: 'cylinder',
        x: x + sx * (width / 2 - inset),
        z: z + sz * (depth / 2 - inset),
        radius: legRadius,
        y0: 0,
        y1: height - 0.035,
        paint: legs,
      });
    }
  }
  return objects;
}

function chair(x: number, z: number, paint: Paint, backToward: 'near' | 'far' | 'left' | 'right'): SceneObject[] {
  const objects = table(x, z, 0.42, 0.42, 0.45, paint, paint, 0.015);
  const back = {
    near: { min: [x - 0.21, 0.45, z - 0.21], max: [x + 0.21, 0.9, z - 0.19] },
    far: { min: [x - 0.21, 0.45, z + 0.19], max: [x + 0.21, 0.9, z + 0.21] },
    left: { min: [x - 0.21, 0.45, z - 0.21], max: [x - 0.19, 0.9, z + 0.21] },
    right: { min: [x + 0.19, 0.45, z - 0.21], max: [x + 0.21, 0.9, z + 0.21] },
  }[backToward];
  objects.push({
    kind: 'box',
    min: back.min as [number, number, number],
    max: back.max as [number, number, number],
    paint,
  });
  return objects;
}

function person(
  x: number,
  z: number,
  clothes: [number, number, number],
  trousers: [number, number, number],
): SceneObject[] {
  return [
    { kind: 'cylinder', x: x - 0.1, z, radius: 0.07, y0: 0, y1: 0.85, paint: trousers },
    { kind: 'cylinder', x: x + 0.1, z, radius: 0.07, y0: 0, y1: 0.85, paint: trousers },
    { kind: 'ellipsoid', centre: [x, 0.08, z + 0.06], radii: [0.2, 0.05, 0.14], paint: [40, 38, 36] },
    { kind: 'ellipsoid', centre: [x, 1.18, z], radii: [0.23, 0.36, 0.14], paint: clothes },
    { kind: 'ellipsoid', centre: [x, 1.66, z], radii: [0.1, 0.12, 0.11], paint: [205, 160, 130] },
  ];
}

function dog(x: number, z: number, coat: [number, number, number]): SceneObject[] {
  const legs: SceneObject[] = [];
  for (const dx of [-0.22, 0.22])
    for (const dz of [-0.08, 0.08])
      legs.push({ kind: 'cylinder', x: x + dx, z: z + dz, radius: 0.035, y0: 0, y1: 0.32, paint: coat });
  return [
    ...legs,
    { kind: 'ellipsoid', centre: [x, 0.42, z], radii: [0.36, 0.15, 0.15], paint: coat },
    { kind: 'ellipsoid', centre: [x + 0.38, 0.58, z], radii: [0.12, 0.11, 0.1], paint: coat },
  ];
}

function room(finish: FloorFinish, gloss: number, overrides: Partial<RoomSceneSpec>): RoomSceneSpec {
  return {
    width: WIDTH,
    height: HEIGHT,
    camera: { x: 0, y: 1.45, z: 0, yawDegrees: 0, pitchDegrees: -14, horizontalFovDegrees: 70 },
    room: { left: -2.4, right: 2.6, front: -1, back: 6, ceiling: 2.6 },
    floor: { finish, gloss },
    walls: WHITE_WALLS,
    ceiling: CEILING,
    lamp: { position: [0.2, 2.5, 3], strength: 0.55 },
    ambient: 0.55,
    objects: [],
    rugs: [],
    seed: 1,
    ...overrides,
  };
}

const OAK_TOP: Paint = { finish: 'light-oak' };

/**
 * The rendered set: each room stages one or two of the failures seen on real photos. Camera heights and
 * fields of view are those of a phone held at chest height.
 */
export const RENDERED_ROOMS: RenderedRoomCase[] = [
  {
    id: 'rendered-dining-oak-table',
    hard: 'dining table and chairs on thin legs; the table top is cut from the same light oak as the floor',
    scene: room('light-oak', 0.05, {
      seed: 3,
      objects: [
        ...table(0.2, 3.2, 1.8, 0.9, 0.75, OAK_TOP, OAK_TOP, 0.025),
        ...chair(-0.55, 2.45, OAK_TOP, 'near'),
        ...chair(0.95, 2.45, OAK_TOP, 'near'),
        ...chair(0.2, 4.0, OAK_TOP, 'far'),
      ],
    }),
  },
  {
    id: 'rendered-living-rug',
    hard: 'a large rug with a coffee table standing on it and a sofa; the rug is kept, so it is not floor',
    scene: room('honey-oak', 0.04, {
      seed: 5,
      objects: [
        { kind: 'box', min: [-1.2, 0.1, 4.6], max: [1.4, 0.85, 5.5], paint: [96, 104, 112] },
        ...table(0.1, 3.4, 1.1, 0.6, 0.42, [40, 36, 34], [40, 36, 34], 0.018),
      ],
      rugs: [{ x0: -1.3, x1: 1.5, z0: 2.4, z1: 4.5, colour: [168, 150, 132], pattern: [120, 60, 52] }],
    }),
  },
  {
    id: 'rendered-dark-walnut-bedroom',
    hard: 'a dark walnut floor in a dim room, a dark bed frame and a bedside table on legs',
    scene: room('walnut', 0.08, {
      seed: 7,
      ambient: 0.32,
      lamp: { position: [-1.6, 0.9, 4.7], strength: 0.5 },
      walls: [150, 140, 128],
      objects: [
        { kind: 'box', min: [-0.6, 0.12, 3.4], max: [1.4, 0.55, 5.9], paint: [58, 44, 38] },
        { kind: 'box', min: [-0.65, 0.55, 3.5], max: [1.45, 0.7, 5.9], paint: [200, 196, 188] },
        ...table(-1.25, 5.5, 0.45, 0.4, 0.55, [52, 38, 30], [52, 38, 30], 0.015),
      ],
    }),
  },
  {
    id: 'rendered-white-corridor',
    hard: 'a long white corridor with a glossy white tile floor: walls, floor and ceiling are all near-white',
    scene: room('white-tile', 0.22, {
      seed: 9,
      camera: { x: 0, y: 1.5, z: 0, yawDegrees: 2, pitchDegrees: -6, horizontalFovDegrees: 68 },
      room: { left: -0.9, right: 0.9, front: -1, back: 14, ceiling: 2.5 },
      walls: [236, 236, 234],
      ceiling: [244, 244, 242],
      lamp: { position: [0, 2.4, 5], strength: 0.35 },
      ambient: 0.78,
    }),
  },
  {
    id: 'rendered-window-sun',
    hard: 'strong sunlight through a side window: a bright patch and the hard shadows of a table and chairs on concrete',
    scene: room('concrete', 0.03, {
      seed: 11,
      ambient: 0.42,
      window: { wall: 'left', u0: 1.8, u1: 3.6, v0: 0.5, v1: 2.2, sun: [-0.8, 0.55, -0.2], strength: 1.0 },
      objects: [
        ...table(0.4, 3.0, 1.2, 0.8, 0.74, [230, 228, 222], [30, 30, 30], 0.02),
        ...chair(1.25, 3.0, [30, 30, 30], 'right'),
      ],
    }),
  },
  {
    id: 'rendered-glossy-tile',
    hard: 'a polished grey tile floor that mirrors the sideboard, the table legs and the window',
    scene: room('grey-tile', 0.38, {
      seed: 13,
      window: { wall: 'back', u0: -1.0, u1: 0.8, v0: 0.9, v1: 2.2, sun: [0.1, 0.5, 1], strength: 0.3 },
      objects: [
        { kind: 'box', min: [1.6, 0, 3.0], max: [2.6, 0.85, 4.8], paint: [70, 60, 54] },
        ...table(-0.4, 3.4, 1.0, 1.0, 0.75, [24, 24, 24], [200, 200, 200], 0.02),
      ],
    }),
  },
  {
    id: 'rendered-person-and-dog',
    hard: 'a person standing and a dog on a carpet floor; both stand on the floor and are not floor',
    scene: room('carpet', 0, {
      seed: 15,
      objects: [...person(-0.5, 3.2, [70, 96, 150], [44, 48, 60]), ...dog(0.8, 2.4, [150, 110, 70])],
    }),
  },
  {
    id: 'rendered-looking-down-kitchen',
    hard: 'the camera looks steeply down, so the floor fills the frame and its far edge is near the top; a kitchen island and stools',
    scene: room('grey-tile', 0.12, {
      seed: 17,
      camera: { x: 0, y: 1.6, z: 0, yawDegrees: -8, pitchDegrees: -38, horizontalFovDegrees: 72 },
      room: { left: -2.2, right: 2.2, front: -1, back: 4.2, ceiling: 2.6 },
      objects: [
        { kind: 'box', min: [-0.9, 0, 2.6], max: [0.9, 0.9, 3.4], paint: [232, 230, 224] },
        { kind: 'cylinder', x: -0.5, z: 2.2, radius: 0.03, y0: 0, y1: 0.62, paint: [40, 40, 40] },
        { kind: 'cylinder', x: -0.5, z: 2.2, radius: 0.18, y0: 0.62, y1: 0.68, paint: [40, 40, 40] },
        { kind: 'cylinder', x: 0.4, z: 2.2, radius: 0.03, y0: 0, y1: 0.62, paint: [40, 40, 40] },
        { kind: 'cylinder', x: 0.4, z: 2.2, radius: 0.18, y0: 0.62, y1: 0.68, paint: [40, 40, 40] },
        { kind: 'box', min: [-2.2, 0, 3.6], max: [2.2, 0.9, 4.2], paint: [120, 90, 64] },
      ],
    }),
  },
  {
    id: 'rendered-office-chairs',
    hard: 'a grey office carpet with desks on legs, star-based chairs and a bin; many small occluders',
    scene: room('carpet', 0, {
      seed: 19,
      walls: [214, 216, 218],
      objects: [
        ...table(-0.9, 3.6, 1.4, 0.7, 0.74, [238, 238, 236], [90, 90, 92], 0.02),
        ...table(1.1, 3.6, 1.4, 0.7, 0.74, [238, 238, 236], [90, 90, 92], 0.02),
        { kind: 'cylinder', x: -0.9, z: 2.8, radius: 0.025, y0: 0.06, y1: 0.45, paint: [30, 30, 30] },
        { kind: 'box', min: [-1.2, 0.02, 2.78], max: [-0.6, 0.06, 2.82], paint: [30, 30, 30] },
        { kind: 'box', min: [-0.92, 0.02, 2.5], max: [-0.88, 0.06, 3.1], paint: [30, 30, 30] },
        { kind: 'box', min: [-1.15, 0.45, 2.6], max: [-0.65, 0.52, 3.0], paint: [40, 40, 44] },
        { kind: 'cylinder', x: 0.3, z: 2.4, radius: 0.15, y0: 0, y1: 0.4, paint: [60, 110, 80] },
      ],
    }),
  },
];
