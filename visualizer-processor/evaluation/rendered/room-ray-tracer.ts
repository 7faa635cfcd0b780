import { fractalNoise2, hash3 } from '../../engine/value-noise.ts';

/**
 * A small ray tracer for the rendered evaluation rooms. Unlike the fixture rooms (one box room, one block of
 * furniture) it traces arbitrary boxes, vertical cylinders and ellipsoids inside a room box, with a ceiling
 * lamp and shadows, sunlight through a window, and a glossy floor's reflection, so the hard cases of real
 * photos (thin legs, a table top the colour of the floor, rugs, people and pets, window light) can be staged
 * with an exact answer: a pixel is floor when the ray through its centre meets the floor before anything else.
 *
 * World: metres, Y up, the floor is Y = 0; the camera looks along +Z before yaw and pitch.
 */
export type Rgb = [number, number, number];
export type Vec3 = [number, number, number];

/**
 * `plain`: one flat grey with no pattern at all. Rendered matte, it shows only the light falling on the floor,
 * the answer the light bench (bench/floor-light.bench.ts) compares the renderer's light estimate with.
 * `mixed-boards`: narrow boards whose tones differ by up to ±40 % with strong grain, as patterned as the
 * real photos' board and lino floors (the others are much plainer); the light bench's test of the old floor's
 * pattern staying off the new wood.
 */
export type FloorFinish =
  'light-oak' | 'honey-oak' | 'walnut' | 'mixed-boards' | 'white-tile' | 'grey-tile' | 'carpet' | 'concrete' | 'plain';

/** A surface colour: plain, or the floor's own texture (a table top cut from the same boards). */
export type Paint = Rgb | { finish: FloorFinish };

export type SceneObject =
  | { kind: 'box'; min: Vec3; max: Vec3; paint: Paint }
  | { kind: 'cylinder'; x: number; z: number; radius: number; y0: number; y1: number; paint: Paint }
  | { kind: 'ellipsoid'; centre: Vec3; radii: Vec3; paint: Paint };

export interface RoomSceneSpec {
  width: number;
  height: number;
  camera: { x: number; y: number; z: number; yawDegrees: number; pitchDegrees: number; horizontalFovDegrees: number };
  room: { left: number; right: number; front: number; back: number; ceiling: number };
  floor: { finish: FloorFinish; gloss: number };
  walls: Rgb;
  ceiling: Rgb;
  /** A window in the left, right or back wall (u along the wall, v height), lit by the sun shining in. */
  window?: {
    wall: 'left' | 'right' | 'back';
    u0: number;
    u1: number;
    v0: number;
    v1: number;
    sun: Vec3;
    strength: number;
  };
  lamp: { position: Vec3; strength: number };
  ambient: number;
  objects: SceneObject[];
  /** Rugs: flat boxes a centimetre or two high; not floor. */
  rugs: { x0: number; x1: number; z0: number; z1: number; colour: Rgb; pattern: Rgb }[];
  seed: number;
}

export interface RenderedScene {
  width: number;
  height: number;
  rgb: Buffer;
  /** 255 = floor, the rugs excluded (they are kept by the visualizer). */
  floorMask: Uint8Array;
  /** The rugs' pixels, so the scoring can also count them as floor. */
  rugMask: Uint8Array;
}

type Surface = 'floor' | 'ceiling' | 'wall' | 'object' | 'rug';

interface Hit {
  t: number;
  surface: Surface;
  normal: Vec3;
  paint: Paint;
  rug?: RoomSceneSpec['rugs'][number];
}

const RUG_HEIGHT = 0.015;
const EPSILON = 1e-4;

const SAMPLES: ReadonlyArray<readonly [number, number]> = [
  [0.25, 0.25],
  [0.75, 0.25],
  [0.25, 0.75],
  [0.75, 0.75],
];

export function renderRoomScene(scene: RoomSceneSpec): RenderedScene {
  const { width, height } = scene;
  const rgb = Buffer.alloc(width * height * 3);
  const floorMask = new Uint8Array(width * height);
  const rugMask = new Uint8Array(width * height);
  const focal = width / 2 / Math.tan((scene.camera.horizontalFovDegrees * Math.PI) / 360);
  const origin: Vec3 = [scene.camera.x, scene.camera.y, scene.camera.z];
  const yaw = (scene.camera.yawDegrees * Math.PI) / 180;
  const pitch = (scene.camera.pitchDegrees * Math.PI) / 180;
  const direction = (px: number, py: number): Vec3 => {
    const cx = (px - width / 2) / focal;
    const cy = -(py - height / 2) / focal;
    // Pitch about X (positive looks up), then yaw about Y (positive turns right).
    const y1 = cy * Math.cos(pitch) + Math.sin(pitch);
    const z1 = -cy * Math.sin(pitch) + Math.cos(pitch);
    return normalise([cx * Math.cos(yaw) + z1 * Math.sin(yaw), y1, -cx * Math.sin(yaw) + z1 * Math.cos(yaw)]);
  };

  for (let py = 0; py < height; py++) {
    for (let px = 0; px < width; px++) {
      const colour: Rgb = [0, 0, 0];
      for (const [sx, sy] of SAMPLES) {
        const c = shade(scene, origin, direction(px + sx, py + sy), 1);
        colour[0] += c[0] / SAMPLES.length;
        colour[1] += c[1] / SAMPLES.length;
        colour[2] += c[2] / SAMPLES.length;
      }
      const index = py * width + px;
      const grain = (hash3(px, py, scene.seed + 17) - 0.5) * 5;
      rgb[index * 3] = clampByte(colour[0] + grain);
      rgb[index * 3 + 1] = clampByte(colour[1] + grain);
      rgb[index * 3 + 2] = clampByte(colour[2] + grain);
      const centre = trace(scene, origin, direction(px + 0.5, py + 0.5));
      if (centre?.surface === 'floor') floorMask[index] = 255;
      if (centre?.surface === 'rug') rugMask[index] = 255;
    }
  }
  return { width, height, rgb, floorMask, rugMask };
}

function shade(scene: RoomSceneSpec, origin: Vec3, dir: Vec3, bounces: number): Rgb {
  const hit = trace(scene, origin, dir);
  if (!hit) return [0, 0, 0];
  const point = add(origin, scale(dir, hit.t));
  if (hit.surface === 'wall' && scene.window && inWindow(scene, point)) {
    return [235, 242, 250];
  }
  const base = surfaceColour(scene, hit, point);
  const lift = add(point, scale(hit.normal, 1e-3));
  const toLamp = sub(scene.lamp.position, lift);
  const lampDistance = Math.hypot(...toLamp);
  const lampDir = scale(toLamp, 1 / lampDistance);
  let light = scene.ambient;
  const lampCos = Math.max(0, dot(hit.normal, lampDir));
  if (lampCos > 0 && !occluded(scene, lift, lampDir, lampDistance)) {
    light += (scene.lamp.strength * lampCos) / (1 + 0.08 * lampDistance * lampDistance);
  }
  if (scene.window && (hit.surface === 'floor' || hit.surface === 'rug' || hit.surface === 'object')) {
    const sunDir = normalise(scene.window.sun);
    const sunCos = Math.max(0, dot(hit.normal, sunDir));
    if (sunCos > 0 && sunThroughWindow(scene, lift, sunDir) && !occluded(scene, lift, sunDir, Infinity)) {
      light += scene.window.strength * sunCos;
    }
  }
  let colour: Rgb = [base[0] * light, base[1] * light, base[2] * light];
  if (hit.surface === 'floor' && scene.floor.gloss > 0 && bounces > 0) {
    const reflected = shade(scene, lift, [dir[0], -dir[1], dir[2]], bounces - 1);
    // Fresnel-ish: grazing views reflect more.
    const k = Math.min(0.9, scene.floor.gloss * (1 + 2 * Math.pow(1 - Math.abs(dir[1]), 4)));
    colour = [
      colour[0] * (1 - k) + reflected[0] * k,
      colour[1] * (1 - k) + reflected[1] * k,
      colour[2] * (1 - k) + reflected[2] * k,
    ];
  }
  return colour;
}

function trace(scene: RoomSceneSpec, origin: Vec3, dir: Vec3): Hit | null {
  let best: Hit | null = null;
  const consider = (hit: Hit | null) => {
    if (hit && hit.t > EPSILON && (!best || hit.t < best.t)) best = hit;
  };
  consider(roomHit(scene, origin, dir));
  for (const object of scene.objects) consider(objectHit(object, origin, dir));
  for (const rug of scene.rugs) {
    const t = boxHitT([rug.x0, 0, rug.z0], [rug.x1, RUG_HEIGHT, rug.z1], origin, dir);
    if (t) consider({ t: t.t, surface: 'rug', normal: t.normal, paint: rug.colour, rug });
  }
  return best;
}

function occluded(scene: RoomSceneSpec, origin: Vec3, dir: Vec3, distance: number): boolean {
  for (const object of scene.objects) {
    const hit = objectHit(object, origin, dir);
    if (hit && hit.t > EPSILON && hit.t < distance) return true;
  }
  return false;
}

function roomHit(scene: RoomSceneSpec, origin: Vec3, dir: Vec3): Hit | null {
  const { left, right, front, back, ceiling } = scene.room;
  let best: Hit | null = null;
  const plane = (axis: 0 | 1 | 2, value: number, normal: Vec3, surface: Surface) => {
    if (Math.abs(dir[axis]) < 1e-12) return;
    const t = (value - origin[axis]) / dir[axis];
    if (t <= EPSILON || (best && t >= best.t)) return;
    best = { t, surface, normal, paint: surface === 'ceiling' ? scene.ceiling : scene.walls };
  };
  plane(1, 0, [0, 1, 0], 'floor');
  plane(1, ceiling, [0, -1, 0], 'ceiling');
  plane(0, left, [1, 0, 0], 'wall');
  plane(0, right, [-1, 0, 0], 'wall');
  plane(2, back, [0, 0, -1], 'wall');
  plane(2, front, [0, 0, 1], 'wall');
  return best;
}

function objectHit(object: SceneObject, origin: Vec3, dir: Vec3): Hit | null {
  if (object.kind === 'box') {
    const hit = boxHitT(object.min, object.max, origin, dir);
    return hit ? { t: hit.t, surface: 'object', normal: hit.normal, paint: object.paint } : null;
  }
  if (object.kind === 'cylinder') {
    const ox = origin[0] - object.x;
    const oz = origin[2] - object.z;
    const a = dir[0] * dir[0] + dir[2] * dir[2];
    let best: Hit | null = null;
    if (a > 1e-12) {
      const b = 2 * (ox * dir[0] + oz * dir[2]);
      const c = ox * ox + oz * oz - object.radius * object.radius;
      const disc = b * b - 4 * a * c;
      if (disc >= 0) {
        const t = (-b - Math.sqrt(disc)) / (2 * a);
        const y = origin[1] + t * dir[1];
        if (t > EPSILON && y >= object.y0 && y <= object.y1) {
          best = {
            t,
            surface: 'object',
            normal: normalise([ox + t * dir[0], 0, oz + t * dir[2]]),
            paint: object.paint,
          };
        }
      }
    }
    if (Math.abs(dir[1]) > 1e-12) {
      for (const capY of [object.y0, object.y1]) {
        const t = (capY - origin[1]) / dir[1];
        const x = ox + t * dir[0];
        const z = oz + t * dir[2];
        if (t > EPSILON && x * x + z * z <= object.radius * object.radius && (!best || t < best.t)) {
          best = { t, surface: 'object', normal: [0, capY === object.y1 ? 1 : -1, 0], paint: object.paint };
        }
      }
    }
    return best;
  }
  const [rx, ry, rz] = object.radii;
  const o: Vec3 = [
    (origin[0] - object.centre[0]) / rx,
    (origin[1] - object.centre[1]) / ry,
    (origin[2] - object.centre[2]) / rz,
  ];
  const d: Vec3 = [dir[0] / rx, dir[1] / ry, dir[2] / rz];
  const a = dot(d, d);
  const b = 2 * dot(o, d);
  const c = dot(o, o) - 1;
  const disc = b * b - 4 * a * c;
  if (disc < 0) return null;
  const t = (-b - Math.sqrt(disc)) / (2 * a);
  if (t <= EPSILON) return null;
  const p = add(o, scale(d, t));
  return { t, surface: 'object', normal: normalise([p[0] / rx, p[1] / ry, p[2] / rz]), paint: object.paint };
}

function boxHitT(min: Vec3, max: Vec3, origin: Vec3, dir: Vec3): { t: number; normal: Vec3 } | null {
  let tNear = -Infinity;
  let tFar = Infinity;
  let normal: Vec3 = [0, 1, 0];
  for (let axis = 0; axis < 3; axis++) {
    if (Math.abs(dir[axis]!) < 1e-12) {
      if (origin[axis]! < min[axis]! || origin[axis]! > max[axis]!) return null;
      continue;
    }
    let t0 = (min[axis]! - origin[axis]!) / dir[axis]!;
    let t1 = (max[axis]! - origin[axis]!) / dir[axis]!;
    const sign = t0 > t1 ? 1 : -1;
    if (t0 > t1) [t0, t1] = [t1, t0];
    if (t0 > tNear) {
      tNear = t0;
      normal = [0, 0, 0];
      normal[axis] = sign;
    }
    tFar = Math.min(tFar, t1);
    if (tNear > tFar) return null;
  }
  return tNear > EPSILON ? { t: tNear, normal } : null;
}

function inWindow(scene: RoomSceneSpec, point: Vec3): boolean {
  const w = scene.window!;
  const { left, right, back } = scene.room;
  const onWall =
    w.wall === 'left'
      ? Math.abs(point[0] - left) < 1e-3
      : w.wall === 'right'
        ? Math.abs(point[0] - right) < 1e-3
        : Math.abs(point[2] - back) < 1e-3;
  if (!onWall) return false;
  const u = w.wall === 'back' ? point[0] : point[2];
  return u >= w.u0 && u <= w.u1 && point[1] >= w.v0 && point[1] <= w.v1;
}

function sunThroughWindow(scene: RoomSceneSpec, point: Vec3, sunDir: Vec3): boolean {
  const w = scene.window!;
  const { left, right, back } = scene.room;
  const axis = w.wall === 'back' ? 2 : 0;
  const value = w.wall === 'left' ? left : w.wall === 'right' ? right : back;
  if (Math.abs(sunDir[axis]) < 1e-9) return false;
  const t = (value - point[axis]) / sunDir[axis];
  if (t <= 0) return false;
  const hit = add(point, scale(sunDir, t));
  const u = w.wall === 'back' ? hit[0] : hit[2];
  return u >= w.u0 && u <= w.u1 && hit[1] >= w.v0 && hit[1] <= w.v1;
}

function surfaceColour(scene: RoomSceneSpec, hit: Hit, point: Vec3): Rgb {
  if (hit.surface === 'floor') return finishColour(scene.floor.finish, point[0], point[2], scene.seed);
  if (hit.surface === 'rug' && hit.rug) {
    const rug = hit.rug;
    const border = Math.min(point[0] - rug.x0, rug.x1 - point[0], point[2] - rug.z0, rug.z1 - point[2]) < 0.12;
    const fleck = (fractalNoise2(point[0] * 40, point[2] * 40, 2, scene.seed + 4) - 0.5) * 0.2;
    const c = border ? rug.pattern : rug.colour;
    return [c[0] * (1 + fleck), c[1] * (1 + fleck), c[2] * (1 + fleck)];
  }
  const paint = hit.paint;
  if (Array.isArray(paint)) return paint;
  // A top cut from the floor's boards: texture across the horizontal plane, end grain on the sides.
  return finishColour(paint.finish, point[0] + point[1] * 3.1, point[2] + point[1] * 1.7, scene.seed + 31);
}

const FINISH_BASE: Record<FloorFinish, Rgb> = {
  'light-oak': [196, 164, 122],
  'honey-oak': [178, 128, 72],
  walnut: [74, 50, 36],
  'mixed-boards': [150, 104, 68],
  'white-tile': [226, 226, 222],
  'grey-tile': [138, 138, 136],
  carpet: [124, 116, 104],
  concrete: [150, 150, 146],
  plain: [128, 128, 128],
};

/** A board floor's layout and contrast (metres; tone and grain as the spread of a factor around 1). */
interface BoardLook {
  width: number;
  length: number;
  /** hash3 keys for each row's stagger and each plank's tone. */
  staggerKey: number;
  toneSeed: number;
  toneSpread: number;
  grainAcross: number;
  grainAlong: number;
  grainSpread: number;
  /** The seam's width across and along the boards, and how dark it is. */
  sideSeam: number;
  endSeam: number;
  seamShade: number;
}

const OAK_BOARDS: BoardLook = {
  width: 0.14,
  length: 1.6,
  staggerKey: 3,
  toneSeed: 0,
  toneSpread: 0.22,
  grainAcross: 60,
  grainAlong: 4,
  grainSpread: 0.25,
  sideSeam: 0.004,
  endSeam: 0.003,
  seamShade: 0.7,
};
const MIXED_BOARDS: BoardLook = {
  width: 0.09,
  length: 1.2,
  staggerKey: 5,
  toneSeed: 1,
  toneSpread: 0.8,
  grainAcross: 50,
  grainAlong: 3,
  grainSpread: 0.6,
  sideSeam: 0.003,
  endSeam: 0.003,
  seamShade: 0.6,
};

/** The factor a board floor multiplies its base colour by at floor point (x, z): plank tone, grain, seams. */
function boardPattern(x: number, z: number, seed: number, look: BoardLook): number {
  const row = Math.floor(x / look.width);
  const offset = hash3(row, look.staggerKey, seed) * look.length;
  const plank = Math.floor((z + offset) / look.length);
  const tone = 1 + (hash3(row, plank, seed + look.toneSeed) - 0.5) * look.toneSpread;
  const grain =
    (fractalNoise2(x * look.grainAcross, z * look.grainAlong + row * 7, 3, seed + row) - 0.5) * look.grainSpread;
  const seam =
    x - row * look.width < look.sideSeam || (z + offset) / look.length - plank < look.endSeam ? look.seamShade : 1;
  return tone * (1 + grain) * seam;
}

function finishColour(finish: FloorFinish, x: number, z: number, seed: number): Rgb {
  const [r, g, b] = FINISH_BASE[finish];
  if (finish === 'plain') return [r, g, b];
  if (finish === 'light-oak' || finish === 'honey-oak' || finish === 'walnut') {
    const k = boardPattern(x, z, seed, OAK_BOARDS);
    return [r * k, g * k, b * k];
  }
  if (finish === 'mixed-boards') {
    const k = boardPattern(x, z, seed, MIXED_BOARDS);
    return [r * k, g * k, b * k];
  }
  if (finish === 'white-tile' || finish === 'grey-tile') {
    const size = 0.6;
    const u = x / size;
    const v = z / size;
    const grout = u - Math.floor(u) < 0.008 / size || v - Math.floor(v) < 0.008 / size;
    const tone = 1 + (hash3(Math.floor(u), Math.floor(v), seed) - 0.5) * 0.05;
    return grout ? [r * 0.82, g * 0.82, b * 0.8] : [r * tone, g * tone, b * tone];
  }
  if (finish === 'carpet') {
    const k =
      1 +
      (fractalNoise2(x * 90, z * 90, 2, seed) - 0.5) * 0.25 +
      (fractalNoise2(x * 3, z * 3, 2, seed + 9) - 0.5) * 0.12;
    return [r * k, g * k, b * k];
  }
  const k =
    1 +
    (fractalNoise2(x * 1.5, z * 1.5, 4, seed) - 0.5) * 0.3 +
    (fractalNoise2(x * 30, z * 30, 2, seed + 2) - 0.5) * 0.08;
  return [r * k, g * k, b * k];
}

function add(a: Vec3, b: Vec3): Vec3 {
  return [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
}
function sub(a: Vec3, b: Vec3): Vec3 {
  return [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
}
function scale(a: Vec3, k: number): Vec3 {
  return [a[0] * k, a[1] * k, a[2] * k];
}
function dot(a: Vec3, b: Vec3): number {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}
function normalise(a: Vec3): Vec3 {
  const length = Math.hypot(a[0], a[1], a[2]);
  return [a[0] / length, a[1] / length, a[2] / length];
}
function clampByte(value: number): number {
  return value < 0 ? 0 : value > 255 ? 255 : Math.round(value);
}

/** Where a world point lands on the rendered image, in pixels (the inverse of the camera rays above). */
export function projectToPixel(scene: RoomSceneSpec, point: Vec3): { x: number; y: number } {
  const focal = scene.width / 2 / Math.tan((scene.camera.horizontalFovDegrees * Math.PI) / 360);
  const yaw = (scene.camera.yawDegrees * Math.PI) / 180;
  const pitch = (scene.camera.pitchDegrees * Math.PI) / 180;
  const [wx, wy, wz] = sub(point, [scene.camera.x, scene.camera.y, scene.camera.z]);
  // Undo yaw, then pitch.
  const x1 = wx * Math.cos(yaw) - wz * Math.sin(yaw);
  const z1 = wx * Math.sin(yaw) + wz * Math.cos(yaw);
  const cy = wy * Math.cos(pitch) - z1 * Math.sin(pitch);
  const cz = wy * Math.sin(pitch) + z1 * Math.cos(pitch);
  return { x: scene.width / 2 + (x1 / cz) * focal, y: scene.height / 2 - (cy / cz) * focal };
}
