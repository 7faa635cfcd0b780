/**
 * Bench rows for the light the renderer lays on the new wood (issue 8: "the original floor's shading, shadows
 * and reflections carry over"). Deterministic, so one run each.
 *
 * - Rendered rooms, true light: each rendered evaluation room is rendered twice, as the photo (its own floor,
 *   perhaps glossy) and with a plain matte grey floor, whose brightness is then the light alone. The renderer
 *   estimates the light from the photo (`prepareFloor`, with the exact floor mask, so segmentation errors stay
 *   out of it), and the row is the root mean square difference, over the floor's pixels (3 px inside its
 *   edge), between the logs of the two, each relative to its median: 0 is perfect, 0.1 is about 10 % off. The
 *   glossy rooms score worse by design: the estimate keeps some of their reflections, the matte answer has none.
 * - The same rooms with a strongly patterned matte floor (`mixed-boards`: board tones up to ±40 %, as patterned
 *   as the real photos' board and lino floors; the rooms' own floors are much plainer): the old floor's
 *   pattern must stay off the light while the light's own shadows and sun patches come through.
 * - Real floors (when the labelled photos are imported): each photo's floor is multiplied by a known light, a
 *   sun patch (2.2 times) and a shadow (0.45 times) with soft edges, and the light estimated again. The row
 *   is the share of that light the estimate takes up (the slope of its change against the imposed light's
 *   log, 1 = all, 0 = none), mean over the photos. It cannot see the old floor's pattern leaking into the
 *   light (any leak is the same in both estimates), so it only counts beside the row above and a look at
 *   the contact sheets.
 * - Sharp detail in the light on the same real floors (sharpDetail): what a leg's mirror image, a caster or a
 *   cable left in the light prints on the new wood. Median over the photos, the highest named.
 * Alone: npx tsx bench/floor-light.bench.ts
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DecodedPhoto, FloorMask } from '../visualizer-processor/engine/floor-engine.ts';
import { LINEAR_STEPS, LINEAR_TO_SRGB, SRGB_TO_LINEAR } from '../visualizer-processor/engine/rendering/color-space.ts';
import { prepareFloor } from '../visualizer-processor/engine/rendering/prepare-floor.ts';
import { loadRealSet } from '../visualizer-processor/evaluation/load-real-set.ts';
import { RENDERED_ROOMS } from '../visualizer-processor/evaluation/rendered/rendered-room-scenes.ts';
import { renderRoomScene, type FloorFinish } from '../visualizer-processor/evaluation/rendered/room-ray-tracer.ts';
import type { BenchRow } from './bench-row';
import { median } from './bench-row';

/** Floor pixels this close to the floor's edge are left out: the light there is blurred with the wall's. */
const EDGE = 3;

type Scene = (typeof RENDERED_ROOMS)[number]['scene'];
type FloorLightGrid = Awaited<ReturnType<typeof prepareFloor>>['floor']['light'];

/** The estimated light at full-size pixel (x, y), bilinear on the light grid. */
function lightAt(light: FloorLightGrid, x: number, y: number): number {
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
}

/** Calls `visit` for the floor's pixels at least EDGE pixels inside its edge (every `step`-th each way). */
function forInnerFloor(
  mask: Uint8Array | Buffer,
  width: number,
  height: number,
  step: number,
  visit: (x: number, y: number) => void,
): void {
  const isFloor = (x: number, y: number) => x >= 0 && y >= 0 && x < width && y < height && mask[y * width + x]! > 127;
  for (let y = 0; y < height; y += step) {
    for (let x = 0; x < width; x += step) {
      if (isFloor(x, y) && isFloor(x - EDGE, y) && isFloor(x + EDGE, y) && isFloor(x, y - EDGE) && isFloor(x, y + EDGE))
        visit(x, y);
    }
  }
}

function luminanceAt(rgb: Buffer, i: number): number {
  return (
    0.2126 * SRGB_TO_LINEAR[rgb[i * 3]!]! +
    0.7152 * SRGB_TO_LINEAR[rgb[i * 3 + 1]!]! +
    0.0722 * SRGB_TO_LINEAR[rgb[i * 3 + 2]!]!
  );
}

/** The light estimated on the room (with its own floor, or `finish`) against the true light. */
async function lightError(scene: Scene, finish?: FloorFinish): Promise<number> {
  const photo = renderRoomScene(finish ? { ...scene, floor: { finish, gloss: 0 } } : scene);
  const matte = renderRoomScene({ ...scene, floor: { finish: 'plain', gloss: 0 } });
  const { width, height } = photo;
  const prepared = await prepareFloor(
    { pixels: photo.rgb, width, height },
    { width, height, mask: Buffer.from(photo.floorMask) },
  );
  const estimated: number[] = [];
  const truth: number[] = [];
  forInnerFloor(photo.floorMask, width, height, 1, (x, y) => {
    estimated.push(Math.log(lightAt(prepared.floor.light, x, y)));
    truth.push(Math.log(luminanceAt(matte.rgb, y * width + x) + 1e-4));
  });
  const estimatedMedian = median(estimated);
  const truthMedian = median(truth);
  let sum = 0;
  for (let k = 0; k < estimated.length; k++) sum += (estimated[k]! - estimatedMedian - (truth[k]! - truthMedian)) ** 2;
  return Math.sqrt(sum / estimated.length);
}

const SUN_PATCH = 2.2;
const SHADOW = 0.45;

/**
 * The share of a known light that the estimate takes up on a real floor: the photo's floor (its label) is
 * multiplied by a soft-edged sun patch and shadow placed in the floor's bounding box, and the light estimated
 * again; the slope of the change in log light against the imposed log light, both relative to their medians.
 */
async function transferOnRealFloor(photo: DecodedPhoto, floor: FloorMask): Promise<{ share: number; detail: number }> {
  const { width, height } = photo;
  const mask = floor.mask;
  let left = width;
  let right = 0;
  let top = height;
  let bottom = 0;
  for (let i = 0; i < width * height; i++) {
    if (mask[i]! <= 127) continue;
    const x = i % width;
    const y = (i - x) / width;
    left = Math.min(left, x);
    right = Math.max(right, x);
    top = Math.min(top, y);
    bottom = Math.max(bottom, y);
  }
  const boxWidth = right - left;
  const boxHeight = bottom - top;
  // 1 inside an ellipse, fading to 0 between 0.8 and 1.2 of its radii.
  const blob = (x: number, y: number, cx: number, cy: number, rx: number, ry: number) => {
    const t = Math.min(
      1,
      Math.max(
        0,
        (Math.hypot((x - left - cx * boxWidth) / (rx * boxWidth), (y - top - cy * boxHeight) / (ry * boxHeight)) -
          0.8) /
          0.4,
      ),
    );
    return 1 - t * t * (3 - 2 * t);
  };
  const imposed = (x: number, y: number) =>
    Math.log(SUN_PATCH) * blob(x, y, 0.33, 0.68, 0.2, 0.16) + Math.log(SHADOW) * blob(x, y, 0.7, 0.5, 0.14, 0.12);
  const lit = Buffer.from(photo.pixels);
  for (let i = 0; i < width * height; i++) {
    if (mask[i]! <= 127) continue;
    const x = i % width;
    const factor = Math.exp(imposed(x, (i - x) / width));
    for (let c = 0; c < 3; c++) {
      const linear = SRGB_TO_LINEAR[lit[i * 3 + c]!]! * factor;
      lit[i * 3 + c] = LINEAR_TO_SRGB[Math.min(LINEAR_STEPS, Math.round(linear * LINEAR_STEPS))]!;
    }
  }
  const before = await prepareFloor(photo, floor);
  const after = await prepareFloor({ ...photo, pixels: lit }, floor);
  const change: number[] = [];
  const applied: number[] = [];
  forInnerFloor(mask, width, height, 2, (x, y) => {
    change.push(
      Math.log(lightAt(after.floor.light, x, y) / after.lighting.exposure) -
        Math.log(lightAt(before.floor.light, x, y) / before.lighting.exposure),
    );
    applied.push(imposed(x, y));
  });
  const changeMedian = median(change);
  const appliedMedian = median(applied);
  let product = 0;
  let square = 0;
  for (let k = 0; k < change.length; k++) {
    product += (change[k]! - changeMedian) * (applied[k]! - appliedMedian);
    square += (applied[k]! - appliedMedian) ** 2;
  }
  return { share: product / square, detail: sharpDetail(before.floor.light, mask, width, height) };
}

/**
 * How much sharp detail the light lays on the new wood: the root mean square, over the light's cells inside
 * the floor (a cell and its 5 × 5 neighbourhood all on it), of the cell's log light minus the mean of its
 * neighbourhood's. A shadow or sun patch changes slowly and adds little; a chair leg's mirror image, a
 * caster or a cable in the light adds much: these are printed on the wood as pale or dark ghosts.
 */
function sharpDetail(light: FloorLightGrid, mask: Uint8Array | Buffer, width: number, height: number): number {
  let sum = 0;
  let count = 0;
  for (let gy = 2; gy < light.height - 2; gy++) {
    for (let gx = 2; gx < light.width - 2; gx++) {
      let inside = true;
      let mean = 0;
      for (let dy = -2; dy <= 2 && inside; dy++) {
        for (let dx = -2; dx <= 2; dx++) {
          const x = Math.min(width - 1, Math.floor((gx + dx + 0.5) * light.scale));
          const y = Math.min(height - 1, Math.floor((gy + dy + 0.5) * light.scale));
          const value = light.values[(gy + dy) * light.width + gx + dx]!;
          if (mask[y * width + x]! <= 127 || !(value > 0)) {
            inside = false;
            break;
          }
          mean += Math.log(value) / 25;
        }
      }
      if (!inside) continue;
      sum += (Math.log(light.values[gy * light.width + gx]!) - mean) ** 2;
      count++;
    }
  }
  return count > 0 ? Math.sqrt(sum / count) : 0;
}

export default async function bench(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const finish of [undefined, 'mixed-boards'] as const) {
    const errors: { id: string; error: number }[] = [];
    for (const room of RENDERED_ROOMS) errors.push({ id: room.id, error: await lightError(room.scene, finish) });
    const mean = errors.reduce((sum, e) => sum + e.error, 0) / errors.length;
    rows.push({
      metric: `light on the floor, log-RMSE against the true light, mean of the ${errors.length} rendered rooms${finish ? ', their floors replaced by strongly patterned boards' : ''}`,
      median: mean,
      unit: '',
      runs: 1,
      note: errors.map((e) => `${e.id.replace('rendered-', '')} ${e.error.toFixed(3)}`).join(', '),
    });
  }
  const real = await loadRealSet();
  if (real.cases.length > 0) {
    const shares: { id: string; share: number; detail: number }[] = [];
    for (const item of real.cases) shares.push({ id: item.id, ...(await transferOnRealFloor(item.photo, item.truth)) });
    rows.push({
      metric: `share of an imposed sun patch and shadow the light takes up, mean of ${shares.length} real floors`,
      median: shares.reduce((sum, s) => sum + s.share, 0) / shares.length,
      unit: '',
      runs: 1,
      note: `lowest: ${[...shares]
        .sort((a, b) => a.share - b.share)
        .slice(0, 3)
        .map((s) => `${s.id} ${s.share.toFixed(2)}`)
        .join(', ')}; highest: ${[...shares]
        .sort((a, b) => b.share - a.share)
        .slice(0, 2)
        .map((s) => `${s.id} ${s.share.toFixed(2)}`)
        .join(', ')}`,
    });
    rows.push({
      metric: `sharp detail in the light on ${shares.length} real floors (ghosts of legs, casters, cables), median, log units`,
      median: median(shares.map((s) => s.detail)),
      unit: '',
      runs: 1,
      note: `highest: ${[...shares]
        .sort((a, b) => b.detail - a.detail)
        .slice(0, 4)
        .map((s) => `${s.id} ${s.detail.toFixed(3)}`)
        .join(', ')}`,
    });
  }
  return rows;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const row of await bench()) console.log(row);
}
