import { hash3 } from '../../value-noise.ts';
import { linearToSrgbByte, srgbToLinear } from '../color-space.ts';
import type { FloorCamera, Vec3 } from '../floor-camera.ts';

/**
 * A ray-cast box room seen by a true pinhole camera (principal point at the centre, tilted down, turned
 * against the room), so tests know the geometry exactly: which pixels are floor, where the room's main
 * axis vanishes, and where a shadow falls. Room coordinates: X to the right, Y up, Z along the room; the
 * camera stands at the origin, `cameraHeight` above the floor.
 */
export interface CameraRoomScene {
  width: number;
  height: number;
  /** Focal length as a fraction of the long side. */
  focalPerLongSide: number;
  /** Downward tilt and turn to the right, degrees. */
  pitchDegrees: number;
  /**
   * Principal point moved down by this fraction of the height (negative: up). Straightening a photo's
   * verticals leaves a level camera whose horizon is off the image's middle, usually above it so the photo
   * shows more floor than ceiling. Default 0, a phone's centred lens.
   */
  principalShift?: number;
  yawDegrees: number;
  cameraHeight: number;
  /** Side walls' X, the far wall's Z, the ceiling's height above the floor, metres. */
  room: { left: number; right: number; far: number; ceiling: number };
  floor: 'plain' | 'tiles' | 'dark-light-boards';
  /** Wall paint, sRGB (default a warm off-white). */
  walls?: readonly [number, number, number];
  /**
   * The light's colour as the camera recorded it: every surface's linear RGB is multiplied by it (default
   * white, [1, 1, 1]). Tungsten light a camera left uncorrected is about [1.5, 0.93, 0.4].
   */
  light?: readonly [number, number, number];
  /** A band of the floor, across the room between these Z, that gets only `shadowLight` of the light. */
  shadow?: { fromZ: number; toZ: number; light: number };
  seed: number;
}

export interface CameraRoom {
  rgb: Buffer;
  floorMask: Buffer;
  /** The camera that took it, with `along` the room's Z axis. */
  camera: FloorCamera;
  /** Per pixel, the floor's Z (metres along the room) where the pixel sees floor, NaN elsewhere. */
  floorZ: Float32Array;
}

const BASEBOARD = 0.09;

type Surface = 'floor' | 'ceiling' | 'left' | 'right' | 'far';

export function renderCameraRoom(scene: CameraRoomScene): CameraRoom {
  const { width, height } = scene;
  const focal = scene.focalPerLongSide * Math.max(width, height);
  const cx = width / 2;
  const cy = height / 2 + (scene.principalShift ?? 0) * height;
  const pitch = (scene.pitchDegrees * Math.PI) / 180;
  const yaw = (scene.yawDegrees * Math.PI) / 180;
  // Camera (x right, y down, z forward) to room (X right, Y up, Z forward): pitch about x, then yaw about Y.
  const toRoom = (v: Vec3): Vec3 => {
    const x = v[0];
    const y = -v[1] * Math.cos(pitch) - v[2] * Math.sin(pitch);
    const z = -v[1] * Math.sin(pitch) + v[2] * Math.cos(pitch);
    return [x * Math.cos(yaw) + z * Math.sin(yaw), y, -x * Math.sin(yaw) + z * Math.cos(yaw)];
  };
  const toCamera = (v: Vec3): Vec3 => {
    const x = v[0] * Math.cos(yaw) - v[2] * Math.sin(yaw);
    const z = v[0] * Math.sin(yaw) + v[2] * Math.cos(yaw);
    const y = v[1];
    return [x, -(y * Math.cos(pitch) + z * Math.sin(pitch)), -y * Math.sin(pitch) + z * Math.cos(pitch)];
  };
  const camera: FloorCamera = {
    focal,
    cx,
    cy,
    up: toCamera([0, 1, 0]),
    along: toCamera([0, 0, 1]),
    across: toCamera([1, 0, 0]),
    height: scene.cameraHeight,
  };

  const rgb = Buffer.alloc(width * height * 3);
  const floorMask = Buffer.alloc(width * height);
  const floorZ = new Float32Array(width * height).fill(Number.NaN);
  const h = scene.cameraHeight;
  const { left, right, far, ceiling } = scene.room;
  for (let py = 0; py < height; py++) {
    for (let px = 0; px < width; px++) {
      const [dx, dy, dz] = toRoom([(px + 0.5 - cx) / focal, (py + 0.5 - cy) / focal, 1]);
      // Nearest of the floor, ceiling, side walls and far wall along the ray.
      const hits: Array<[number, Surface]> = [
        [dy < 0 ? -h / dy : Infinity, 'floor'],
        [dy > 0 ? (ceiling - h) / dy : Infinity, 'ceiling'],
        [dx < 0 ? left / dx : Infinity, 'left'],
        [dx > 0 ? right / dx : Infinity, 'right'],
        [dz > 0 ? far / dz : Infinity, 'far'],
      ];
      const [t, surface] = hits.reduce((nearest, hit) => (hit[0] < nearest[0] ? hit : nearest));
      const X = t * dx;
      const Y = t * dy + h;
      const Z = t * dz;
      const i = py * width + px;
      let color: Vec3;
      if (surface === 'floor') {
        floorMask[i] = 255;
        floorZ[i] = Z;
        color = floorColor(scene, X, Z);
        let light = 0.8 + 0.2 * Math.exp(-Z / 6);
        if (scene.shadow && Z >= scene.shadow.fromZ && Z < scene.shadow.toZ) light *= scene.shadow.light;
        color = [color[0] * light, color[1] * light, color[2] * light];
      } else if (surface === 'ceiling') {
        color = [238, 236, 232];
      } else if (Y < BASEBOARD) {
        color = Y > BASEBOARD - 0.012 ? [200, 198, 192] : [236, 234, 228];
      } else {
        const shade = surface === 'far' ? 0.95 : surface === 'left' ? 0.88 : 0.8;
        const [r, g, b] = scene.walls ?? [214, 204, 186];
        color = [r * shade, g * shade, b * shade];
      }
      if (scene.light) {
        const [lr, lg, lb] = scene.light;
        color = [linearToSrgbByte(srgbToLinear(color[0]) * lr), linearToSrgbByte(srgbToLinear(color[1]) * lg), linearToSrgbByte(srgbToLinear(color[2]) * lb)];
      }
      const noise = (hash3(px, py, scene.seed) - 0.5) * 4;
      rgb[i * 3] = clampByte(color[0] + noise);
      rgb[i * 3 + 1] = clampByte(color[1] + noise);
      rgb[i * 3 + 2] = clampByte(color[2] + noise);
    }
  }
  return { rgb, floorMask, camera, floorZ };
}

function floorColor(scene: CameraRoomScene, X: number, Z: number): Vec3 {
  if (scene.floor === 'tiles') {
    const u = X / 0.4;
    const v = Z / 0.4;
    const grout = u - Math.floor(u) < 0.03 || v - Math.floor(v) < 0.03;
    return grout ? [120, 116, 110] : [200, 196, 188];
  }
  if (scene.floor === 'dark-light-boards') {
    // An old floor with strongly varying boards, which must not print through onto the new one.
    const board = Math.floor(X / 0.1);
    const tone = hash3(board, Math.floor(Z / 1.2 + hash3(board, 1, scene.seed)), scene.seed) > 0.5 ? 1.25 : 0.7;
    return [120 * tone, 96 * tone, 72 * tone];
  }
  return [150, 146, 140];
}

function clampByte(value: number): number {
  return value < 0 ? 0 : value > 255 ? 255 : Math.round(value);
}
