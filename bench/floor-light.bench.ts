/**
 * Bench rows for the light the renderer lays on the new wood (issue 8: "the original floor's shading, shadows
 * and reflections carry over"). Each rendered evaluation room is rendered twice: as the photo (its own floor,
 * patterned, perhaps glossy) and with a plain matte grey floor, whose brightness is then the light alone. The
 * renderer estimates the light from the photo (`prepareFloor`, with the exact floor mask, so segmentation
 * errors stay out of it), and the row is the root mean square difference, over the floor's pixels (3 px
 * inside its edge), between the logs of the two, each relative to its median: 0 is perfect, 0.1 is about 10 %
 * off. The glossy rooms score worse by design: the estimate keeps some of their reflections, the matte answer
 * has none. Deterministic, so one run.
 * Alone: npx tsx bench/floor-light.bench.ts
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SRGB_TO_LINEAR } from '../visualizer-processor/engine/rendering/color-space.ts';
import { prepareFloor } from '../visualizer-processor/engine/rendering/prepare-floor.ts';
import { RENDERED_ROOMS } from '../visualizer-processor/evaluation/rendered/rendered-room-scenes.ts';
import { renderRoomScene } from '../visualizer-processor/evaluation/rendered/room-ray-tracer.ts';
import type { BenchRow } from './bench-row';
import { median } from './bench-row';

/** Floor pixels this close to the floor's edge are left out: the light there is blurred with the wall's. */
const EDGE = 3;

async function lightError(scene: (typeof RENDERED_ROOMS)[number]['scene']): Promise<number> {
  const photo = renderRoomScene(scene);
  const matte = renderRoomScene({ ...scene, floor: { finish: 'plain', gloss: 0 } });
  const { width, height } = photo;
  const prepared = await prepareFloor(
    { pixels: photo.rgb, width, height },
    { width, height, mask: Buffer.from(photo.floorMask) },
  );
  const light = prepared.floor.light;
  const lightAt = (x: number, y: number) => {
    const gx = Math.min(light.width - 1, Math.max(0, (x + 0.5) / light.scale - 0.5));
    const gy = Math.min(light.height - 1, Math.max(0, (y + 0.5) / light.scale - 0.5));
    const x0 = Math.floor(gx);
    const y0 = Math.floor(gy);
    const x1 = Math.min(light.width - 1, x0 + 1);
    const y1 = Math.min(light.height - 1, y0 + 1);
    const fx = gx - x0;
    const fy = gy - y0;
    const v = (xx: number, yy: number) => light.values[yy * light.width + xx]!;
    return (v(x0, y0) * (1 - fx) + v(x1, y0) * fx) * (1 - fy) + (v(x0, y1) * (1 - fx) + v(x1, y1) * fx) * fy;
  };
  const isFloor = (x: number, y: number) =>
    x >= 0 && y >= 0 && x < width && y < height && photo.floorMask[y * width + x] !== 0;
  const estimated: number[] = [];
  const truth: number[] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (
        !isFloor(x, y) ||
        !isFloor(x - EDGE, y) ||
        !isFloor(x + EDGE, y) ||
        !isFloor(x, y - EDGE) ||
        !isFloor(x, y + EDGE)
      )
        continue;
      const i = (y * width + x) * 3;
      const matteLuminance =
        0.2126 * SRGB_TO_LINEAR[matte.rgb[i]!]! +
        0.7152 * SRGB_TO_LINEAR[matte.rgb[i + 1]!]! +
        0.0722 * SRGB_TO_LINEAR[matte.rgb[i + 2]!]!;
      estimated.push(Math.log(lightAt(x, y)));
      truth.push(Math.log(matteLuminance + 1e-4));
    }
  }
  const estimatedMedian = median(estimated);
  const truthMedian = median(truth);
  let sum = 0;
  for (let k = 0; k < estimated.length; k++) sum += (estimated[k]! - estimatedMedian - (truth[k]! - truthMedian)) ** 2;
  return Math.sqrt(sum / estimated.length);
}

export default async function bench(): Promise<BenchRow[]> {
  const errors: { id: string; error: number }[] = [];
  for (const room of RENDERED_ROOMS) errors.push({ id: room.id, error: await lightError(room.scene) });
  const mean = errors.reduce((sum, e) => sum + e.error, 0) / errors.length;
  const rows: BenchRow[] = [
    {
      metric: `light on the floor, log-RMSE against the true light, mean of the ${errors.length} rendered rooms`,
      median: mean,
      unit: '',
      runs: 1,
      note: errors.map((e) => `${e.id.replace('rendered-', '')} ${e.error.toFixed(3)}`).join(', '),
    },
  ];
  return rows;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const row of await bench()) console.log(row);
}
