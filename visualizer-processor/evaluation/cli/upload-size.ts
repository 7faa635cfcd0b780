/**
 * npm run eval:upload-size -- [--sides=2048,1600] [--quality=85] [--part=k/n] [--only=id,id]: what the page's smaller upload (issue 35,
 * src/config/photo-upload.ts) costs the floor, on the real set (photos imported with `npm run eval:import`).
 * For each photo, the processor's first-render floor (rugs kept) from
 *  - today's upload: the camera's file, decoded by the processor at its working size (2048 px);
 *  - the page's upload at each longest side, by the page's own rule (prepare-photo.ts): a JPEG or WebP already upright,
 *    within the side and the byte target goes as its own picture with the metadata left out (the page's very
 *    function); any other photo upright, scaled down (never up), flattened on white and encoded as JPEG at the
 *    quality (again at the fallback quality when over the byte target), as the browser's canvas does; then decoded
 *    by the processor the same way;
 * each scored at the label's size against the hand-made floor: IoU, precision, and whether a visitor would believe
 * it (issue 34: the largest connected piece of real floor left as it was is at most 2 % of the photo, and the
 * largest connected piece of non-floor painted with wood at most 1 %). Prints one line per photo where anything
 * changed, then the means, the believable counts and the JPEG sizes.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { createFloorEngine } from '../../engine/create-floor-engine.ts';
import type { FloorMask } from '../../engine/floor-engine.ts';
import { MAX_WORKING_SIDE, decodePhoto } from '../../src/decode-photo.ts';
import { photoUpload } from '../../../src/config/photo-upload.ts';
import { pictureSentAsStored } from '../../../src/features/visualizer/utils/photo-without-metadata.ts';
import { PHOTOS_DIR } from '../evaluation-paths.ts';
import { floorAgreement, isFloor } from '../floor-mask.ts';
import { readLabel, readManifest } from '../load-real-set.ts';
import { rasteriseLabel } from '../rasterise-label.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) =>
  args.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const sides = option('sides', '2048,1600').split(',').map(Number);
const quality = Number(option('quality', String(Math.round(photoUpload.quality * 100))));
// --part=k/n scores every n-th photo from the k-th (1-based), to split a run over processes.
const [part, parts] = option('part', '1/1').split('/').map(Number) as [number, number];
// --only=id,id: just these photos.
const only = option('only', '').split(',').filter(Boolean);

/** Issue 34's "believable": the largest connected piece of each kind of error, as shares of the photo. */
export const BELIEVABLE_MISSED_FLOOR = 0.02;
export const BELIEVABLE_PAINTED_NON_FLOOR = 0.01;

/** Size of the largest 4-connected region where `wrong(i)` holds. */
function largestRegion(width: number, height: number, wrong: (index: number) => boolean): number {
  const seen = new Uint8Array(width * height);
  const stack: number[] = [];
  let largest = 0;
  for (let start = 0; start < seen.length; start++) {
    if (seen[start] || !wrong(start)) continue;
    let size = 0;
    seen[start] = 1;
    stack.push(start);
    while (stack.length) {
      const at = stack.pop()!;
      size++;
      const x = at % width;
      for (const next of [at - width, at + width, x > 0 ? at - 1 : -1, x < width - 1 ? at + 1 : -1]) {
        if (next < 0 || next >= seen.length || seen[next] || !wrong(next)) continue;
        seen[next] = 1;
        stack.push(next);
      }
    }
    largest = Math.max(largest, size);
  }
  return largest;
}

type Score = { iou: number; precision: number; believable: boolean; missed: number; painted: number };

function score(predicted: FloorMask, truth: FloorMask): Score {
  const { iou, precision } = floorAgreement(predicted, truth);
  const pixels = truth.width * truth.height;
  const missed = largestRegion(truth.width, truth.height, (i) => isFloor(truth, i) && !isFloor(predicted, i)) / pixels;
  const painted = largestRegion(truth.width, truth.height, (i) => !isFloor(truth, i) && isFloor(predicted, i)) / pixels;
  return {
    iou,
    precision,
    missed,
    painted,
    believable: missed <= BELIEVABLE_MISSED_FLOOR && painted <= BELIEVABLE_PAINTED_NON_FLOOR,
  };
}

/** The processor's floor for these bytes, at the label's size (nearest neighbour, as the evaluation's masks are). */
async function floorAtLabelSize(bytes: Buffer, width: number, height: number): Promise<FloorMask> {
  const photo = await decodePhoto(bytes, { maxSide: MAX_WORKING_SIDE });
  const found = await engine.findFloor(photo);
  const mask = await sharp(found.mask, { raw: { width: found.width, height: found.height, channels: 1 } })
    .resize(width, height, { fit: 'fill', kernel: 'nearest' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  return { width, height, mask };
}

/** What the page sends (prepare-photo.ts): the JPEG's own picture when it fits, else redrawn; no metadata. */
async function pageUpload(bytes: Buffer, side: number): Promise<Buffer> {
  const asStored = pictureSentAsStored(bytes, side);
  if (asStored) return Buffer.from(asStored.bytes);
  const redraw = (jpegQuality: number) =>
    sharp(bytes)
      .rotate()
      .resize(side, side, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: jpegQuality })
      .toBuffer();
  const first = await redraw(quality);
  if (first.length <= photoUpload.targetBytes) return first;
  const smaller = await redraw(Math.round(photoUpload.fallbackQuality * 100));
  return smaller.length < first.length ? smaller : first;
}

const engine = createFloorEngine({ kind: 'offline' });
const manifest = await readManifest();
const variants = ['today', ...sides.map((side) => `${side}q${quality}`)];
const results = new Map<string, Score[]>(variants.map((variant) => [variant, []]));
const uploadBytes = new Map<string, number[]>(variants.map((variant) => [variant, []]));
let missing = 0;
for (const [index, entry] of manifest.photos.entries()) {
  if (index % parts !== part - 1 || (only.length > 0 && !only.includes(entry.id))) continue;
  let original: Buffer;
  try {
    original = await readFile(path.join(PHOTOS_DIR, entry.file));
  } catch {
    missing++;
    continue;
  }
  const truth = rasteriseLabel(await readLabel(entry.id), 'keep-rugs');
  const line: string[] = [];
  // A photo smaller than a side gives the same upload at every larger side: scored once.
  const scored = new Map<string, Score>();
  for (const variant of variants) {
    const side = variant === 'today' ? 0 : Number(variant.split('q')[0]);
    const bytes = side ? await pageUpload(original, side) : original;
    uploadBytes.get(variant)!.push(bytes.length);
    const key = createHash('sha256').update(bytes).digest('hex');
    const result = scored.get(key) ?? score(await floorAtLabelSize(bytes, truth.width, truth.height), truth);
    scored.set(key, result);
    results.get(variant)!.push(result);
    line.push(
      `${variant} ${result.iou.toFixed(3)}/${result.precision.toFixed(3)}${result.believable ? ' B' : '  '} (${Math.round(bytes.length / 1024)} KiB)`,
    );
  }
  console.log(`${entry.id.padEnd(48)} ${entry.width}×${entry.height}  ${line.join('  ')}`);
}
if (missing) console.log(`real photos not imported (npm run eval:import): ${missing}`);

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const today = results.get('today')!;
console.log(
  '\n| upload | mean IoU | mean precision | believable | photos losing believability | precision down > 0.01 | IoU down > 0.01 | median / max upload |',
);
console.log('|---|---|---|---|---|---|---|---|');
for (const variant of variants) {
  const scores = results.get(variant)!;
  const lostBelief = scores.filter((s, i) => today[i]!.believable && !s.believable).length;
  const lessPrecise = scores.filter((s, i) => s.precision < today[i]!.precision - 0.01).length;
  const lessIoU = scores.filter((s, i) => s.iou < today[i]!.iou - 0.01).length;
  const bytes = uploadBytes.get(variant)!;
  console.log(
    `| ${variant} | ${mean(scores.map((s) => s.iou)).toFixed(3)} | ${mean(scores.map((s) => s.precision)).toFixed(3)} | ` +
      `${scores.filter((s) => s.believable).length} of ${scores.length} | ${variant === 'today' ? '-' : lostBelief} | ` +
      `${variant === 'today' ? '-' : lessPrecise} | ${variant === 'today' ? '-' : lessIoU} | ` +
      `${Math.round(median(bytes) / 1024)} / ${Math.round(Math.max(...bytes) / 1024)} KiB |`,
  );
}
