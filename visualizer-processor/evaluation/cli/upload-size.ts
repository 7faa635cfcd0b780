/**
 * npm run eval:upload-size -- [--sides=2048,1600] [--quality=80] [--formats=jpeg,webp] [--redraw-all] [--set=tuning|held-back]
 * [--part=k/n] [--only=id,id] [--noise] [--cache DIR]: what the page's own copy
 * of the photo (issue 35, src/config/photo-upload.ts) costs the floor, on the real set (photos imported with
 * `npm run eval:import`). For each photo, the floor of the page's first render (src/floor-as-shown.ts: the photo's
 * default rug choice) from
 *  - today's upload: the camera's file, decoded by the processor at its working size (2048 px);
 *  - the page's upload at each longest side, made by the page's own code in Chromium (page-upload-in-chromium.ts:
 *    the browser's decoder, canvas scaling and JPEG encoder, which no Node library copies exactly), then decoded by
 *    the processor the same way;
 * each scored at the label's size against the hand-made floor by the visitor's view (visitor-view.ts): IoU,
 * precision, and whether a visitor would believe it (issue 34). Prints one line per photo, then the means, the
 * believable counts, how many photos lose and the upload sizes.
 *
 * --noise also scores each photo's own working-size pixels nudged three ways (every 97th, 89th or 101st byte, from
 * three different starts, one level higher), changes no one could see: the network answers each by moving about as
 * many of its cells as a JPEG re-encode does (decision 025), so those rows are the engine's own noise, the yardstick
 * for the upload's rows. A photo loses to the upload only beyond that noise: worse than the file and than every
 * nudge. The same count is made for each nudge against the file and the other two, so the upload's count can be
 * read against what an invisible change alone scores.
 *
 * --formats=jpeg,webp encodes the page's copy in each of these types (the canvas's own encoder; `jpeg` is the page's
 * `image/jpeg`), one upload row each (`1600q70webp`). --redraw-all redraws every photo, also those the page sends as
 * stored (at most 2048 px, upright, light): what an encoding does to the floor read on the whole set rather than on
 * the few camera-sized photos (rows suffixed `r`). --set=tuning or --set=held-back scores that part only (the
 * held-back part is never tuned on: run it once per change kept).
 *
 * --cache DIR keeps the network's passes (network-pass-cache.ts) under keys of their own (`<id>~nudged97`,
 * `<id>~page2048q80`), so a second run with another engine tuning only repeats the steps after the network.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { floorsFromSegmentation } from '../../engine/segmentation/find-floor-with-segmenter.ts';
import type { DecodedPhoto, FloorMask } from '../../engine/floor-engine.ts';
import { MAX_WORKING_SIDE, decodePhoto } from '../../src/decode-photo.ts';
import { photoUpload } from '../../../src/config/photo-upload.ts';
import { PHOTOS_DIR } from '../evaluation-paths.ts';
import { startPageUploader } from '../page-upload-in-chromium.ts';
import { readLabel, readManifest } from '../load-real-set.ts';
import { rasteriseLabel } from '../rasterise-label.ts';
import { judgeMask, type VisitorJudgement } from '../visitor-view.ts';
import { floorAsShown } from '../../src/floor-as-shown.ts';
import { cachedSegmentForFloor } from '../network-pass-cache.ts';
import { PRECISION_LOSS, lossesBeyondNoise, type JudgedPhoto } from '../losses-beyond-noise.ts';
import { optionProblem } from './command-options.ts';

const args = process.argv.slice(2);
const problem = optionProblem(args, {
  values: ['--cache'],
  switches: ['--noise', '--redraw-all'],
  joined: ['--sides', '--quality', '--formats', '--set', '--part', '--only'],
});
if (problem) {
  console.error(
    `${problem}\nUsage: npm run eval:upload-size -- [--sides=2048,1600] [--quality=80] [--formats=jpeg,webp] [--redraw-all] [--set=tuning|held-back] [--part=k/n] [--only=id,id] [--noise] [--cache DIR]`,
  );
  process.exit(1);
}
const option = (name: string, fallback: string) =>
  args.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const sides = option('sides', String(photoUpload.longestSidePx)).split(',').map(Number);
const quality = Number(option('quality', String(Math.round(photoUpload.quality * 100))));
// --part=k/n scores every n-th photo from the k-th (1-based), to split a run over processes.
const [part, parts] = option('part', '1/1').split('/').map(Number) as [number, number];
// --only=id,id: just these photos.
const only = option('only', '').split(',').filter(Boolean);
const withNoise = args.includes('--noise');
const formats = option('formats', 'jpeg').split(',');
const unknownFormat = formats.find((format) => !['jpeg', 'webp'].includes(format));
const set = option('set', 'all');
if (unknownFormat || !['all', 'tuning', 'held-back'].includes(set)) {
  console.error(`--formats takes jpeg and webp, --set tuning or held-back`);
  process.exit(1);
}
const redrawAll = args.includes('--redraw-all');
const cacheAt = args.indexOf('--cache');
const cache = cacheAt >= 0 ? args[cacheAt + 1] : undefined;
const page = await startPageUploader();

/**
 * The floor of the page's first render for these bytes (src/floor-as-shown.ts: the photo's default rug choice), at
 * the label's size (nearest neighbour, as the evaluation's masks are).
 */
async function floorAtLabelSize(photo: DecodedPhoto, cacheKey: string, width: number, height: number): Promise<FloorMask> {
  const pass = await cachedSegmentForFloor(cache, cacheKey, photo);
  const found = (await floorAsShown((p, options) => floorsFromSegmentation(p, pass, options), photo))!.floor;
  const mask = await sharp(found.mask, { raw: { width: found.width, height: found.height, channels: 1 } })
    .resize(width, height, { fit: 'fill', kernel: 'nearest' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  return { width, height, mask };
}

const manifest = await readManifest();
/**
 * Three invisible changes of the photo's pixels: every `stride`-th byte from `start` one level higher. Three, not
 * one: one nudge is one sample of the engine's noise, and a photo near one of its thresholds falls either side.
 */
const NUDGES = [
  { stride: 97, start: 0 },
  { stride: 89, start: 1 },
  { stride: 101, start: 2 },
];
const nudgeNames = withNoise ? NUDGES.map(({ stride }) => `nudged${stride}`) : [];
const uploads = sides.flatMap((side) =>
  formats.map((format) => `${side}q${quality}${format === 'jpeg' ? '' : format}${redrawAll ? 'r' : ''}`),
);
const variants = ['today', ...nudgeNames, ...uploads];

function nudged(photo: DecodedPhoto, variant: string): DecodedPhoto {
  const { stride, start } = NUDGES.find((nudge) => `nudged${nudge.stride}` === variant)!;
  const pixels = Buffer.from(photo.pixels);
  for (let i = start; i < pixels.length; i += stride) pixels[i] = Math.min(255, pixels[i]! + 1);
  return { ...photo, pixels };
}
const results = new Map<string, VisitorJudgement[]>(variants.map((variant) => [variant, []]));
const uploadBytes = new Map<string, number[]>(variants.map((variant) => [variant, []]));
let missing = 0;
/** The photos scored, in the order of `results`' rows. */
const ids: string[] = [];
for (const [index, entry] of manifest.photos.entries()) {
  if (index % parts !== part - 1 || (only.length > 0 && !only.includes(entry.id))) continue;
  if ((set === 'tuning' && entry.heldBack) || (set === 'held-back' && !entry.heldBack)) continue;
  let original: Buffer;
  try {
    original = await readFile(path.join(PHOTOS_DIR, entry.file));
  } catch {
    missing++;
    continue;
  }
  const truth = rasteriseLabel(await readLabel(entry.id), 'keep-rugs');
  ids.push(entry.id);
  const line: string[] = [];
  // A photo smaller than a side gives the same upload at every larger side: scored once.
  const scored = new Map<string, VisitorJudgement>();
  for (const variant of variants) {
    const isNudge = nudgeNames.includes(variant);
    const side = variant === 'today' || isNudge ? 0 : Number(variant.split('q')[0]);
    const format = variant.includes('webp') ? 'image/webp' : 'image/jpeg';
    const upload = side ? await page.upload(original, entry.file, side, quality / 100, { format, redrawAll }) : undefined;
    // A browser that cannot encode the type gives another (Safari: PNG for WebP); never scored as if it could. (A
    // photo sent as stored keeps its own type.)
    if (upload && upload.type !== format && (redrawAll || !photoUpload.sentAsStored.includes(upload.type)))
      throw new Error(`${entry.id}: asked for ${format}, the canvas gave ${upload.type}`);
    const bytes = upload ? upload.bytes : original;
    uploadBytes.get(variant)!.push(bytes.length);
    const photo = await decodePhoto(bytes, { maxSide: MAX_WORKING_SIDE });
    // Keyed by the decoded pixels: a copy that only left the file's metadata out is the file to the engine.
    const pixelsHash = createHash('sha256').update(photo.pixels).digest('hex');
    const key = `${isNudge ? `${variant} ` : ''}${pixelsHash}`;
    let result = scored.get(key);
    if (!result) {
      const cacheKey = variant === 'today' ? entry.id : isNudge ? `${entry.id}~${variant}` : `${entry.id}~page${variant}`;
      result = judgeMask(await floorAtLabelSize(isNudge ? nudged(photo, variant) : photo, cacheKey, truth.width, truth.height), truth);
    }
    scored.set(key, result);
    results.get(variant)!.push(result);
    line.push(
      `${variant} ${result.iou.toFixed(3)}/${result.precision.toFixed(3)}${result.believable ? ' B' : '  '} (${Math.round(bytes.length / 1024)} KiB)`,
    );
  }
  console.log(`${entry.id.padEnd(48)} ${entry.width}×${entry.height}  ${line.join('  ')}`);
}
await page.close();
if (missing) console.log(`real photos not imported (npm run eval:import): ${missing}`);

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const today = results.get('today')!;
/** A photo's IoU or precision has moved when it changes by more than this: the line losses-beyond-noise.ts draws. */
const MOVED = PRECISION_LOSS;
console.log(
  `\n| upload | mean IoU | mean precision | believable | photos losing / gaining believability | precision down / up > ${MOVED} | IoU down > ${MOVED} | median / max upload |`,
);
console.log('|---|---|---|---|---|---|---|---|');
for (const variant of variants) {
  const scores = results.get(variant)!;
  const lostBelief = scores.filter((s, i) => today[i]!.believable && !s.believable).length;
  const gainedBelief = scores.filter((s, i) => !today[i]!.believable && s.believable).length;
  const lessPrecise = scores.filter((s, i) => s.precision < today[i]!.precision - MOVED).length;
  const morePrecise = scores.filter((s, i) => s.precision > today[i]!.precision + MOVED).length;
  const lessIoU = scores.filter((s, i) => s.iou < today[i]!.iou - MOVED).length;
  const bytes = uploadBytes.get(variant)!;
  const moved = (figure: string) => (variant === 'today' ? '-' : figure);
  console.log(
    `| ${variant} | ${mean(scores.map((s) => s.iou)).toFixed(3)} | ${mean(scores.map((s) => s.precision)).toFixed(3)} | ` +
      `${scores.filter((s) => s.believable).length} of ${scores.length} | ${moved(`${lostBelief} / ${gainedBelief}`)} | ` +
      `${moved(`${lessPrecise} / ${morePrecise}`)} | ${moved(String(lessIoU))} | ` +
      `${Math.round(median(bytes) / 1024)} / ${Math.round(Math.max(...bytes) / 1024)} KiB |`,
  );
}
if (withNoise) {
  // Each nudge is counted against the file and the other two nudges, and the upload against the file and each pair
  // of nudges too (the same number of references), then against the file and all three: what an upload loses
  // beyond the noise reads against what an invisible change loses (losses-beyond-noise.ts).
  const judged = (variant: string): JudgedPhoto[] => results.get(variant)!.map((judgement, i) => ({ ...judgement, id: ids[i]! }));
  const beyond = (variant: string, references: string[]) => {
    const lost = lossesBeyondNoise(judged(variant), references.map(judged));
    const names = (list: string[]) => (list.length ? ` (${list.join(', ')})` : '');
    return `believability lost on ${lost.believability.length}${names(lost.believability)}, precision down > ${PRECISION_LOSS} on ${lost.precision.length}${names(lost.precision)}`;
  };
  console.log(`\nBeyond the engine's own noise (worse than the file and every nudge it is set against):`);
  for (const variant of nudgeNames) {
    const others = nudgeNames.filter((name) => name !== variant);
    console.log(`${variant} against today, ${others.join(', ')}: ${beyond(variant, ['today', ...others])}`);
  }
  for (const variant of uploads) {
    for (const left of nudgeNames) {
      const pair = nudgeNames.filter((name) => name !== left);
      console.log(`${variant} against today, ${pair.join(', ')}: ${beyond(variant, ['today', ...pair])}`);
    }
    console.log(`${variant} against today and all three nudges: ${beyond(variant, ['today', ...nudgeNames])}`);
  }
}
